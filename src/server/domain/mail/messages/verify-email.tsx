import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// The welcome mail of a new account, and the same link asked for again from the portal's
// banner. The link proves the address and is the only copy of its token: queued as
// sensitive.

export interface VerifyEmailProps {
  name: string;
  link: string;
  hours: number;
  /** The first mail of a new account says welcome; a link asked for again does not. */
  welcome: boolean;
}

export const verifyEmailSubject = ({ welcome }: Pick<VerifyEmailProps, 'welcome'>) =>
  welcome
    ? `Welcome to ${brand.name}: please verify your e-mail address`
    : 'Verify your e-mail address';

export function VerifyEmailMail({ name, link, hours, welcome }: VerifyEmailProps) {
  const hello = name ? `Hello ${name},` : 'Hello,';
  return (
    <Layout
      subject={verifyEmailSubject({ welcome })}
      preheader="One click shows us this address is yours."
      reason={`You get this e-mail because an account on ${brand.name} was created with this address.`}
    >
      <Paragraph>{hello}</Paragraph>
      {welcome ? (
        <Paragraph>{`Your ${brand.name} client portal account is ready to use.`}</Paragraph>
      ) : null}
      <Button href={link} lead="Please confirm this e-mail address is yours:">
        Verify my e-mail address
      </Button>
      <Paragraph>{`The link works once, for ${hours} hours. If you did not create this account, ignore this e-mail.`}</Paragraph>
    </Layout>
  );
}

export const verifyEmailMail = (props: VerifyEmailProps) =>
  renderMail(verifyEmailSubject(props), <VerifyEmailMail {...props} />);
