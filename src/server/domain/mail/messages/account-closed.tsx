import { brand } from '#shared/brand.ts';
import { Layout, Paragraph, renderMail } from '../components/index.ts';

// Closing a client account: what stops, when it is erased, and whom to tell at once when
// the owner did not ask for it.

export interface AccountClosedProps {
  name: string;
  companyName: string | null;
  /** The day it closed, YYYY-MM-DD. */
  closedOn: string;
  eraseAfterDays: number;
}

export const accountClosedSubject = () => `Your ${brand.name} account is closed`;

export function AccountClosedMail({
  name,
  companyName,
  closedOn,
  eraseAfterDays,
}: AccountClosedProps) {
  return (
    <Layout
      subject={accountClosedSubject()}
      preheader={`Closed on ${closedOn}; erased after ${eraseAfterDays} days.`}
      reason="You get this e-mail because the account with this address was closed."
    >
      <Paragraph>{`Hello ${name},`}</Paragraph>
      <Paragraph>
        {[
          `Your ${brand.name} account${companyName ? ` for ${companyName}` : ''} was closed on ${closedOn}.`,
          'Its subscription is cancelled, its schedules are stopped and its team members no longer have access.',
          `Everything it holds will be erased after ${eraseAfterDays} days; invoices are kept for tax records with the company name only.`,
        ].join('\n')}
      </Paragraph>
      <Paragraph>{`If you did not ask for this, reply to this e-mail or write to ${brand.email} at once.`}</Paragraph>
    </Layout>
  );
}

export const accountClosedMail = (props: AccountClosedProps) =>
  renderMail(accountClosedSubject(), <AccountClosedMail {...props} />);
