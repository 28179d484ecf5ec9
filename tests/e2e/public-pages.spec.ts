import AxeBuilder from '@axe-core/playwright';
import { brand } from '#shared/brand.ts';
import { publicPaths } from '#shared/paths.ts';
import { expect, test, watchConsole } from './fixtures.ts';

// The public screens of SPEC §2: every section and anchor, the claims of SPEC §9,
// search-engine tags, the pre-rendered text, layout at phone width, and axe.

interface PublicPage {
  path: string;
  h1: RegExp | string;
  /** Section headings (h2) in the order of SPEC §2. */
  sections: string[];
  ids: string[];
  texts?: string[];
  links?: { name: string; href: string }[];
}

const serviceIds = [
  'software',
  'web',
  'web-app',
  'website-design',
  'website-customization',
  'seo',
  'sql-database',
  'backend',
  'api-development',
  'database-solutions',
  'cloud-infrastructure',
  'hosting',
  'cloud-hosting',
  'security',
  'uptime',
  'backup',
  'domain',
  'monitoring',
  'ipaas',
  'solutions',
  'operations',
  'workflows',
  'process',
  'payments',
  'support',
  'devops',
  'mobile-devops',
];

const pages: PublicPage[] = [
  {
    path: '/',
    h1: 'Software and automation that pay for themselves',
    sections: [
      'Less busywork, fewer tools, no surprises',
      'What you can expect',
      'A small team that answers for its work',
      'AI agents you can switch on this month',
      'The three layers every product needs',
      'Rooted in Minnesota, working in all 50 states',
      'One team from the database to the app store',
      'Tell us what is slowing your team down',
    ],
    ids: ['solutions-section', 'coverage'],
    texts: [
      'U.S.-based',
      '99.99% uptime SLA',
      'Same-day responses Mon–Fri',
      'Solutions Out of the Box',
    ],
    links: [
      { name: 'Get a Free Estimate', href: '/contact' },
      { name: 'See Projects', href: '/projects' },
      { name: 'Web development services', href: '/services#web' },
      { name: 'Backend and API services', href: '/services#backend' },
      { name: 'Hosting and infrastructure services', href: '/services#hosting' },
    ],
  },
  {
    path: '/about',
    h1: 'Engineers who measure success in hours saved',
    sections: [
      'Three things, done properly',
      'Why businesses choose a small, senior team',
      'Let’s talk about your project',
    ],
    ids: ['what-we-do', 'why-us'],
    texts: ['What we do', 'Why work with us', 'Automate the repetitive', 'Connect your tools'],
    links: [
      { name: 'Schedule A Free Consultation', href: '/contact' },
      { name: `Call ${brand.phone}`, href: brand.phoneHref },
    ],
  },
  {
    path: '/contact',
    h1: 'Tell us about your project',
    sections: ['Contact information', 'Looking for a specific service?'],
    ids: [],
    links: [
      { name: 'Web development', href: '/services#web' },
      { name: 'Backend & APIs', href: '/services#backend' },
      { name: 'Integrations & automation', href: '/services#ipaas' },
      { name: brand.email, href: `mailto:${brand.email}` },
    ],
  },
  {
    path: '/services',
    h1: 'Software development services',
    sections: [
      'One accountable team for the whole stack',
      'Solutions Out of the Box',
      'Connect every tool you already pay for',
      'See your operations at a glance',
      'Websites and web apps that load fast and earn trust',
      'The business rules behind your product',
      'Data you can trust and query',
      'Managed hosting with a 99.99% uptime SLA',
      'Protected, watched and accountable',
      'Get paid on time, automatically',
      'Support with response times in writing',
      'Ship often, break nothing',
      'Four steps from idea to running software',
      'Not sure which service you need?',
    ],
    ids: serviceIds,
    texts: ['Cost impact', 'Also delivered', 'Employee activity', 'Privacy by design', 'Discovery'],
    links: [{ name: 'Get a Free Estimate', href: '/contact' }],
  },
  {
    path: '/projects',
    h1: 'Software that is running in production',
    sections: [
      'Peer-to-peer marketplace for mobile saunas',
      'Government contracting opportunity aggregator',
      'Android app on Google Play',
      'Smaller projects with outsized payback',
      'Have a project like one of these?',
    ],
    ids: ['featured', 'enterprise', 'android'],
    texts: ['5,000+', '99.8%+', '100k+', 'Featured project', 'Enterprise platform'],
    links: [{ name: 'Start a project', href: '/contact' }],
  },
  {
    path: '/consulting',
    h1: 'Advice from engineers who also build',
    sections: [
      'Six ways we help you decide',
      'Four steps, no surprises',
      'Get a second opinion before you commit',
    ],
    ids: [
      'strategic-planning',
      'it-assessment',
      'digital-transformation',
      'ai-strategy',
      'data-analytics',
      'due-diligence',
    ],
    texts: ['Discovery', 'Analysis', 'Strategy', 'Implementation'],
    links: [
      { name: 'Book a Free Consultation', href: '/contact' },
      { name: 'Explore Our Services', href: '/services' },
    ],
  },
  {
    path: '/privacy',
    h1: 'Privacy Policy',
    sections: [
      'Contents',
      ...[
        'Information We Collect',
        'How We Use Your Information',
        'How We Share Information',
        'Cookies and Local Storage',
        'Data Retention',
        'Data Security',
        'Your Rights and Choices',
        'Children’s Privacy',
        'Changes to This Policy',
        'Contact Us',
      ].map((title, i) => `${i + 1}. ${title}`),
    ],
    ids: [],
    texts: ['Last updated: April 10, 2025'],
    links: [
      { name: 'Terms of Service', href: '/terms' },
      { name: 'Back to Home', href: '/' },
    ],
  },
  {
    path: '/terms',
    h1: 'Terms of Service',
    sections: [
      'Contents',
      ...[
        'Acceptance of Terms',
        'Our Services',
        'Accounts and the Client Portal',
        'Your Responsibilities',
        'Proposals, Fees and Payment',
        'Subscriptions and Billing',
        'Intellectual Property',
        'Confidentiality',
        'Third-Party Services',
        'Warranties and Disclaimers',
        'Limitation of Liability',
        'Term and Termination',
        'Governing Law and Disputes',
      ].map((title, i) => `${i + 1}. ${title}`),
      'Contact',
    ],
    ids: [],
    texts: ['laws of the State of Minnesota', 'Last updated: April 10, 2025'],
    links: [
      { name: 'Privacy Policy', href: '/privacy' },
      { name: 'Back to Home', href: '/' },
    ],
  },
  {
    path: '/accessibility',
    h1: 'Accessibility Statement',
    sections: [
      'Contents',
      'Our Standard',
      'What We Do',
      'Compatibility',
      'Known Limitations',
      'Feedback and Help',
    ],
    ids: [],
    texts: ['WCAG) 2.2 at level AA'],
    links: [{ name: 'Report a Barrier', href: '/contact' }],
  },
];

for (const spec of pages) {
  test(`${spec.path} renders its sections, anchors and links in order`, async ({ page }) => {
    await page.goto(spec.path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(spec.h1);
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(spec.sections);
    for (const id of spec.ids) await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
    for (const text of spec.texts ?? []) await expect(main.getByText(text).first()).toBeVisible();
    for (const link of spec.links ?? []) {
      await expect(
        main.getByRole('link', { name: link.name, exact: true }).first(),
      ).toHaveAttribute('href', link.href);
    }
  });
}

test('each public page has its own title, description, canonical URL and Open Graph tags', async ({
  request,
}) => {
  const titles = new Set<string>();
  for (const path of publicPaths) {
    const html = await (await request.get(path)).text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title ?? '');
    const url = new URL(path, brand.siteUrl).href;
    // The sign-in screens are owned by the auth work and carry only a title and description.
    if (path === '/login' || path === '/register' || path === '/forgot-password') continue;
    expect(html, path).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(html, path).toContain(`<meta property="og:url" content="${url}"/>`);
    expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}"\/>/);
    expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(html, path).toMatch(/<meta property="og:description" content="[^"]+"\/>/);
  }
  expect(titles.size).toBe(publicPaths.length);
});

test('the pre-rendered HTML holds the full text of the page', async ({ request }) => {
  const expectations: Record<string, string[]> = {
    '/': ['Voice Assistant Agent', 'Task Management Agent', 'Rooted in Minnesota'],
    '/services': ['Also delivered', 'Website customization', 'Mobile apps and mobile DevOps'],
    '/privacy': ['10. Contact Us', 'April 10, 2025'],
    '/terms': ['13. Governing Law and Disputes', 'Hennepin County, Minnesota'],
    '/projects': ['5,000+', '100k+', 'Subscription billing setup'],
  };
  for (const [path, texts] of Object.entries(expectations)) {
    const html = await (await request.get(path)).text();
    for (const text of texts) expect(html, `${path}: ${text}`).toContain(text);
  }
});

test('robots.txt and sitemap.xml are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${brand.siteUrl}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of publicPaths)
    expect(xml).toContain(`<loc>${new URL(path, brand.siteUrl).href}</loc>`);
});

for (const width of [360, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test('no public page scrolls sideways', async ({ page }) => {
      for (const path of publicPaths) {
        await page.goto(path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBe(0);
      }
    });
  });
}

for (const spec of pages) {
  test(`${spec.path} has no axe violations`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const unexpected = watchConsole(page);
    await page.goto(spec.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations).toEqual([]);
    expect(unexpected()).toEqual([]);
    await context.close();
  });
}
