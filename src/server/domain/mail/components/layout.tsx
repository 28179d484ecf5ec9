import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { brand } from '#shared/brand.ts';
import { useTextPart } from './render.tsx';
import { colors, fontFamily } from './theme.ts';

// The frame of every mail: the brand's name on top, the subject as the heading, the body,
// and a footer with the company's name, where it is, how to reach it and why this person
// gets the mail. The text part is the body alone, as the mail's text always was.

export const DEFAULT_REASON = `You get this e-mail because of your account with ${brand.name} or a message you sent us.`;

export interface LayoutProps {
  subject: string;
  /** The line mail clients show after the subject in the inbox. */
  preheader?: string;
  /** Why this person gets this mail, e.g. "You asked to reset your password." */
  reason?: string;
  children?: ReactNode;
}

export function Layout({ subject, preheader, reason = DEFAULT_REASON, children }: LayoutProps) {
  if (useTextPart()) return <>{children}</>;
  const small = { fontSize: 12, lineHeight: '1.5', color: colors.muted, margin: '0 0 4px' };
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      {preheader ? <Preview>{preheader}</Preview> : null}
      <Body style={{ margin: 0, padding: '24px 12px', background: colors.page, fontFamily }}>
        <Container
          style={{
            maxWidth: 600,
            background: colors.white,
            border: `1px solid ${colors.line}`,
            borderRadius: 12,
          }}
        >
          <Section style={{ padding: '20px 28px', borderBottom: `1px solid ${colors.line}` }}>
            <Text style={{ margin: 0, fontSize: 18, fontWeight: 700, color: colors.brand }}>
              {brand.name}
            </Text>
          </Section>
          <Section style={{ padding: '24px 28px 8px', color: colors.text }}>
            <Heading
              as="h1"
              style={{ fontSize: 20, lineHeight: '1.3', margin: '0 0 16px', color: colors.text }}
            >
              {subject}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colors.line, margin: 0 }} />
          <Section style={{ padding: '16px 28px' }}>
            <Text style={small}>{reason}</Text>
            <Text style={small}>
              {brand.name} · {brand.location}
            </Text>
            <Text style={{ ...small, margin: 0 }}>
              <Link href={`mailto:${brand.email}`} style={{ color: colors.muted }}>
                {brand.email}
              </Link>{' '}
              ·{' '}
              <Link href={brand.phoneHref} style={{ color: colors.muted }}>
                {brand.phone}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
