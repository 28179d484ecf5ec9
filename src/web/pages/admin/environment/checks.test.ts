import { describe, expect, it } from 'vitest';
import { checkGroups, groupChecks, groupSummaryText, summaryText } from './checks.ts';

const pass = { ok: true, details: 'fine' };
const fail = { ok: false, details: 'refused' };
const unset = { ok: true, configured: false, details: 'not set' };

describe('environment checks', () => {
  it('puts the eleven keys of SPEC §3 in the four groups of SPEC §2', () => {
    expect(checkGroups.map((g) => g.title)).toEqual([
      'Database',
      'Card payment provider',
      'Workflow engine',
      'App',
    ]);
    expect(checkGroups.flatMap((g) => g.keys.map((k) => k.key))).toEqual([
      'mongo',
      'mongoUriPresent',
      'stripe',
      'stripeWebhook',
      'n8nApiUrl',
      'n8nApiKey',
      'n8nRailwayUrl',
      'emailUser',
      'emailPassword',
      'jwtSecret',
      'frontendUrl',
    ]);
  });

  it('groups an answer, keeping unknown keys and dropping empty groups', () => {
    const groups = groupChecks({ mongo: pass, stripe: fail, extra: pass });
    expect(groups.map((g) => [g.title, g.checks.map((c) => c.key)])).toEqual([
      ['Database', ['mongo']],
      ['Card payment provider', ['stripe']],
      ['Other checks', ['extra']],
    ]);
    expect(groups[0]?.checks[0]).toEqual({
      key: 'mongo',
      label: 'Database answers a query',
      ok: true,
      details: 'fine',
    });
  });

  it('sums up how many pass', () => {
    expect(summaryText([pass, pass])).toBe('All 2 checks pass');
    expect(summaryText([pass, fail, pass])).toBe('1 check fails, 2 pass');
    expect(summaryText([fail, fail, unset])).toBe('2 checks fail, 0 pass, 1 not configured');
  });

  it('counts an optional integration left unset as not configured, never as a failure', () => {
    expect(summaryText([pass, unset, unset])).toBe('No failures: 1 pass, 2 not configured');
    expect(groupSummaryText([unset, unset])).toBe('Not configured');
    expect(groupSummaryText([pass, unset])).toBe('1 of 1 pass, 1 not configured');
    expect(groupSummaryText([pass, fail])).toBe('1 of 2 pass');
  });
});
