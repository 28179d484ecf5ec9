import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorCode } from '#server/domain/errors.ts';
import { runRefused } from '#server/domain/runs/refusal.ts';
import type { RunRefusalCode } from '#shared/run-policy.ts';
import { registerErrorHandling } from './errors.ts';

// The domain throws a code and the sentence the client reads; the edge alone picks the
// status, and the answer is { message, errors } as for any other refusal.

const app = Fastify();
registerErrorHandling(app);
let thrown: Error = new Error('nothing thrown yet');
app.get('/throws', async () => {
  throw thrown;
});
afterAll(() => app.close());

async function answerTo(error: Error) {
  thrown = error;
  const res = await app.inject({ method: 'GET', url: '/throws' });
  return { status: res.statusCode, body: res.json() };
}

describe('a domain error at the edge', () => {
  const statuses: [DomainErrorCode, number][] = [
    ['invalid', 400],
    ['forbidden', 403],
    ['not-found', 404],
    ['conflict', 409],
    ['payment-required', 402],
    ['rate-limited', 429],
  ];
  it.each(statuses)('answers %s with %i and its message', async (code, status) => {
    expect(await answerTo(new DomainError(code, 'Not like this.'))).toEqual({
      status,
      body: { message: 'Not like this.' },
    });
  });

  it('keeps the message of each field', async () => {
    const errors = { clientUserId: 'Choose an existing client.' };
    expect(
      await answerTo(new DomainError('invalid', 'Choose an existing client.', errors)),
    ).toEqual({ status: 400, body: { message: 'Choose an existing client.', errors } });
  });
});

describe('a refused run at the edge', () => {
  const statuses: [RunRefusalCode, number][] = [
    ['plan', 403],
    ['team-role', 403],
    ['subscription', 402],
    ['paused', 409],
    ['not-connected', 409],
  ];
  it.each(statuses)('answers %s with %i and mayRun’s sentence', async (code, status) => {
    const refusal = { allowed: false as const, code, reason: 'Not now.' };
    expect(await answerTo(runRefused(refusal))).toEqual({ status, body: { message: 'Not now.' } });
  });

  it('shows a cron closer than the plan allows on the cron field', async () => {
    const reason = 'Your plan runs schedules at most every 60 minutes.';
    const refusal = { allowed: false as const, code: 'interval' as const, reason };
    expect(await answerTo(runRefused(refusal))).toEqual({
      status: 400,
      body: { message: reason, errors: { cron: reason } },
    });
  });
});
