import { Readable } from 'node:stream';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MessageSchema } from '#shared/answers.ts';
import { defineRoute } from '#shared/api/route.ts';
import { noteRoutes, registeredRoutes, serve } from './serve.ts';

// serve() on a bare Fastify with public routes of a made-up table: the status a route
// declares, a reply the handler sends itself, the schemas checking the request, and the
// note the authorization matrix reads. The guards of the other audiences are checked
// route by route on the real app (tests/api/authorization-matrix.test.ts). The lines
// marked as expected type errors must stay errors: a handler that does not fit its route
// cannot compile.

const ThingSchema = z.object({ id: z.string(), name: z.string() });
const table = {
  create: defineRoute({
    method: 'POST',
    path: '/api/things',
    audience: 'public',
    tags: ['test'],
    body: z.object({ name: z.string().min(1) }),
    responses: { 201: ThingSchema },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/api/things/:id',
    audience: 'public',
    tags: ['test'],
    params: z.object({ id: z.string().max(3) }),
    responses: { 200: ThingSchema },
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/things.csv',
    audience: 'public',
    tags: ['test'],
    produces: ['text/csv'],
    responses: {},
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/things/:id',
    audience: 'public',
    tags: ['test'],
    params: z.object({ id: z.string() }),
    responses: { 200: MessageSchema },
  }),
};

const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
noteRoutes(app);
serve(app, table.create, async (request) => ({ id: 't1', name: request.body.name }));
serve(app, table.read, async (request) => ({ id: request.params.id, name: 'Read', extra: 1 }));
serve(app, table.file, async (_request, reply) =>
  reply.type('text/csv').send(Readable.from(['a,b\n', '1,2\n'])),
);
serve(app, table.remove, { config: { logPathOnly: true } }, async () => ({ message: 'Gone.' }));
app.get('/api/old-way', async () => 'old');
afterAll(() => app.close());

describe('serve', () => {
  it("answers with the route's one 2xx status: 201 for a route that creates", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { name: 'A' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 't1', name: 'A' });
    const read = await app.inject({ method: 'GET', url: '/api/things/abc' });
    expect(read.statusCode).toBe(200);
    // The answer's schema decides what goes out.
    expect(read.json()).toEqual({ id: 'abc', name: 'Read' });
  });

  it('checks params and body with the route’s schemas before the handler runs', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/things/abcd' })).statusCode).toBe(400);
    const empty = await app.inject({ method: 'POST', url: '/api/things', payload: { name: '' } });
    expect(empty.statusCode).toBe(400);
  });

  it('leaves a reply the handler sent itself alone (a file as it streams)', async () => {
    const file = await app.inject({ method: 'GET', url: '/api/things.csv' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv');
    expect(file.body).toBe('a,b\n1,2\n');
  });

  it('notes which routes serve the table, and which were registered the old way', async () => {
    await app.ready();
    const noted = registeredRoutes(app).map((r) => [`${r.method} ${r.url}`, r.apiRoute]);
    expect(noted).toEqual([
      ['POST /api/things', table.create],
      ['GET /api/things/:id', table.read],
      ['GET /api/things.csv', table.file],
      ['DELETE /api/things/:id', table.remove],
      ['GET /api/old-way', undefined],
    ]);
  });

  it('refuses at compile time a handler that does not fit its route', () => {
    const never = () => {
      // @ts-expect-error a thing has a name
      serve(app, table.read, async () => ({ id: 'x' }));
      // @ts-expect-error the params hold id, not name
      serve(app, table.read, async (request) => ({ id: request.params.name, name: 'x' }));
      // @ts-expect-error a file route's handler sends the reply itself
      serve(app, table.file, async () => 'a,b');
    };
    expect(never).toBeTypeOf('function');
  });
});
