import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';
import { keyOf } from '../components/paragraph.tsx';

// The billing mails every plan gets (an invoice issued, a payment received or overdue, the
// plan changed, a change to the books): a greeting, what happened, and Billing as a button.

export interface BillingProps {
  name: string;
  subject: string;
  /** What happened, a paragraph each; "\n" breaks a line. Empty ones are left out. */
  paragraphs: string[];
  /** The sentence before the Billing button, e.g. "See how to pay on Billing:". */
  lead: string;
  billingUrl: string;
}

export function BillingMail({ name, subject, paragraphs, lead, billingUrl }: BillingProps) {
  const shown = paragraphs.filter((paragraph) => paragraph.trim() !== '');
  return (
    <Layout
      subject={subject}
      preheader={shown[0]?.split('\n')[0]}
      reason="You get this e-mail because it concerns the billing of your account."
    >
      <Paragraph>{`Hello ${name},`}</Paragraph>
      {shown.map((paragraph, at) => (
        <Paragraph key={keyOf(shown, at)}>{paragraph}</Paragraph>
      ))}
      <Button href={billingUrl} lead={lead} sameLine>
        Open Billing
      </Button>
      <Paragraph>{brand.name}</Paragraph>
    </Layout>
  );
}

export const billingMail = (props: BillingProps) =>
  renderMail(props.subject, <BillingMail {...props} />);
