// Generated legal documents are plain text with a few line marks, so the same content
// is previewed in the browser and exported to PDF and DOCX with its structure kept:
//   "# " title, "## " section heading, "### " sub-heading, "- " list item;
//   a blank line ends a paragraph; single line breaks inside one (addresses, signature
//   blocks) are kept.

export type DocumentBlock =
  | { type: 'title' | 'heading' | 'subheading'; text: string }
  | { type: 'paragraph'; lines: string[] }
  | { type: 'bullet'; text: string };

const HEADINGS = [
  ['### ', 'subheading'],
  ['## ', 'heading'],
  ['# ', 'title'],
] as const;

export function parseDocument(content: string): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', lines: paragraph });
    paragraph = [];
  };
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADINGS.find(([mark]) => line.startsWith(mark));
    if (heading) {
      flush();
      blocks.push({ type: heading[1], text: line.slice(heading[0].length).trim() });
      continue;
    }
    if (/^\s*[-*] /.test(line)) {
      flush();
      blocks.push({ type: 'bullet', text: line.replace(/^\s*[-*] /, '').trim() });
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** "Mutual NDA (Acme)" → "mutual-nda-acme": a safe file name stem. */
export function fileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return stem || 'document';
}
