import { Button } from './button.tsx';
import { Layout } from './layout.tsx';
import { keyOf, ONLY_URL, Paragraph } from './paragraph.tsx';
import { renderHtml } from './render.tsx';

/**
 * A mail written as plain text, in the brand's frame: paragraphs from blank lines, a line
 * that is only a link becomes a button, other links stay links. For rows queued before
 * mails had their own components, and for a body cleared after delivery.
 */
export function TextMail({
  subject,
  text,
  reason,
}: {
  subject: string;
  text: string;
  reason?: string;
}) {
  const blocks = text.trim().split(/\n\s*\n/);
  return (
    <Layout subject={subject} reason={reason}>
      {blocks.map((block, at) => (
        <TextBlock key={keyOf(blocks, at)} block={block} />
      ))}
    </Layout>
  );
}

/** A block of lines: runs of text are paragraphs, a line that is only a link a button. */
function TextBlock({ block }: { block: string }) {
  const pieces: string[] = [];
  for (const line of block.split('\n')) {
    const previous = pieces.at(-1);
    if (ONLY_URL.test(line.trim())) pieces.push(line.trim());
    else if (previous !== undefined && !ONLY_URL.test(previous))
      pieces[pieces.length - 1] = `${previous}\n${line}`;
    else pieces.push(line);
  }
  return (
    <>
      {pieces.map((piece, at) =>
        ONLY_URL.test(piece) ? (
          <Button key={keyOf(pieces, at)} href={piece}>
            Open link
          </Button>
        ) : (
          <Paragraph key={keyOf(pieces, at)}>{piece}</Paragraph>
        ),
      )}
    </>
  );
}

/** The HTML part of a mail that has only its text (a row queued without html). */
export const renderTextMailHtml = (mail: { subject: string; text: string }) =>
  renderHtml(<TextMail subject={mail.subject} text={mail.text} />);
