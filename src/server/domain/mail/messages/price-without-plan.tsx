import { brand } from '#shared/brand.ts';
import { Layout, Paragraph, renderMail } from '../components/index.ts';

// To every admin: a Stripe subscription moved to a Price that names no plan, so the
// client's plan stays as it was until an admin tags the Price or moves them back.

export interface PriceWithoutPlanProps {
  /** "Ada (Engines Ltd)", or the name alone. */
  who: string;
  email: string;
  subscriptionId: string;
  priceId: string;
  nickname: string | null;
  plan: string;
  syncUrl: string;
}

export const priceWithoutPlanSubject = (who: string) => `Stripe Price without a plan: ${who}`;

export function PriceWithoutPlanMail(props: PriceWithoutPlanProps) {
  const { who, email, subscriptionId, priceId, nickname, plan, syncUrl } = props;
  return (
    <Layout
      subject={priceWithoutPlanSubject(who)}
      preheader={`${who} is on a Stripe Price that names no plan.`}
      reason={`You get this e-mail because you are an admin of ${brand.name}.`}
    >
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {`${who}, ${email}, has Stripe subscription ${subscriptionId} on the Price ${priceId}${nickname ? ` (${nickname})` : ''}, which names no plan.\nTheir plan stays ${plan}, so what they can use may not match what they pay.`}
      </Paragraph>
      <Paragraph>
        {`In Stripe, give the Price the metadata plan = Basic or Pro (or a lookup key starting with basic or pro), or move the subscription back to a Price that has one.\nThen run Sync status for the client on ${syncUrl}.`}
      </Paragraph>
      <Paragraph>{brand.name}</Paragraph>
    </Layout>
  );
}

export const priceWithoutPlanMail = (props: PriceWithoutPlanProps) =>
  renderMail(priceWithoutPlanSubject(props.who), <PriceWithoutPlanMail {...props} />);
