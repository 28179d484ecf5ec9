// The portfolio (SPEC §1, §2 Projects): the featured marketplace, the enterprise
// platform, the Android app and nine smaller project types. Client names are left out
// on purpose; the claims are the ones in SPEC §9.

export interface ProjectHighlight {
  title: string;
  summary: string;
  points: readonly string[];
  stack: readonly string[];
}

export const featuredProject: ProjectHighlight = {
  title: 'Peer-to-peer marketplace for mobile saunas',
  summary:
    'Owners of trailer-mounted saunas list them for rent; guests pick a date, see the delivery fee for their address and book with a deposit. The platform handles availability, payments, payouts to owners and reviews.',
  points: [
    'Availability calendars with delivery radius and travel fees',
    'Online deposits and automatic payouts to owners',
    'Booking messages, reminders and two-sided reviews',
    'Admin tools for disputes, refunds and listing approval',
  ],
  stack: ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'Payments API', 'Maps API'],
};

export const enterpriseProject: ProjectHighlight = {
  title: 'Government contracting opportunity aggregator',
  summary:
    'Contractors used to check dozens of federal, state and local procurement sites by hand. This platform collects the opportunities into one searchable database, matches them to each company’s codes and sends alerts.',
  points: [
    'Opportunities refreshed automatically from public sources',
    'Search by agency, location, deadline and classification code',
    'Saved searches with e-mail alerts on new matches',
    'Team accounts with shared pipelines and notes',
  ],
  stack: ['Node.js', 'PostgreSQL full-text search', 'Scheduled ingestion jobs', 'React'],
};

export const androidProject: ProjectHighlight = {
  title: 'Android app on Google Play',
  summary:
    'A consumer Android app built and maintained end to end: native Kotlin, offline-first storage, automated builds and staged releases so an update never reaches everyone before it has proven stable.',
  points: [
    'Works offline and syncs when the connection returns',
    'Automated, signed builds for every release',
    'Staged rollouts with crash reporting, so problems stop at a few users',
  ],
  stack: ['Kotlin', 'Jetpack Compose', 'Room', 'CI builds and signing'],
};

export type ProjectIcon =
  | 'globe'
  | 'calendar'
  | 'plug'
  | 'chart'
  | 'dollar'
  | 'users'
  | 'inbox'
  | 'database'
  | 'card';

export interface ProjectType {
  icon: ProjectIcon;
  title: string;
  text: string;
}

export const projectTypes: readonly ProjectType[] = [
  {
    icon: 'globe',
    title: 'Small-business website rebuild',
    text: 'A slow template site replaced with fast, accessible pages and a contact form wired to the CRM.',
  },
  {
    icon: 'calendar',
    title: 'Online booking system',
    text: 'Appointments, deposits and reminders for a service business that booked by phone.',
  },
  {
    icon: 'plug',
    title: 'CRM and accounting integration',
    text: 'Won deals create customers and invoices automatically, ending double entry.',
  },
  {
    icon: 'chart',
    title: 'Operations dashboard',
    text: 'Daily sales, stock and open orders from three systems on one screen.',
  },
  {
    icon: 'dollar',
    title: 'Invoice automation',
    text: 'Supplier invoices read from e-mail, matched to purchase orders and queued for approval.',
  },
  {
    icon: 'users',
    title: 'Customer portal',
    text: 'Clients sign in to see their orders, documents and invoices instead of calling.',
  },
  {
    icon: 'inbox',
    title: 'AI e-mail triage',
    text: 'A shared inbox labelled and routed by an agent before the team starts the day.',
  },
  {
    icon: 'database',
    title: 'Spreadsheet to database migration',
    text: 'Years of spreadsheets cleaned, merged and moved into a database with proper reports.',
  },
  {
    icon: 'card',
    title: 'Subscription billing setup',
    text: 'Plans, trials and a customer billing portal added to an existing SaaS product.',
  },
];
