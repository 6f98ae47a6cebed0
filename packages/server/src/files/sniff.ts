/**
 * Content type from the bytes, never from the client's claim (R-UPLOAD-2). Recognises the
 * types residents actually share; anything else is served as an opaque download.
 */
export type SniffedType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/webp'
  | 'application/pdf'
  | 'application/zip'
  | 'video/mp4'
  | 'audio/mpeg'
  | 'text/plain'
  | 'application/octet-stream';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffType(bytes: Uint8Array): SniffedType {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return 'application/zip';
  }
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'video/mp4';
  // MP3: an ID3 tag, or a bare MPEG audio frame sync (11 set bits).
  if (
    startsWith(bytes, ascii('ID3')) ||
    (bytes.length > 1 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)
  ) {
    return 'audio/mpeg';
  }
  if (looksLikeText(bytes)) return 'text/plain';
  return 'application/octet-stream';
}

export const isImage = (type: string) =>
  type === 'image/png' || type === 'image/jpeg' || type === 'image/gif' || type === 'image/webp';

/** Valid UTF-8 without control characters other than tab, newline and carriage return. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  const sample = bytes.subarray(0, 8192);
  for (const b of sample) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  }
  try {
    // A multibyte character cut at the sample's end is fine; only invalid sequences before it are not.
    new TextDecoder('utf-8', { fatal: true }).decode(
      sample.length < bytes.length ? sample.subarray(0, sample.length - 4) : sample,
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Bytes that run or render when opened, whatever the file is called: Windows (MZ),
 * Linux (ELF) and macOS (Mach-O, universal) programs, `#!` scripts and HTML pages.
 */
export function isExecutableContent(bytes: Uint8Array): boolean {
  if (startsWith(bytes, ascii('MZ')) || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return true;
  const machO = [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
  ];
  if (machO.some((signature) => startsWith(bytes, signature))) return true;
  if (startsWith(bytes, ascii('#!'))) return true;
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return /^<(?:!doctype html|html|script|svg|\?xml[^>]*>\s*<svg)/.test(head);
}
