import { renderToStaticMarkup } from 'react-dom/server';
import { brand } from '#shared/brand.ts';

// The HTML part of every mail, rendered from its plain text with React at
// delivery time, so the two parts always say the same thing and a one-time link cleared
// from the text is gone from both. Paragraphs come from blank lines; a line that is only
// a link becomes a button; other links stay links. Inline styles and a table, because
// mail clients ignore stylesheets.

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;
const ONLY_URL = /^https?:\/\/[^\s<>"]+$/;

const colors = {
  brand: '#1d4ed8',
  text: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
  page: '#f8fafc',
};

/** A key for an item of a list rendered once: its text and how often it came before. */
function keyOf(items: readonly string[], at: number) {
  const item = items[at] ?? '';
  const seen = items.slice(0, at).filter((other) => other === item).length;
  return `${item}#${seen}`;
}

function Anchor({ href }: { href: string }) {
  return (
    <a href={href} style={{ color: colors.brand, wordBreak: 'break-all' }}>
      {href}
    </a>
  );
}

/** Text with its links as <a>; React escapes everything else. */
function Linked({ line }: { line: string }) {
  const parts = line.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, at) =>
        ONLY_URL.test(part) ? <Anchor key={keyOf(parts, at)} href={part} /> : part,
      )}
    </>
  );
}

function Button({ href }: { href: string }) {
  return (
    <span style={{ display: 'block', margin: '16px 0' }}>
      <a
        href={href}
        style={{
          background: colors.brand,
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: 8,
          fontWeight: 600,
          textDecoration: 'none',
          display: 'inline-block',
        }}
      >
        Open link
      </a>
      <br />
      <span style={{ color: colors.muted, fontSize: 12, wordBreak: 'break-all' }}>{href}</span>
    </span>
  );
}

function Line({ line, first }: { line: string; first: boolean }) {
  return (
    <>
      {first ? null : <br />}
      {ONLY_URL.test(line) ? <Button href={line} /> : <Linked line={line} />}
    </>
  );
}

function Paragraph({ lines }: { lines: string[] }) {
  return (
    <p style={{ margin: '0 0 16px', lineHeight: '1.6' }}>
      {lines.map((line, at) => (
        <Line key={keyOf(lines, at)} line={line} first={at === 0} />
      ))}
    </p>
  );
}

function Frame({ subject, children }: { subject: string; children: React.ReactNode }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{
        maxWidth: 600,
        background: '#ffffff',
        border: `1px solid ${colors.line}`,
        borderRadius: 12,
      }}
    >
      <tbody>
        <tr>
          <td
            style={{
              padding: '20px 28px',
              borderBottom: `1px solid ${colors.line}`,
              fontSize: 18,
              fontWeight: 700,
            }}
          >
            {brand.name}
          </td>
        </tr>
        <tr>
          <td style={{ padding: '24px 28px', fontSize: 15 }}>
            <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>{subject}</h1>
            {children}
          </td>
        </tr>
        <tr>
          <td
            style={{
              padding: '16px 28px',
              borderTop: `1px solid ${colors.line}`,
              color: colors.muted,
              fontSize: 12,
            }}
          >
            {brand.name} · {brand.location} ·{' '}
            <a href={`mailto:${brand.email}`} style={{ color: colors.muted }}>
              {brand.email}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function MailLayout({ subject, text }: { subject: string; text: string }) {
  const blocks = text.trim().split(/\n\s*\n/);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body
        style={{
          margin: 0,
          background: colors.page,
          fontFamily: 'Helvetica, Arial, sans-serif',
          color: colors.text,
        }}
      >
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <Frame subject={subject}>
                  {blocks.map((block, at) => (
                    <Paragraph key={keyOf(blocks, at)} lines={block.split('\n')} />
                  ))}
                </Frame>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The HTML alternative of a mail whose text is `text`. */
export const renderMailHtml = (mail: { subject: string; text: string }) =>
  `<!doctype html>${renderToStaticMarkup(<MailLayout subject={mail.subject} text={mail.text} />)}`;
