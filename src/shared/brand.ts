// The brand in one place (DESIGN §1, README "Make it yours"): the consultancy's name,
// contact details and social profiles. Fictional defaults; change them here without
// touching pages. The help desk is configuration (HELPDESK_URL), not brand.

export const brand = {
  name: 'Northwind Lakes Software',
  shortName: 'Northwind Lakes',
  siteUrl: 'https://northwindlakes.dev',
  tagline: 'U.S.-based software, automation and AI agents that pay for themselves.',
  email: 'hello@northwindlakes.dev',
  phone: '(612) 555-0148',
  phoneHref: 'tel:+16125550148',
  location: 'Minneapolis, Minnesota · Serving all 50 states, fully remote',
  responseTime: 'Same-day responses, Monday to Friday',
  /** Public profiles shown in the footer; null ones are left out. */
  socials: {
    linkedin: null as string | null,
    github: null as string | null,
    x: null as string | null,
  },
  crmLinks: {
    crm: 'https://crm.zoho.com/crm/tab/Contacts/',
    subscriptions: 'https://billing.zoho.com/app#/customers/',
    books: 'https://books.zoho.com/app#/contacts/',
    desk: 'https://desk.zoho.com/agent/contacts/',
  },
} as const;
