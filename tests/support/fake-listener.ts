import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook listener on loopback whose port is known before it listens: it starts down
// (nothing accepts on the port, so a call is refused), then up() makes it answer with a
// status the test chooses. Every request it answered is recorded.

export interface HeardRequest {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status it was answered with. */
  status: number;
}

export interface FakeListener {
  url(path: string): string;
  /** Starts listening (once), answering `status` from now on. */
  up(status: number): Promise<void>;
  heard: HeardRequest[];
  close(): Promise<void>;
}

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startDownListener(): Promise<FakeListener> {
  const port = await freePort();
  const heard: HeardRequest[] = [];
  let status = 200;
  let server: Server | null = null;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    heard,
    async up(next) {
      status = next;
      if (server) return;
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          heard.push({ headers: request.headers, body: Buffer.concat(chunks).toString(), status });
          response.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
        });
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      const open = server;
      if (!open) return;
      open.closeAllConnections();
      await new Promise((resolve) => open.close(resolve));
    },
  };
}
