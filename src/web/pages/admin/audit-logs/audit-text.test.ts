import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/audit.ts';
import { detailsText, previewOf, searchEntries } from './audit-text.ts';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: 'e',
  createdAt: '2025-03-05T10:00:00.000Z',
  level: 'info',
  source: 'auth',
  message: 'Signed in',
  userId: null,
  actorId: null,
  processId: null,
  ip: null,
  details: null,
  userName: null,
  processName: null,
  cursor: '2025-03-05T10:00:00.000000Z|00000000-0000-4000-8000-000000000001',
  ...over,
});

describe('audit entry text', () => {
  it('reads details as key: value pairs', () => {
    expect(detailsText({ trigger: 'manual', status: 500, extra: { a: 1 } })).toBe(
      'trigger: manual · status: 500 · extra: {"a":1}',
    );
    expect(detailsText(null)).toBe('');
  });

  it('cuts long text at 300 characters and says so', () => {
    expect(previewOf('short')).toEqual({ text: 'short', truncated: false });
    expect(previewOf('x'.repeat(300))).toEqual({ text: 'x'.repeat(300), truncated: false });
    const long = previewOf('x'.repeat(301));
    expect(long).toEqual({ text: `${'x'.repeat(300)}…`, truncated: true });
  });

  it('searches message, source, user, process and details, every word, any case', () => {
    const entries = [
      entry({
        _id: 'a',
        message: 'Run of "Nightly" failed',
        source: 'runs',
        processName: 'Nightly',
      }),
      entry({ _id: 'b', userName: 'Casey Client', source: 'auth' }),
      entry({ _id: 'c', details: { snippet: 'Gateway TIMEOUT' }, source: 'runs' }),
    ];
    const ids = (search: string) => searchEntries(entries, search).map((e) => e._id);
    expect(ids('')).toEqual(['a', 'b', 'c']);
    expect(ids('nightly')).toEqual(['a']);
    expect(ids('casey')).toEqual(['b']);
    expect(ids('timeout')).toEqual(['c']);
    expect(ids('runs')).toEqual(['a', 'c']);
    expect(ids('runs   gateway')).toEqual(['c']);
    expect(ids('nothing-like-this')).toEqual([]);
  });
});
