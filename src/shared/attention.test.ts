import { describe, expect, it } from 'vitest';
import {
  type Attention,
  allClear,
  clientBillingHref,
  failuresHref,
  runHref,
  setupComplete,
} from './attention.ts';

const empty = { total: 0, items: [] };
const day = (over: Partial<Attention> = {}): Attention => ({
  failing: empty,
  alerts: empty,
  runs: empty,
  billing: empty,
  requests: empty,
  manualRuns: empty,
  mail: empty,
  enquiries: empty,
  environmentKeys: [],
  setup: { hasClient: false, steps: [] },
  ...over,
});

describe('attention', () => {
  it('says a day is clear only when every section is empty', () => {
    expect(allClear(day())).toBe(true);
    expect(allClear(day({ enquiries: { total: 1, items: [] } }))).toBe(false);
    expect(allClear(day({ manualRuns: { total: 1, items: [] } }))).toBe(false);
  });

  it('shows the checklist until every step is done', () => {
    expect(
      setupComplete([
        { id: 'brand', done: true },
        { id: 'mail', done: false },
      ]),
    ).toBe(false);
    expect(setupComplete([{ id: 'brand', done: true }])).toBe(true);
  });

  it('links to the Runs screen filtered as its address reads it, and to the billing tab', () => {
    const id = '0b4c7f43-5a31-4d8e-9d56-3c8a1f0e2b7a';
    expect(failuresHref(id)).toBe(`/admin/runs?processId=${id}&outcome=failed`);
    expect(runHref(id)).toBe(`/admin/runs?q=${id}`);
    expect(clientBillingHref(id)).toBe(`/admin/clients/${id}#billing`);
  });
});
