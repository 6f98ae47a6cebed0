/**
 * A plain static file server for a built web app on another origin (as the native apps serve their
 * bundled files from `https://localhost` / `capacitor://localhost`): files as they are, and
 * index.html for any other path, as the app's router expects. No API, no proxy.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  origin: string;
  stop: () => Promise<void>;
}

/** Serves `dir` on `host:port`, over TLS with `tls` given; resolves once listening. */
export function serveStatic(
  dir: string,
  host: string,
  port: number,
  tls?: { cert: string; key: string },
): Promise<StaticServer> {
  const handle: RequestListener = (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dir, 'index.html');
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  };
  const server: Server = tls ? createHttpsServer(tls, handle) : createHttpServer(handle);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        origin: `${tls ? 'https' : 'http'}://${host}:${port}`,
        stop: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
