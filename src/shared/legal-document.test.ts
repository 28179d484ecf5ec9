import { describe, expect, it } from 'vitest';
import { fileStem, parseDocument } from './legal-document.ts';

describe('parseDocument', () => {
  it('keeps the title, headings, list items and paragraphs with their line breaks', () => {
    const blocks = parseDocument(
      '# Mutual NDA\n\nIntro line one\ncontinues.\n\n## 1. Purpose\n### Detail\n- first\n- second\n\nSigned\nBy: ____\r\n',
    );
    expect(blocks).toEqual([
      { type: 'title', text: 'Mutual NDA' },
      { type: 'paragraph', lines: ['Intro line one', 'continues.'] },
      { type: 'heading', text: '1. Purpose' },
      { type: 'subheading', text: 'Detail' },
      { type: 'bullet', text: 'first' },
      { type: 'bullet', text: 'second' },
      { type: 'paragraph', lines: ['Signed', 'By: ____'] },
    ]);
  });

  it('reads plain text as paragraphs', () => {
    expect(parseDocument('One.\n\n\nTwo.')).toEqual([
      { type: 'paragraph', lines: ['One.'] },
      { type: 'paragraph', lines: ['Two.'] },
    ]);
  });
});

describe('fileStem', () => {
  it('makes a safe ASCII file name', () => {
    expect(fileStem('Mutual Non-Disclosure Agreement')).toBe('mutual-non-disclosure-agreement');
    expect(fileStem('Café "Déjà vu" / SOW #1')).toBe('cafe-deja-vu-sow-1');
    expect(fileStem('***')).toBe('document');
  });
});
