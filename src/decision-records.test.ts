import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The decision records are read by someone asking "why is it like this?": docs/README.md
// lists each one with its status, and a record that a later one supersedes or amends says
// so in its own status line, so a reader who opens the older one is sent on. Either side
// naming the other in its status is the link, and the other side must name it back.

const dir = 'docs/decisions';
const template = '000-template.md';
const statuses = ['proposed', 'accepted', 'superseded', 'rejected'];

interface DecisionRecord {
  file: string;
  number: string;
  text: string;
  /** The status line, wrapped lines joined. */
  status: string;
}

function readRecords(): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file) && file !== template)
    .sort()
    .map((file) => {
      const text = readFileSync(`${dir}/${file}`, 'utf8');
      const status = text.match(/^- Status: (.+(?:\n {2}.+)*)/m)?.[1] ?? '';
      return { file, number: file.slice(0, 3), text, status: status.replace(/\s+/g, ' ') };
    });
}

/** The other records a status line names (three-digit numbers). */
const named = (record: DecisionRecord, numbers: Set<string>) =>
  [...record.status.matchAll(/\b(\d{3})\b/g)]
    .map((match) => match[1]!)
    .filter((number) => number !== record.number && numbers.has(number));

describe('the decision records', () => {
  const records = readRecords();
  const numbers = new Set(records.map((record) => record.number));
  const index = readFileSync('docs/README.md', 'utf8');

  it('each has its number in its title, a date and a status of a known kind', () => {
    expect(records.length).toBeGreaterThan(20);
    const wrong = records.filter(
      ({ number, text, status }) =>
        !text.startsWith(`# ${number}: `) ||
        !/^- Date: \d{4}-\d{2}-\d{2}$/m.test(text) ||
        !statuses.includes(status.split(/[ ;,(]/)[0]!),
    );
    expect(wrong.map((record) => record.file)).toEqual([]);
  });

  it('docs/README.md lists each with its status, and no record that is not there', () => {
    const rows = new Map(
      [...index.matchAll(/^\|.*\]\(decisions\/([^)]+)\).*$/gm)].map((match) => [
        match[1]!,
        match[0],
      ]),
    );
    const missing = records.filter(({ file, status }) => {
      const row = rows.get(file);
      return !row?.includes(status.split(/[ ;,(]/)[0]!);
    });
    expect(missing.map((record) => record.file)).toEqual([]);
    const gone = [...rows.keys()].filter((file) => !existsSync(`${dir}/${file}`));
    expect(gone).toEqual([]);
  });

  it('a record superseded or amended says by which, and the later one says which it changes', () => {
    const byNumber = new Map(records.map((record) => [record.number, record]));
    const oneSided = records.flatMap((record) =>
      named(record, numbers)
        .filter((other) => !named(byNumber.get(other)!, numbers).includes(record.number))
        .map(
          (other) => `${record.number} names ${other} in its status, ${other} not ${record.number}`,
        ),
    );
    expect(oneSided).toEqual([]);
  });

  it('a template for new records has their parts and says how to supersede', () => {
    const text = readFileSync(`${dir}/${template}`, 'utf8');
    for (const part of ['- Date:', '- Status:', '## Context', '## Decision', '## Consequences'])
      expect(text).toContain(part);
    expect(text).toMatch(/superseded by NNN/);
  });
});
