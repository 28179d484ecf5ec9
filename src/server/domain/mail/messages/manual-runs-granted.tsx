import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// The answer to a client's request for manual runs: they are on, and the processes page
// is where the Run button now works.

const reason = 'You get this e-mail because you asked for manual runs in your portal.';

export interface ManualRunsGrantedProps {
  /** The portal's processes page. */
  processesUrl: string;
}

export const manualRunsGrantedSubject = 'Manual runs are on for your account';

export function ManualRunsGrantedMail({ processesUrl }: ManualRunsGrantedProps) {
  return (
    <Layout
      subject={manualRunsGrantedSubject}
      preheader="You can now run your workflows by hand."
      reason={reason}
    >
      <Paragraph>
        Good news: you can now run your workflows by hand, whenever you need them, besides their
        schedules.
      </Paragraph>
      <Button href={processesUrl} lead="Each process has its Run workflow button:" sameLine>
        Open your processes
      </Button>
      <Paragraph>{brand.name}</Paragraph>
    </Layout>
  );
}

export const manualRunsGrantedMail = (props: ManualRunsGrantedProps) =>
  renderMail(manualRunsGrantedSubject, <ManualRunsGrantedMail {...props} />);
