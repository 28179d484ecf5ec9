import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// A client's own data export (docs/decisions/017-privacy-requests.md): the link is the only
// copy of the token, so the mail is queued as sensitive.

export interface DataExportProps {
  link: string;
  hours: number;
}

export const dataExportSubject = () => `Your ${brand.name} data export`;

export function DataExportMail({ link, hours }: DataExportProps) {
  return (
    <Layout
      subject={dataExportSubject()}
      preheader="Download a copy of the data we hold about your account."
      reason="You get this e-mail because a copy of your data was asked for from your account."
    >
      <Paragraph>{`You asked for a copy of the data ${brand.name} holds about your account.`}</Paragraph>
      <Button href={link} lead="Download it here (a ZIP of JSON and CSV files):">
        Download your data
      </Button>
      <Paragraph>{`The link works for ${hours} hours. If you did not ask for it, write to ${brand.email}.`}</Paragraph>
    </Layout>
  );
}

export const dataExportMail = (props: DataExportProps) =>
  renderMail(dataExportSubject(), <DataExportMail {...props} />);
