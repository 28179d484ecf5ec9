import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

// Which failures mean "the database is out of reach for now" (a 503 worth retrying), as
// pg, pg-pool and PGlite report them, however deep a driver or Drizzle wraps them.

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a timed-out connection', withCode('ETIMEDOUT')],
    ['an administrator shutdown (57P01)', withCode('57P01', 'terminating connection')],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', withCode('08006', 'connection failure')],
    ['a connection cut', new Error('Connection terminated unexpectedly')],
    ['a connection ended', new Error('Connection terminated')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    [
      'a broken client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a pool already ended', new Error('Cannot use a pool after calling end on the pool')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['one wrapped by Drizzle', wrapped(withCode('ECONNREFUSED'))],
    ['several addresses refused', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['bad input for a uuid', wrapped(withCode('22P02', 'invalid input syntax for type uuid'))],
    ['a bug', new TypeError('Cannot read properties of undefined')],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
