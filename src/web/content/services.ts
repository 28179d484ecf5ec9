// The services page's sections (SPEC §2 Services) in the order of its side menu, and
// the copy of the sections that share one layout. Anchors are the spec's; a topic's id
// is an anchor inside its section.

export interface ServiceTopic {
  id?: string;
  title: string;
  text: string;
  points?: readonly string[];
}

export interface ServiceArea {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  topics: readonly ServiceTopic[];
}

/** The 13 entries of the side menu: section anchor and label. */
export const serviceMenu = [
  { id: 'software', label: 'Overview' },
  { id: 'solutions', label: 'AI Agents' },
  { id: 'ipaas', label: 'Integrations & iPaaS' },
  { id: 'operations', label: 'Operations Dashboards' },
  { id: 'web', label: 'Web Development' },
  { id: 'backend', label: 'Backend & APIs' },
  { id: 'database-solutions', label: 'Databases' },
  { id: 'hosting', label: 'Hosting & Cloud' },
  { id: 'security', label: 'Security & Monitoring' },
  { id: 'payments', label: 'Payments & SaaS' },
  { id: 'support', label: 'Support & SLAs' },
  { id: 'devops', label: 'DevOps & Mobile' },
  { id: 'process', label: 'How We Work' },
] as const;

export const serviceAreas: Record<
  'web' | 'backend' | 'database-solutions' | 'hosting' | 'security' | 'payments' | 'devops',
  ServiceArea
> = {
  web: {
    id: 'web',
    eyebrow: 'Web Development',
    title: 'Websites and web apps that load fast and earn trust',
    intro:
      'From a five-page marketing site to a customer portal with logins and billing, we build on React and TypeScript with accessibility and speed budgets checked on every release.',
    topics: [
      {
        id: 'web-app',
        title: 'Web applications',
        text: 'Customer portals, internal tools, booking systems and dashboards with sign-in, roles and an audit trail.',
        points: [
          'Role-based access and two-factor sign-in',
          'Works on phones, tablets and desktops',
        ],
      },
      {
        id: 'website-design',
        title: 'Website design',
        text: 'Clear page structure, copy that answers buyers’ questions and a design that follows your brand, built to WCAG 2.2 AA.',
        points: [
          'Responsive from 360 px phones up',
          'Accessibility tested with automated and manual checks',
        ],
      },
      {
        id: 'website-customization',
        title: 'Website customization',
        text: 'Already on WordPress, Shopify or Webflow? We add the feature your theme cannot do, connect forms to your CRM and fix slow pages.',
        points: ['Custom plugins, apps and embeds', 'Speed and Core Web Vitals fixes'],
      },
      {
        id: 'seo',
        title: 'Technical SEO',
        text: 'Pages pre-rendered as plain HTML, one title and description per page, canonical URLs, sitemaps and structured headings.',
        points: [
          'Lighthouse budgets for speed and accessibility',
          'Clean URLs and redirects when you migrate',
        ],
      },
    ],
  },
  backend: {
    id: 'backend',
    eyebrow: 'Backend & APIs',
    title: 'The business rules behind your product',
    intro:
      'Servers, jobs and APIs that keep your data consistent: validated on the way in, logged on the way through and tested before every deploy.',
    topics: [
      {
        title: 'Backend development',
        text: 'Node.js and TypeScript services with background jobs, scheduled tasks, e-mail and file handling, each feature covered by automated tests.',
        points: ['Queues and retries so nothing is lost', 'Structured logs you can search'],
      },
      {
        id: 'api-development',
        title: 'API development',
        text: 'REST APIs with OpenAPI documentation, API keys, rate limits and webhooks, so partners and your own apps can build on your data.',
        points: ['Versioned, documented endpoints', 'Signed webhooks with replay protection'],
      },
    ],
  },
  'database-solutions': {
    id: 'database-solutions',
    eyebrow: 'Databases',
    title: 'Data you can trust and query',
    intro:
      'Most software problems are data problems in disguise. We design schemas that match how your business works and move you off spreadsheets without losing a row.',
    topics: [
      {
        id: 'sql-database',
        title: 'SQL databases',
        text: 'PostgreSQL, MySQL and SQL Server: schema design, indexes, versioned migrations and query tuning for tables with millions of rows.',
        points: ['Point-in-time recovery on managed databases', 'Reporting views for your BI tool'],
      },
      {
        title: 'Data migration and cleanup',
        text: 'From spreadsheets, Access files or a legacy system into one database, with duplicates merged and every record checked against rules.',
        points: ['Dry runs with a row-by-row report', 'A rollback plan before the switch'],
      },
    ],
  },
  hosting: {
    id: 'hosting',
    eyebrow: 'Hosting & Cloud',
    title: 'Managed hosting with a 99.99% uptime SLA',
    intro:
      'We run what we build, so you have one number to call. Every environment is monitored, backed up and patched, and the uptime commitment is written into your agreement.',
    topics: [
      {
        id: 'cloud-hosting',
        title: 'Cloud hosting',
        text: 'Managed application hosting with TLS, a CDN for static files, separate staging and production, and zero-downtime deploys.',
      },
      {
        id: 'cloud-infrastructure',
        title: 'Cloud infrastructure',
        text: 'AWS, Azure or Google Cloud set up as code: networks, least-privilege access, managed databases and a monthly cost review.',
      },
      {
        id: 'domain',
        title: 'Domains and DNS',
        text: 'Domain registration and transfers, DNS, redirects, and SPF, DKIM and DMARC records so your e-mail reaches the inbox.',
      },
      {
        id: 'backup',
        title: 'Backups and recovery',
        text: 'Automated daily backups kept off-site, point-in-time database restore, and restore drills so a backup is proven before you need it.',
      },
    ],
  },
  security: {
    id: 'security',
    eyebrow: 'Security & Monitoring',
    title: 'Protected, watched and accountable',
    intro:
      'Security is designed in, not bolted on: least privilege, encrypted connections and a record of who did what, with monitoring that alerts us before customers notice.',
    topics: [
      {
        title: 'Application security',
        text: 'Reviews against the OWASP Top 10, memory-hard password hashing, two-factor sign-in, IP allow-lists, strict content security policies and timely dependency updates.',
      },
      {
        id: 'uptime',
        title: 'Uptime monitoring',
        text: 'Checks every minute from several regions, with alerts to our on-call engineer and an incident note for you after any outage. Backed by the 99.99% uptime SLA.',
      },
      {
        id: 'monitoring',
        title: 'Error and performance monitoring',
        text: 'Live error tracking, slow-request and failed-job alerts, and log retention that fits your plan, so issues are found from data rather than complaints.',
      },
    ],
  },
  payments: {
    id: 'payments',
    eyebrow: 'Payments & SaaS',
    title: 'Get paid on time, automatically',
    intro:
      'Checkout, subscriptions and invoicing wired into your product and your books, so revenue does not depend on someone remembering to send an invoice.',
    topics: [
      {
        title: 'Subscriptions and billing',
        text: 'Plans, trials, upgrades and cancellations, a hosted billing portal for your customers, and invoices with PDF copies and pay-now links.',
      },
      {
        title: 'Card payments and checkout',
        text: 'Hosted checkout pages, payment webhooks and reconciliation with your accounting system, without card data touching your servers.',
      },
      {
        title: 'SaaS foundations',
        text: 'Accounts for companies and their teams, plan-based features, usage metering and an admin area for your staff.',
      },
    ],
  },
  devops: {
    id: 'devops',
    eyebrow: 'DevOps & Mobile',
    title: 'Ship often, break nothing',
    intro:
      'Automated pipelines turn a release from an event into a routine: every change is tested, reviewed and deployed the same way, and can be rolled back in minutes.',
    topics: [
      {
        title: 'CI/CD pipelines',
        text: 'Tests, type checks and security scans on every change, preview environments for review, and one-step deploys and rollbacks.',
      },
      {
        id: 'mobile-devops',
        title: 'Mobile apps and mobile DevOps',
        text: 'Native Android apps in Kotlin with automated builds, signed releases, staged Play Store rollouts and crash reporting. The Android app in our portfolio has passed 5,000+ downloads and stays crash-free for over 99.8% of users.',
      },
    ],
  },
};
