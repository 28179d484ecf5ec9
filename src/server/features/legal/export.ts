import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import PDFDocument from 'pdfkit';
import { brand } from '#shared/brand.ts';
import type { ExportFormat } from '#shared/legal.ts';
import { type DocumentBlock, fileStem, parseDocument } from '#shared/legal-document.ts';

// A generated document as a real PDF (pdfkit) or Word file (docx), keeping its title,
// headings, list items and paragraphs (see #shared/legal-document.ts for the marks).

export const exportTypes: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function renderPdf(name: string, content: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 72,
    bufferPages: true,
    info: { Title: name, Author: brand.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 144;
  // A heading never sits alone at the foot of a page: start a new page instead.
  const keepWithNext = () => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 72) doc.addPage();
  };
  const write = (block: DocumentBlock) => {
    switch (block.type) {
      case 'title':
        doc.font('Helvetica-Bold').fontSize(18).text(block.text, { width, align: 'center' });
        doc.moveDown(0.8);
        break;
      case 'heading':
        keepWithNext();
        doc.moveDown(0.4).font('Helvetica-Bold').fontSize(12.5).text(block.text, { width });
        doc.moveDown(0.3);
        break;
      case 'subheading':
        keepWithNext();
        doc.font('Helvetica-Bold').fontSize(11).text(block.text, { width });
        doc.moveDown(0.2);
        break;
      case 'bullet':
        doc.font('Helvetica').fontSize(10.5).text(`•  ${block.text}`, { width, indent: 12 });
        doc.moveDown(0.2);
        break;
      case 'paragraph':
        doc
          .font('Helvetica')
          .fontSize(10.5)
          .text(block.lines.join('\n'), {
            width,
            align: block.lines.length === 1 ? 'justify' : 'left',
            lineGap: 1.5,
          });
        doc.moveDown(0.6);
        break;
    }
  };
  for (const block of parseDocument(content)) write(block);
  // Page numbers go on last, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits inside the bottom margin; without this pdfkit would start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666666')
      .text(`${name} · Page ${i + 1} of ${range.count}`, 72, doc.page.height - 50, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

function docxParagraph(block: DocumentBlock): Paragraph {
  switch (block.type) {
    case 'title':
      return new Paragraph({ text: block.text, heading: HeadingLevel.TITLE });
    case 'heading':
      return new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_1 });
    case 'subheading':
      return new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_2 });
    case 'bullet':
      return new Paragraph({ text: block.text, bullet: { level: 0 } });
    case 'paragraph':
      return new Paragraph({
        children: block.lines.map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : 0 })),
        spacing: { after: 160 },
      });
  }
}

export function renderDocx(name: string, content: string): Promise<Buffer> {
  const doc = new Document({
    title: name,
    creator: brand.name,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children: parseDocument(content).map(docxParagraph) }],
  });
  return Packer.toBuffer(doc);
}

export async function renderExport(format: ExportFormat, name: string, content: string) {
  const body = format === 'pdf' ? await renderPdf(name, content) : await renderDocx(name, content);
  const filename = `${fileStem(name)}.${format}`;
  return {
    body,
    contentType: exportTypes[format],
    // RFC 6266: a plain ASCII name (the stem is already ASCII) plus the UTF-8 form.
    disposition: `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
  };
}
