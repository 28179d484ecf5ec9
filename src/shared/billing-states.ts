import type { BillingStatus, Plan, Role, SubscriptionStatus } from './user.ts';

// One word for each billing state a client can be in, with a sentence saying what it
// means and the colour of its badge, used by the portal, the admin screens, mail, the
// invoice PDF and the pay page alike. The states come from what the account row keeps
// (subscription status, billing status, plan) and whether a plan invoice is open. Where
// the specification names a state, its word is the label: the client's billing status is
// shown capitalised (SPEC §4: Active, Pending, Past due, Cancelled, Trial), and a plan
// chosen but not yet paid is Pending as well (docs/decisions/014). Badge colours are the
// spec's admin chips everywhere: active green, trial blue, every other state amber.
// No zod here: the pay pages and the PDF read it without the schema library.

export type StateTone = 'green' | 'blue' | 'amber' | 'red' | 'slate';

export const billingStates = [
  'active',
  'trial',
  'awaiting_payment',
  'no_plan',
  'past_due',
  'cancelled',
  'team_member',
  'not_billed',
] as const;
export type BillingState = (typeof billingStates)[number];

export interface StateWords {
  label: string;
  /** One sentence, said to the client about their own account. */
  explanation: string;
  tone: StateTone;
}

export const billingStateWords: Record<BillingState, StateWords> = {
  active: {
    label: 'Active',
    explanation: 'The plan is paid for and running.',
    tone: 'green',
  },
  trial: {
    label: 'Trial',
    explanation: 'A trial of the plan, granted by the consultancy, runs until its end date.',
    tone: 'blue',
  },
  awaiting_payment: {
    label: 'Pending',
    explanation:
      'A plan is chosen and its invoice is waiting for payment; the plan starts once it is paid.',
    tone: 'amber',
  },
  no_plan: {
    label: 'Pending',
    explanation: 'No plan is chosen yet; workflows run once a plan is paid for.',
    tone: 'amber',
  },
  past_due: {
    label: 'Past due',
    explanation: 'An invoice is unpaid past its due date; runs are paused until it is paid.',
    tone: 'amber',
  },
  cancelled: {
    label: 'Cancelled',
    explanation: 'The subscription has ended; choosing a plan starts a new one.',
    tone: 'amber',
  },
  team_member: {
    label: "On the owner's plan",
    explanation: 'A team member works on the account owner’s plan; the owner manages billing.',
    tone: 'slate',
  },
  not_billed: {
    label: 'Not billed',
    explanation: 'An administrator’s own account: billing does not apply to it.',
    tone: 'slate',
  },
};

/** What an account row says about billing (users.*), and what only a look-up can add. */
export interface BillingFacts {
  role?: Role;
  subscriptionStatus: SubscriptionStatus;
  /** A plan invoice of the account is unpaid (local billing); unknown counts as none. */
  hasOpenPlanInvoice?: boolean;
  /** The account is a member of another account's team. */
  isTeamMember?: boolean;
}

const fromSubscription: Record<SubscriptionStatus, BillingState> = {
  active: 'active',
  trialing: 'trial',
  past_due: 'past_due',
  // Choosing a package without a running plan turns the account incomplete (local billing).
  incomplete: 'awaiting_payment',
  canceled: 'cancelled',
  no_subscription: 'no_plan',
};

/** The one state an account is in, from its row. */
export function billingStateOf(facts: BillingFacts): BillingState {
  if (facts.role === 'Admin') return 'not_billed';
  if (facts.isTeamMember) return 'team_member';
  const state = fromSubscription[facts.subscriptionStatus];
  return state === 'no_plan' && facts.hasOpenPlanInvoice ? 'awaiting_payment' : state;
}

const fromBillingStatus: Record<BillingStatus, BillingState> = {
  active: 'active',
  trial: 'trial',
  pending: 'no_plan',
  past_due: 'past_due',
  cancelled: 'cancelled',
};

/** The state from the client's billing status (SPEC §7 billing-status) and its invoices. */
export function billingStateOfStatus(status: BillingStatus, hasOpenInvoice: boolean): BillingState {
  const state = fromBillingStatus[status];
  return state === 'no_plan' && hasOpenInvoice ? 'awaiting_payment' : state;
}

/** The states in which a plan runs or ran and is still the account's. */
const planStates: ReadonlySet<BillingState> = new Set(['active', 'trial', 'past_due']);

/**
 * The plan to name beside the state, or null for "none yet": a new account's default plan
 * is called Trial (SPEC §3), which is no trial anyone granted, so outside a running plan
 * it is not named. A plan an admin set by hand is.
 */
export const planShown = (state: BillingState, plan: Plan): Plan | null =>
  planStates.has(state) || plan !== 'Trial' ? plan : null;

/** Said where a plan would be when none runs. */
export const noPlanText = 'None yet';

// Invoices have their own few words: an invoice is paid, unpaid (overdue once past its due
// date), or void. The same words on Billing, the admin's lists, the pay page and the PDF.

export const invoiceStates = ['paid', 'unpaid', 'overdue', 'void'] as const;
export type InvoiceState = (typeof invoiceStates)[number];

export const invoiceStateWords: Record<InvoiceState, Omit<StateWords, 'explanation'>> = {
  paid: { label: 'Paid', tone: 'green' },
  unpaid: { label: 'Unpaid', tone: 'amber' },
  overdue: { label: 'Overdue', tone: 'red' },
  void: { label: 'Void', tone: 'slate' },
};

/** An invoice's state: unpaid turns overdue once its due date has passed. */
export function invoiceStateOf(
  invoice: { status: 'paid' | 'unpaid' | 'void'; dueDate?: string | Date | null },
  now: number = Date.now(),
): InvoiceState {
  if (invoice.status !== 'unpaid' || !invoice.dueDate) return invoice.status;
  return new Date(invoice.dueDate).getTime() < now ? 'overdue' : 'unpaid';
}

/**
 * The words for a status code as any list sends it: a subscription status, a client's
 * billing status or an invoice status. Undefined for a code none of them has.
 */
export function wordsOfStatus(status: string): Omit<StateWords, 'explanation'> | undefined {
  if (Object.hasOwn(fromSubscription, status)) {
    return billingStateWords[fromSubscription[status as SubscriptionStatus]];
  }
  if (Object.hasOwn(fromBillingStatus, status)) {
    return billingStateWords[fromBillingStatus[status as BillingStatus]];
  }
  if (Object.hasOwn(invoiceStateWords, status)) return invoiceStateWords[status as InvoiceState];
  return undefined;
}
