import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { Children, isValidElement, type ReactNode } from 'react';
import { useTextPart } from './render.tsx';
import { colors } from './theme.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;
export const ONLY_URL = /^https?:\/\/[^\s<>"]+$/;

/** A key for a piece rendered once: its text and how often it came before. */
export function keyOf(items: readonly string[], at: number) {
  const item = items[at] ?? '';
  const seen = items.slice(0, at).filter((other) => other === item).length;
  return `${item}#${seen}`;
}

/** Text with its links as <a> and its line breaks as <br/>; React escapes everything else. */
export function Linked({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <>
      {lines.map((line, at) => {
        const parts = line.split(URL_PATTERN);
        return (
          <span key={keyOf(lines, at)}>
            {at === 0 ? null : <br />}
            {parts.map((part, nth) =>
              ONLY_URL.test(part) ? (
                <Link
                  key={keyOf(parts, nth)}
                  href={part}
                  style={{ color: colors.brand, wordBreak: 'break-all' }}
                >
                  {part}
                </Link>
              ) : (
                part
              ),
            )}
          </span>
        );
      })}
    </>
  );
}

function linkedChildren(children: ReactNode) {
  return Children.toArray(children).map((child, at) =>
    typeof child === 'string' || typeof child === 'number' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one paragraph never move
      <Linked key={at} text={String(child)} />
    ) : isValidElement(child) ? (
      child
    ) : null,
  );
}

/**
 * A paragraph. Its text may hold line breaks ("\n") and links, written as plain addresses:
 * the HTML part makes them links, the text part keeps them as they are.
 */
export function Paragraph({ children, muted }: { children?: ReactNode; muted?: boolean }) {
  if (useTextPart())
    return (
      <>
        {children}
        {'\n\n'}
      </>
    );
  return (
    <Text
      style={{
        margin: '0 0 16px',
        fontSize: 15,
        lineHeight: '1.6',
        color: muted ? colors.muted : colors.text,
      }}
    >
      {linkedChildren(children)}
    </Text>
  );
}
