import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// Changing an account's e-mail address: the link to the new address, which makes the
// change (the only copy of its token: queued as sensitive), and a notice to the old one,
// so a change nobody asked for does not go unseen.

export interface EmailChangeFacts {
  name: string;
  oldEmail: string;
  newEmail: string;
}

export interface EmailChangeProps extends EmailChangeFacts {
  link: string;
  hours: number;
}

export const emailChangeSubject = () => 'Confirm your new e-mail address';

export function EmailChangeMail({ name, oldEmail, newEmail, link, hours }: EmailChangeProps) {
  return (
    <Layout
      subject={emailChangeSubject()}
      preheader={`Your ${brand.name} account changes to this address once you confirm it.`}
      reason={`You get this e-mail because the ${brand.name} account of ${name || oldEmail} asked to use this address.`}
    >
      <Paragraph>{`The ${brand.name} account that signs in with ${oldEmail} asked to use ${newEmail} from now on.`}</Paragraph>
      <Button href={link} lead="Confirm the new address here:">
        Use this address
      </Button>
      <Paragraph>{`Until then the account keeps ${oldEmail}. The link works once, for ${hours} hours. If you did not ask for this, ignore this e-mail.`}</Paragraph>
    </Layout>
  );
}

export const emailChangeMail = (props: EmailChangeProps) =>
  renderMail(emailChangeSubject(), <EmailChangeMail {...props} />);

export const emailChangeNoticeSubject = () => 'Your e-mail address is about to change';

export function EmailChangeNoticeMail({ oldEmail, newEmail }: EmailChangeFacts) {
  return (
    <Layout
      subject={emailChangeNoticeSubject()}
      preheader={`A change of address was asked for on your ${brand.name} account.`}
      reason={`You get this e-mail because it is the address of a ${brand.name} account.`}
    >
      <Paragraph>{`Someone signed in to your ${brand.name} account asked to change its e-mail address from ${oldEmail} to ${newEmail}.`}</Paragraph>
      <Paragraph>{`Nothing changes until the link we sent to ${newEmail} is opened; until then you sign in with ${oldEmail}.`}</Paragraph>
      <Paragraph>{`If this was not you, change your password now and write to us at ${brand.email}.`}</Paragraph>
    </Layout>
  );
}

export const emailChangeNoticeMail = (props: EmailChangeFacts) =>
  renderMail(emailChangeNoticeSubject(), <EmailChangeNoticeMail {...props} />);
