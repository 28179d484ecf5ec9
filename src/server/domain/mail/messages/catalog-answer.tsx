import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// The answer to a client's catalog request: approved (with the process ready to run, or
// to be set up with them) or declined with the admin's reason.

const reason = 'You get this e-mail because you asked for a workflow in the catalog.';

export interface CatalogApprovedProps {
  template: string;
  /** The portal's processes page when the process was created, else null. */
  processesUrl: string | null;
}

export const catalogApprovedSubject = (template: string) =>
  `Your request for "${template}" is approved`;

export function CatalogApprovedMail({ template, processesUrl }: CatalogApprovedProps) {
  return (
    <Layout
      subject={catalogApprovedSubject(template)}
      preheader={processesUrl ? 'It is ready to run in your portal.' : 'We will be in touch.'}
      reason={reason}
    >
      <Paragraph>{`Good news: your request for the workflow "${template}" is approved.`}</Paragraph>
      {processesUrl ? (
        <Button href={processesUrl} lead="It is ready to run in your portal:" sameLine>
          Open your processes
        </Button>
      ) : (
        <Paragraph>We will be in touch to set it up with you.</Paragraph>
      )}
      <Paragraph>{brand.name}</Paragraph>
    </Layout>
  );
}

export const catalogApprovedMail = (props: CatalogApprovedProps) =>
  renderMail(catalogApprovedSubject(props.template), <CatalogApprovedMail {...props} />);

export interface CatalogDeclinedProps {
  template: string;
  /** The admin's words, as written. */
  reason: string;
  catalogUrl: string;
}

export const catalogDeclinedSubject = (template: string) => `About your request for "${template}"`;

export function CatalogDeclinedMail(props: CatalogDeclinedProps) {
  return (
    <Layout subject={catalogDeclinedSubject(props.template)} reason={reason}>
      <Paragraph>{`We are not able to set up the workflow "${props.template}" for you at the moment.`}</Paragraph>
      <Paragraph>{props.reason}</Paragraph>
      <Paragraph>{`You can see this on your catalog page: ${props.catalogUrl}\nQuestions? Reply to this e-mail or write to ${brand.email}.`}</Paragraph>
    </Layout>
  );
}

export const catalogDeclinedMail = (props: CatalogDeclinedProps) =>
  renderMail(catalogDeclinedSubject(props.template), <CatalogDeclinedMail {...props} />);
