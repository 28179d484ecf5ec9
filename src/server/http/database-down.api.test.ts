import { describe, expect, it } from 'vitest';
import { serverMessages } from '#shared/answers.ts';
import { build } from '#test/support/test-app.ts';
import { openTestDatabase } from '#test/support/test-database.ts';

// A database that has gone away under the app (here: closed, as at shutdown or when the
// embedded database stops) answers 503 with Retry-After and a sentence saying the service
// is briefly unavailable, not 500 "Something went wrong". PostgreSQL cut off over the
// network: database-down.pg.test.ts.

const database = await openTestDatabase();
const t = await build({ database });

describe('a database that no longer answers', () => {
  it('gives a signed-in call 503 with Retry-After', async () => {
    const { token } = await t.createUser();
    await database.close();
    const response = await t.injectAs(token, { method: 'GET', url: '/api/legal/defaults' });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: serverMessages.unavailable });
  });
});
