import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { SERVER_DIR } from '../paths.ts';
import { loopbackCertificate } from './certificate.ts';

/** The config operators install (deploy/nginx.conf); the suite runs it with ports and paths changed. */
const SHIPPED_CONFIG = path.join(SERVER_DIR, '..', '..', 'deploy', 'nginx.conf');
export const NGINX_INSTALL = 'apt-get update && apt-get install -y nginx';

/** Debian's nginx binary, or undefined (the suite then says SKIPPED). */
export function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx'])
    if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

export type NginxPorts = { https: number; http: number; instances: [number, number] };

/** `text` with `from` replaced by `to`, exactly `times` times: the shipped config must still have that shape. */
function substitute(text: string, from: string, to: string, times = 1): string {
  const found = text.split(from).length - 1;
  if (found !== times) throw new Error(`deploy/nginx.conf: expected ${times} × "${from}", found ${found}`);
  return text.split(from).join(to);
}

/**
 * deploy/nginx.conf with only ports and paths changed: the instances' ports, the listen ports (on
 * loopback) and the certificate files.
 */
export async function shippedConfig(
  ports: NginxPorts,
  certificate: { cert: string; key: string },
): Promise<string> {
  let text = await readFile(SHIPPED_CONFIG, 'utf8');
  const [a, b] = ports.instances;
  text = substitute(text, '127.0.0.1:3001', `127.0.0.1:${a}`, 2);
  text = substitute(text, '127.0.0.1:3002', `127.0.0.1:${b}`, 2);
  text = substitute(text, 'listen 443 ssl', `listen 127.0.0.1:${ports.https} ssl`);
  text = substitute(text, 'listen 80;', `listen 127.0.0.1:${ports.http};`);
  text = substitute(text, '/etc/ssl/stoop/fullchain.pem', certificate.cert);
  text = substitute(text, '/etc/ssl/stoop/privkey.pem', certificate.key);
  return text;
}

export type Nginx = {
  /** The CA (the self-signed certificate itself) a client must trust for https://127.0.0.1:port. */
  ca: string;
  url: string;
  /** What nginx logged: its error log, and one access line per request (status, upstreams tried). */
  log(): Promise<string>;
  stop(): Promise<void>;
};

/**
 * Starts Debian's nginx in the foreground with a prefix of its own under `dir`: a main file made
 * here (as /etc/nginx/nginx.conf would be) whose `http {}` includes the shipped config, as
 * /etc/nginx/conf.d/*.conf is included. Resolves once it accepts connections.
 */
export async function startNginx(binary: string, dir: string, ports: NginxPorts): Promise<Nginx> {
  await mkdir(path.join(dir, 'logs'), { recursive: true });
  await mkdir(path.join(dir, 'conf'), { recursive: true });
  const pems = await loopbackCertificate();
  const cert = path.join(dir, 'conf', 'fullchain.pem');
  const key = path.join(dir, 'conf', 'privkey.pem');
  await writeFile(cert, pems.cert);
  await writeFile(key, pems.private, { mode: 0o600 });
  await writeFile(path.join(dir, 'conf', 'stoop.conf'), await shippedConfig(ports, { cert, key }));
  const logs = path.join(dir, 'logs');
  // Workers run as root when the test does (the files here are private to it); otherwise as the test's user.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  await writeFile(
    path.join(dir, 'conf', 'nginx.conf'),
    `${user}daemon off;
worker_processes 1;
pid ${logs}/nginx.pid;
error_log ${logs}/error.log warn;
events { worker_connections 1024; }
http {
    log_format upstreams '$status $request_method $uri upstream=$upstream_addr upstream_status=$upstream_status';
    access_log ${logs}/access.log upstreams;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/conf/stoop.conf;
}
`,
  );
  let output = '';
  const child: ChildProcess = spawn(
    binary,
    ['-p', dir, '-c', path.join(dir, 'conf', 'nginx.conf'), '-e', path.join(logs, 'startup.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const read = async (file: string) => readFile(path.join(logs, file), 'utf8').catch(() => '');
  const log = async () =>
    `${output}${await read('startup.log')}${await read('error.log')}${await read('access.log')}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${await log()}`);
    if (await accepts(ports.https)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen within 20 s:\n${await log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    ca: pems.cert,
    url: `https://127.0.0.1:${ports.https}`,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT'); // nginx's graceful stop
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
