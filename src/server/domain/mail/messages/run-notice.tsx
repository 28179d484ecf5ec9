import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// A notice about one process's runs (a failure, a skipped run, the ones held back since
// the last notice), to a person whose settings ask for mail.

export interface RunNoticeProps {
  name: string;
  subject: string;
  lines: string[];
  /** The process's run history in the portal. */
  link: string;
}

export function RunNoticeMail({ name, subject, lines, link }: RunNoticeProps) {
  return (
    <Layout
      subject={subject}
      preheader={lines[0]}
      reason="You get this e-mail because your notification settings ask for a mail about failed or skipped runs."
    >
      <Paragraph>{`Hello ${name},`}</Paragraph>
      <Paragraph>{lines.join('\n')}</Paragraph>
      <Button href={link} lead="See the run history:" sameLine>
        See the run history
      </Button>
      <Paragraph>{brand.name}</Paragraph>
    </Layout>
  );
}

export const runNoticeMail = (props: RunNoticeProps) =>
  renderMail(props.subject, <RunNoticeMail {...props} />);
