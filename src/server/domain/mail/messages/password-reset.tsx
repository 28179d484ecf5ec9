import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// The forgot-password mail. Its link is the only copy of the token: the mail is queued as
// sensitive and both parts are cleared once delivered.

export interface PasswordResetProps {
  link: string;
  minutes: number;
}

export const passwordResetSubject = () => `Reset your ${brand.name} password`;

export function PasswordResetMail({ link, minutes }: PasswordResetProps) {
  return (
    <Layout
      subject={passwordResetSubject()}
      preheader="Choose a new password with the link in this e-mail."
      reason="You get this e-mail because a new password was asked for the account with this address."
    >
      <Paragraph>{`Someone (hopefully you) asked to reset the password of your ${brand.name} account.`}</Paragraph>
      <Button href={link} lead="Choose a new password here:">
        Choose a new password
      </Button>
      <Paragraph>{`The link works once, for ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`}</Paragraph>
    </Layout>
  );
}

export const passwordResetMail = (props: PasswordResetProps) =>
  renderMail(passwordResetSubject(), <PasswordResetMail {...props} />);
