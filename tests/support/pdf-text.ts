import { inflateSync } from 'node:zlib';

/** The words of a PDF pdfkit wrote: its content streams inflated, the TJ strings read. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, stream] of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream ?? '', 'latin1')).toString('latin1');
    } catch {
      continue; // not a compressed content stream (a font's metrics, say)
    }
    for (const [, parts] of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...(parts ?? '').matchAll(/<([0-9a-fA-F]*)>/g)];
      lines.push(hex.map(([, h]) => Buffer.from(h ?? '', 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
