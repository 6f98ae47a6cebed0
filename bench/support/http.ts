import http from 'node:http';

/**
 * A lean keep-alive GET for latency sampling. Node's fetch adds 1–3 ms of its own per call on this
 * machine (measured against wrk: GET /api/csrf-token p50 0.13 ms server-side, 1.3 ms through fetch),
 * which would hide the server's figure we want to see.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function getJson<T>(url: string, cookie: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, accept: 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if ((response.statusCode ?? 500) >= 400)
          reject(new Error(`GET ${url} → ${response.statusCode}: ${text.slice(0, 200)}`));
        else resolve(JSON.parse(text) as T);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * The open-loop client's pool: kept-alive connections without a cap, so every send still unanswered
 * takes a connection of its own (a new one when none is free).
 */
const postAgent = new http.Agent({ keepAlive: true });

/** A POST that got an answer, but not a 2xx one: its status and Retry-After (R-LIMIT-13). */
export class AnswerError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A lean keep-alive POST, the bench's stand-in for a browser's send: the body is built as one buffer.
 * A non-2xx answer rejects with an AnswerError; a connection that fails or is dropped with a plain error.
 * fetch with FormData costs the driver far more CPU per call than the server spends on the send,
 * and on a shared 2-core machine that CPU is taken from the server under test.
 */
function post(
  url: string,
  headers: Record<string, string>,
  contentType: string,
  body: Buffer,
  agent: http.Agent,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': contentType, 'content-length': String(body.length) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 500;
          const retryAfter = response.headers['retry-after'];
          if (status >= 400)
            reject(
              new AnswerError(
                status,
                typeof retryAfter === 'string' ? retryAfter : undefined,
                `POST ${url} → ${status}: ${Buffer.concat(chunks).toString().slice(0, 200)}`,
              ),
            );
          else resolve();
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Text fields as multipart/form-data (what a send with a file looks like, minus the file). */
export function postTextForm(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  agent: http.Agent = postAgent,
): Promise<void> {
  const boundary = `stoopbench${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8');
  return post(url, headers, `multipart/form-data; boundary=${boundary}`, body, agent);
}

/** Fields as JSON (what the web client sends for a message without a file). */
export function postJson(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  agent: http.Agent = postAgent,
): Promise<void> {
  return post(url, headers, 'application/json', Buffer.from(JSON.stringify(fields), 'utf8'), agent);
}
