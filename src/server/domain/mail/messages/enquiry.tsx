import { brand } from '#shared/brand.ts';
import { type DetailRow, Details, Layout, Paragraph, renderMail } from '../components/index.ts';

// A contact-form enquiry, to the address that answers them (CONTACT_NOTIFY_EMAIL); a reply
// goes to the sender.

export interface EnquiryProps {
  name: string;
  email: string;
  company?: string | null;
  phone?: string | null;
  interest: string;
  budget?: string | null;
  timeline?: string | null;
  teamSize?: string | null;
  website?: string | null;
  referral?: string | null;
  message: string;
}

export const enquirySubject = ({ name, interest }: Pick<EnquiryProps, 'name' | 'interest'>) =>
  `New enquiry from ${name}: ${interest}`;

export function EnquiryMail(props: EnquiryProps) {
  const rows: DetailRow[] = [
    ['Name', props.name],
    ['Email', props.email],
    ['Company', props.company],
    ['Phone', props.phone],
    ['Interest', props.interest],
    ['Budget', props.budget],
    ['Timeline', props.timeline],
    ['Team size', props.teamSize],
    ['Website', props.website],
    ['Heard about us', props.referral],
  ];
  return (
    <Layout
      subject={enquirySubject(props)}
      preheader={props.message.slice(0, 120)}
      reason={`You get this e-mail because someone sent the contact form on ${brand.siteUrl}; reply to answer them.`}
    >
      <Details rows={rows} />
      <Paragraph>{props.message}</Paragraph>
    </Layout>
  );
}

export const enquiryMail = (props: EnquiryProps) =>
  renderMail(enquirySubject(props), <EnquiryMail {...props} />);
