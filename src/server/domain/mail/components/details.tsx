import { Section } from '@react-email/section';
import { keyOf, Linked } from './paragraph.tsx';
import { useTextPart } from './render.tsx';
import { colors } from './theme.ts';

/** label, value; rows without a value are left out. */
export type DetailRow = readonly [label: string, value: string | number | null | undefined];

/** "Label: value" rows: a two-column table in HTML, one line each in the text part. */
export function Details({ rows }: { rows: readonly DetailRow[] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (useTextPart()) {
    return <>{`${shown.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n`}</>;
  }
  const labels = shown.map(([label]) => label);
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
        <tbody>
          {shown.map(([label, value], at) => (
            <tr key={keyOf(labels, at)}>
              <td
                style={{
                  padding: '6px 12px 6px 0',
                  borderBottom: `1px solid ${colors.line}`,
                  color: colors.muted,
                  fontSize: 13,
                  verticalAlign: 'top',
                  lineHeight: '20px',
                  whiteSpace: 'nowrap',
                  width: '1%',
                }}
              >
                {label}
              </td>
              <td
                style={{
                  padding: '6px 0',
                  borderBottom: `1px solid ${colors.line}`,
                  color: colors.text,
                  fontSize: 14,
                  lineHeight: '20px',
                  wordBreak: 'break-word',
                }}
              >
                <Linked text={String(value)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
