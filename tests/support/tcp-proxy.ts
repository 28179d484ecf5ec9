import { connect, createServer, type Server, type Socket } from 'node:net';

// A loopback TCP proxy in front of a server (PostgreSQL in tests), to take it away and
// give it back as an outage would: cut() drops every connection and refuses new ones on
// the same port; restore() listens there again.

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  let server: Server | null = null;
  const listen = async (port: number) => {
    const next = createServer((client) => {
      const upstream = connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    server = next;
    return (next.address() as { port: number }).port;
  };
  const stop = async () => {
    const current = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (current) await new Promise((resolve) => current.close(resolve));
  };
  const port = await listen(0);
  return {
    port,
    cut: stop,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: stop,
  };
}
