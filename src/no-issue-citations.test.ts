import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A reader of the repository has no tracker to follow an issue number to, so no comment,
// doc, test name or string cites one: it says the why in its own words, or names the
// decision record that holds it (docs/decisions/NNN-title.md). Every file git tracks (or
// would track) is read, but for these, which stay as they are:
const leftAsTheyAre = [
  // Byte-for-byte copies of ../shared/SPEC.md and ../shared/DESIGN.md (docs-in-repo.test.ts).
  /^docs\/(spec|design)\.md$/,
];

/**
 * The word issue (or issues) and a number, whatever stands between them (a hash, a colon,
 * a parenthesis, a line break in a comment), or a hash before the word. Its own text here
 * cites nothing: a bracket keeps the hash from touching the word.
 */
const citation = /[#]issues?\b|\bissues?\b(?:\s|[#:(-]|\/+|\/?\*+|<!--|no\.|number)*\d+/gi;

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\n'))].filter(
    (file) => file && existsSync(file) && !leftAsTheyAre.some((rule) => rule.test(file)),
  );
}

/** Each citation in the repository as "file:line: text". */
function citations(): string[] {
  const found: string[] = [];
  for (const file of repositoryFiles()) {
    const bytes = readFileSync(file);
    if (bytes.includes(0)) continue; // images, fonts and other binaries
    const text = bytes.toString('utf8');
    const lines = text.split('\n');
    for (const match of text.matchAll(citation)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line}: ${lines[line - 1]!.trim().slice(0, 100)}`);
    }
  }
  return found;
}

describe('no file cites an issue number', () => {
  it('the pattern finds the usual ways of citing one, and not zod issues or an issued invoice', () => {
    const word = 'issue';
    const cited = [
      `(${word} 17)`,
      `${word}s 11–19`,
      `${word.toUpperCase()} #4`,
      `see #${word}`,
      `its search (${word}\n    // 18: trigram indexes)`,
      `/** Kept (${word}\n * 18). */`,
    ];
    const clean = [
      'error.issues[0]?.message',
      'for (const issue of result.error.issues)',
      'an invoice issued 14 days ago',
      'due 14 days after issue (a preset wins)',
    ];
    expect(cited.filter((text) => !text.match(citation))).toEqual([]);
    expect(clean.filter((text) => text.match(citation))).toEqual([]);
  });

  it('no tracked source, test or doc file cites one: say why, or name the decision record', () => {
    expect(citations()).toEqual([]);
  });
});
