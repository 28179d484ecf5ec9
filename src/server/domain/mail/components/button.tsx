import { Button as EmailButton } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { useTextPart } from './render.tsx';
import { colors } from './theme.ts';

/**
 * A link shown as a button, with its address spelled out under it (for clients that hide
 * buttons, and so a person can see where it goes). `lead` is the sentence before it. The
 * text part is the lead and the address on the next line (or the same one, `sameLine`).
 */
export function Button({
  href,
  children,
  lead,
  sameLine,
}: {
  href: string;
  /** The button's label, e.g. "Choose a new password". */
  children: string;
  lead?: string;
  /** The text part writes the address after the lead on one line ("Billing: https://…"). */
  sameLine?: boolean;
}) {
  if (useTextPart()) {
    if (!lead) return <>{`${href}\n\n`}</>;
    return <>{`${lead}${sameLine ? ' ' : '\n'}${href}\n\n`}</>;
  }
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {lead ? (
        <Text style={{ margin: '0 0 12px', fontSize: 15, lineHeight: '1.6', color: colors.text }}>
          {lead}
        </Text>
      ) : null}
      <EmailButton
        href={href}
        style={{
          background: colors.brand,
          color: colors.white,
          padding: '12px 20px',
          borderRadius: 8,
          fontSize: 15,
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {children}
      </EmailButton>
      <Text
        style={{
          margin: '8px 0 0',
          fontSize: 12,
          lineHeight: '1.5',
          color: colors.muted,
          wordBreak: 'break-all',
        }}
      >
        {href}
      </Text>
    </Section>
  );
}
