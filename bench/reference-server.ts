/**
 * The reference of `npm run bench:chat` (BENCH_DB=…,reference): a bare Socket.IO server that
 * inserts each message in PostgreSQL with the same driver, the yardstick the performance goals are
 * set against ("server + database CPU per delivered message at most 1.5× the reference's").
 *
 * What it does, and all it does: node's http server, socket.io (the server's own version) with its
 * defaults on the same server, a `pg` Pool of 10 connections (as the server's). A socket joins the
 * room its handshake names (`?conversation=<id>`). POST /api/conversations/<id>/messages takes the
 * JSON body the web client sends for a text message ({content, clientMessageId}), inserts one row
 * (serial id, conversation, author, body, clientMessageId, created_at), emits
 * `message:new` {message: row} to the conversation's room and answers 201 with the row.
 *
 * What it deliberately leaves out, so a reader knows what the ratio to it means: no sessions or
 * authentication (the author is whatever the `user` cookie says, the socket is not checked at
 * all), no CSRF check, no validation of the body beyond its being JSON (a wrong shape is a 500 or a row of nonsense), no
 * access rules (anyone may post to and listen in any conversation), no idempotency (a repeated
 * clientMessageId is a second row), no conversations table, no index but the primary key, no
 * change feed or sequence numbers, no rate limits or admission (R-LIMIT-13), no per-viewer copies,
 * no notifications, push, mail or link previews, no write batching of the sockets, no logging.
 *
 * Env: DATABASE_URL (a scratch database: the table is made at start), PORT, HOST.
 * Built and started by bench/chat-reference.ts with the server's node flags and environment.
 */
import http from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, idleTimeoutMillis: 0 });
await pool.query(`CREATE TABLE IF NOT EXISTS messages (
  id serial PRIMARY KEY,
  conversation_id uuid NOT NULL,
  author text NOT NULL,
  body text NOT NULL,
  client_message_id text,
  created_at timestamptz NOT NULL DEFAULT now()
)`);

const INSERT = `INSERT INTO messages (conversation_id, author, body, client_message_id)
  VALUES ($1, $2, $3, $4)
  RETURNING id, conversation_id AS "conversationId", author, body,
    client_message_id AS "clientMessageId", created_at AS "createdAt"`;
type Row = {
  id: number;
  conversationId: string;
  author: string;
  body: string;
  clientMessageId: string;
  createdAt: Date;
};
const SEND_PATH = /^\/api\/conversations\/([0-9a-f-]{36})\/messages$/;

const server = http.createServer((request, response) => {
  const match = request.method === 'POST' ? SEND_PATH.exec(request.url ?? '') : null;
  if (!match) {
    response.writeHead(404).end();
    return;
  }
  const conversationId = match[1] as string;
  const author = /(?:^|; )user=([^;]*)/.exec(request.headers.cookie ?? '')?.[1] ?? 'anonymous';
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let body: { content: string; clientMessageId: string };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
    } catch {
      response.writeHead(400).end();
      return;
    }
    pool.query<Row>(INSERT, [conversationId, author, body.content, body.clientMessageId]).then(
      ({ rows: [row] }) => {
        io.to(conversationId).emit('message:new', { message: row });
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ message: row }));
      },
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
});

const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => {
  const room = socket.handshake.query.conversation;
  if (typeof room === 'string') void socket.join(room);
});

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  console.log(`reference listening on ${typeof address === 'object' && address ? address.port : '?'}`);
});
process.on('SIGTERM', () => {
  void io.close();
  void pool.end().then(() => process.exit(0));
});
