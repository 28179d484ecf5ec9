import { Details, Layout, Paragraph, renderMail } from '../components/index.ts';

// A client asked for a workflow template of the catalog: to the provider, replying to the
// client.

export interface CatalogRequestProps {
  requester: { name: string; email: string };
  /** "Ada (Engines Ltd)", or the name alone. */
  client: string;
  clientEmail: string;
  plan: string;
  template: { name: string; slug: string };
  requestId: string;
}

export const catalogRequestSubject = ({
  template,
  client,
}: Pick<CatalogRequestProps, 'template' | 'client'>) =>
  `Catalog request: ${template.name} for ${client}`;

export function CatalogRequestMail(props: CatalogRequestProps) {
  const { requester, client, clientEmail, plan, template, requestId } = props;
  return (
    <Layout
      subject={catalogRequestSubject(props)}
      preheader={`${requester.name} asked for "${template.name}".`}
      reason="You get this e-mail because a client asked for a workflow template in the catalog; reply to answer them."
    >
      <Paragraph>{`${requester.name} <${requester.email}> asked for access to the workflow template "${template.name}".`}</Paragraph>
      <Details
        rows={[
          ['Account', `${client}, ${clientEmail}, plan ${plan}`],
          ['Template', `${template.name} (${template.slug})`],
          ['Request id', requestId],
        ]}
      />
    </Layout>
  );
}

export const catalogRequestMail = (props: CatalogRequestProps) =>
  renderMail(catalogRequestSubject(props), <CatalogRequestMail {...props} />);
