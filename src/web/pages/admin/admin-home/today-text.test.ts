import { describe, expect, it } from 'vitest';
import { setupStepIds } from '#shared/attention.ts';
import {
  failingChecks,
  inARowText,
  moreText,
  setupProgress,
  setupStepTexts,
} from './today-text.ts';

describe("Today's words", () => {
  it('counts failures in a row and what a section leaves out', () => {
    expect(inARowText(1)).toBe('1 failure');
    expect(inARowText(3)).toBe('3 in a row');
    expect(moreText(10, 10)).toBe('');
    expect(moreText(1234, 10)).toBe('and 1,224 more');
  });

  it('names every checklist step and counts those done', () => {
    for (const id of setupStepIds) expect(setupStepTexts[id].title).not.toBe('');
    expect(setupProgress([{ done: true }, { done: false }, { done: true }])).toBe('2 of 3 done');
  });

  it('keeps only the failing checks this configuration uses, in its order', () => {
    const checks = {
      mongo: { ok: true, details: 'PGlite answered.' },
      mongoUriPresent: { ok: false, details: 'DATABASE_URL is not set.' },
      jwtSecret: { ok: false, details: 'JWT_SECRET is weak.' },
      frontendUrl: { ok: false, details: 'PUBLIC_URL is not https.' },
    };
    expect(failingChecks(checks, ['mongo', 'frontendUrl', 'jwtSecret'])).toEqual([
      { key: 'frontendUrl', ok: false, details: 'PUBLIC_URL is not https.' },
      { key: 'jwtSecret', ok: false, details: 'JWT_SECRET is weak.' },
    ]);
  });
});
