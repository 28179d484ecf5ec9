import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

// A real HTTP server on loopback standing in for n8n webhooks. Paths choose the answer:
//   /ok/...      200 with a JSON body      /fail/...  500 with a text body
//   /slow/...    answers after 5 s         /status/NNN/...  answers NNN
//   /hold/...    answers 200 when the test calls releaseHeld()
// Every request is recorded for assertions.

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeN8n {
  url(path: string): string;
  received: ReceivedRequest[];
  /** Requests whose path starts with `prefix`. */
  to(prefix: string): ReceivedRequest[];
  /** Answers every /hold/ request waiting so far; returns how many. */
  releaseHeld(): number;
}

export async function startFakeN8n(): Promise<FakeN8n> {
  const received: ReceivedRequest[] = [];
  const held: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const status = /^\/status\/(\d{3})/.exec(path)?.[1];
      if (path.startsWith('/hold')) {
        held.push(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('released'));
      } else if (path.startsWith('/slow')) {
        setTimeout(() => res.end('late'), 5_000).unref();
      } else if (path.startsWith('/fail')) {
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`workflow crashed ${'x'.repeat(400)}`);
      } else if (status) {
        res.writeHead(Number(status), { 'content-type': 'text/plain' }).end(`answered ${status}`);
      } else {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ received: true, path }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    to: (prefix) => received.filter((r) => r.path.startsWith(prefix)),
    releaseHeld: () => {
      const waiting = held.splice(0);
      for (const answer of waiting) answer();
      return waiting.length;
    },
  };
}
