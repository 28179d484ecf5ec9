import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// The daily summary for people who chose it instead of a mail per notice: the failed runs
// of each process since the last summary.

export interface RunSummaryProps {
  name: string;
  /** "- Lead intake: 3 failed runs", one per process. */
  lines: string[];
  processesUrl: string;
}

export const runSummarySubject = () => 'Your daily workflow summary';

export function RunSummaryMail({ name, lines, processesUrl }: RunSummaryProps) {
  return (
    <Layout
      subject={runSummarySubject()}
      preheader={lines[0]?.replace(/^- /, '')}
      reason="You get this e-mail because you chose a daily summary of failed runs in your notification settings."
    >
      <Paragraph>{`Hello ${name},`}</Paragraph>
      <Paragraph>{['In the last day:', ...lines].join('\n')}</Paragraph>
      <Button href={processesUrl}>Open your processes</Button>
      <Paragraph>{brand.name}</Paragraph>
    </Layout>
  );
}

export const runSummaryMail = (props: RunSummaryProps) =>
  renderMail(runSummarySubject(), <RunSummaryMail {...props} />);
