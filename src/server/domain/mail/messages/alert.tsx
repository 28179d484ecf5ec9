import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// An alert to the consultancy's own people (docs/decisions/029-operations-console.md): what
// broke or recovered, in the lines the alert job wrote, and the admin screen to look at.

export interface AlertMailProps {
  subject: string;
  /** The alert's facts, one a line: client, process, since when, how many, the error. */
  lines: readonly string[];
  link: string;
  linkLabel: string;
}

export function AlertMail({ subject, lines, link, linkLabel }: AlertMailProps) {
  return (
    <Layout
      subject={subject}
      preheader={lines[0] ?? subject}
      reason={`You get this e-mail because this address is set to receive ${brand.name} alerts (Admin › Alerts sets where they go).`}
    >
      <Paragraph>{lines.join('\n')}</Paragraph>
      <Button href={link} lead={`${linkLabel}:`} sameLine>
        {linkLabel}
      </Button>
    </Layout>
  );
}

export const alertMail = (props: AlertMailProps) =>
  renderMail(props.subject, <AlertMail {...props} />);
