/**
 * A file a request brought in, as the services take it: the request edge (./http/multipart.ts)
 * streams it to UPLOAD_DIR/incoming (`path`), `size` bytes long, and the service that keeps it moves
 * it. Here rather than in the edge, so the services that take one do not import request code.
 */
export type UploadedFile = { fieldName: string; fileName: string; path: string; size: number };
