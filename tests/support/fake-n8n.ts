import { afterAll } from 'vitest';
import { createFakeN8n, type FakeN8n, type FakeN8nOptions } from './fake-n8n-server.ts';

// The fake n8n server (fake-n8n-server.ts) for a vitest file: closed after the file's tests.

export * from './fake-n8n-server.ts';

export async function startFakeN8n(options?: FakeN8nOptions): Promise<FakeN8n> {
  const n8n = await createFakeN8n(options);
  afterAll(() => n8n.close());
  return n8n;
}
