import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { WrittenBackup } from './backup-files.ts';
import { OpsError } from './data-dir.ts';

// The server's control socket (docs/decisions/011-backups.md): a Unix socket at
// DATA_DIR/run/server.sock, in a directory only the owner may enter (0700), the socket
// itself 0600. Whoever can connect can read DATA_DIR anyway, so it grants nothing new.
// One request per connection, one JSON line each way; the only command is a backup.

export const controlSocketPath = (dataDir: string) => join(resolve(dataDir), 'run', 'server.sock');

/** sun_path holds 108 bytes on Linux, the terminating NUL included. */
const MAX_SOCKET_PATH_BYTES = 107;
const MAX_REQUEST_BYTES = 64 * 1024;
const REQUEST_TIMEOUT_MS = 10_000;

const BackupRequestSchema = z.object({
  command: z.literal('backup'),
  dir: z.string().min(1).refine(isAbsolute, 'must be an absolute path'),
  keep: z.number().int().min(1).max(10_000),
});
export type BackupRequest = Omit<z.infer<typeof BackupRequestSchema>, 'command'>;

type Answer = { ok: true; backup: WrittenBackup } | { ok: false; error: string };

export interface ControlHandlers {
  backup(request: BackupRequest): Promise<WrittenBackup>;
}

/** Listens on DATA_DIR/run/server.sock; the server holds the DATA_DIR lock meanwhile. */
export async function startControlSocket(
  dataDir: string,
  handlers: ControlHandlers,
  log?: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    log?.warn(
      { path },
      'DATA_DIR is too long a path for the control socket: npm run db:backup needs this server stopped',
    );
    return { close: async () => {} };
  }
  const runDir = join(resolve(dataDir), 'run');
  mkdirSync(runDir, { recursive: true, mode: 0o700 });
  chmodSync(runDir, 0o700);
  rmSync(path, { force: true }); // left by a server that stopped without cleaning up

  const server = createServer((socket) => serve(socket, handlers, log));
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      done();
    });
  });
  chmodSync(path, 0o600);
  server.on('error', (error) => log?.error({ err: error }, 'control socket error'));
  return {
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(path, { force: true });
    },
  };
}

function serve(socket: Socket, handlers: ControlHandlers, log?: FastifyBaseLogger) {
  let buffered = '';
  let handled = false;
  const answer = (value: Answer) => {
    if (!socket.destroyed) socket.end(`${JSON.stringify(value)}\n`);
  };
  socket.setEncoding('utf8');
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => {
    if (!handled) socket.destroy();
  });
  socket.on('error', () => {}); // the client went away; nothing to tell anyone
  socket.on('data', (chunk: string) => {
    if (handled) return;
    buffered += chunk;
    if (buffered.length > MAX_REQUEST_BYTES) {
      handled = true;
      answer({ ok: false, error: 'request too large' });
      return;
    }
    const end = buffered.indexOf('\n');
    if (end === -1) return;
    handled = true;
    socket.setTimeout(0); // a backup of a large database takes a while
    let request: z.infer<typeof BackupRequestSchema>;
    try {
      request = BackupRequestSchema.parse(JSON.parse(buffered.slice(0, end)));
    } catch {
      answer({ ok: false, error: 'not a request this server understands' });
      return;
    }
    handlers.backup({ dir: request.dir, keep: request.keep }).then(
      (backup) => {
        log?.info({ file: backup.file, bytes: backup.bytes }, 'backup written (npm run db:backup)');
        answer({ ok: true, backup });
      },
      (error: unknown) => {
        log?.error({ err: error }, 'backup failed (npm run db:backup)');
        answer({ ok: false, error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
}

/**
 * Asks the server running on `dataDir` for a backup. Null when no server listens there
 * (no socket, or one left behind by a server that has gone).
 */
export function requestBackup(
  dataDir: string,
  request: BackupRequest,
): Promise<WrittenBackup | null> {
  const path = controlSocketPath(dataDir);
  return new Promise((done, fail) => {
    let connected = false;
    let received = '';
    const socket = createConnection(path);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ command: 'backup', ...request })}\n`);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) done(null);
      else fail(new OpsError(`Could not reach the server on ${path}: ${error.message}`));
    });
    socket.on('close', () => {
      if (!connected) return; // 'error' settled it
      const line = received.split('\n')[0] ?? '';
      let answer: Answer;
      try {
        answer = JSON.parse(line) as Answer;
      } catch {
        fail(new OpsError('The server closed the control socket without an answer.'));
        return;
      }
      if (answer.ok) done(answer.backup);
      else fail(new OpsError(`The server could not take the backup: ${answer.error}`));
    });
  });
}
