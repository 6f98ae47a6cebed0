import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page of the test server: what it answers at one path. */
export type TestPage = {
  status?: number;
  type?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Milliseconds before the answer starts (a slow page); Infinity never answers. */
  delayMs?: number;
  /** Sends the body without a Content-Length, in pieces, this many milliseconds apart. */
  trickleMs?: number;
};

/**
 * A real HTTP server on 127.0.0.1 serving the pages a test gives it (R-PREVIEW-2): link previews are
 * fetched from it over the network as from any site. Counts the requests each path received.
 */
export async function startPageServer(pages: Record<string, TestPage>) {
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = pages[path];
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    const answer = () => {
      if (page.trickleMs) {
        response.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html', ...page.headers });
        const timer = setInterval(() => response.write('<!-- still coming -->'), page.trickleMs);
        response.on('close', () => clearInterval(timer));
        return;
      }
      response.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html', ...page.headers });
      response.end(page.body ?? '');
    };
    if (page.delayMs === Infinity) return;
    if (page.delayMs) setTimeout(answer, page.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits: (path: string) => hits.get(path) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An HTML page with Open Graph tags, as a site's article page has them. */
export function ogPage(fields: {
  title: string;
  description?: string;
  site?: string;
  image?: string;
}): string {
  const meta = (property: string, content: string | undefined) =>
    content === undefined ? '' : `<meta property="${property}" content="${content}">`;
  return `<!doctype html><html><head><title>Not the og title</title>
${meta('og:title', fields.title)}${meta('og:description', fields.description)}
${meta('og:site_name', fields.site)}${meta('og:image', fields.image)}
</head><body><h1>${fields.title}</h1></body></html>`;
}
