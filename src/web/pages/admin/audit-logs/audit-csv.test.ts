import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/audit.ts';
import { auditCsv, csvCell, csvFilename } from './audit-csv.ts';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: 'e1',
  createdAt: '2025-03-05T10:00:00.000Z',
  level: 'error',
  source: 'runs',
  message: 'Run of "Sync" failed',
  userId: 'u1',
  actorId: null,
  processId: 'p1',
  ip: '203.0.113.7',
  details: { status: 500, snippet: 'line one\nline, two' },
  userName: 'Casey Client',
  processName: 'Sync',
  cursor: '2025-03-05T10:00:00.000000Z|00000000-0000-4000-8000-000000000001',
  ...over,
});

/** A minimal RFC 4180 reader, to prove the file reads back to the same values. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('audit CSV', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell(null)).toBe('""');
  });

  it('keeps spreadsheet formulas from running', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-1+2')).toBe('"\'-1+2"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
  });

  it('writes a header and exactly the given rows, which read back to the same values', () => {
    const csv = auditCsv([
      entry(),
      entry({ _id: 'e2', level: 'info', details: null, userName: null }),
    ]);
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([
      'Time',
      'Level',
      'Source',
      'Message',
      'User',
      'User ID',
      'Process',
      'Process ID',
      'IP',
      'Details',
    ]);
    expect(rows[1]).toEqual([
      '2025-03-05T10:00:00.000Z',
      'error',
      'runs',
      'Run of "Sync" failed',
      'Casey Client',
      'u1',
      'Sync',
      'p1',
      '203.0.113.7',
      '{"status":500,"snippet":"line one\\nline, two"}',
    ]);
    // Without a name the user column falls back to the id; no details, an empty cell.
    expect(rows[2]?.[4]).toBe('u1');
    expect(rows[2]?.[9]).toBe('');
    expect(auditCsv([])).toBe(
      '"Time","Level","Source","Message","User","User ID","Process","Process ID","IP","Details"\r\n',
    );
  });

  it('names the file after the date', () => {
    expect(csvFilename(new Date(2025, 2, 5, 23, 59))).toBe('audit-logs-2025-03-05.csv');
  });
});
