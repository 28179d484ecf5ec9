import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import { ButtonLink } from '#web/components/button.tsx';
import {
  GitHubIcon,
  LinkedInIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  XSocialIcon,
} from '#web/components/icons.tsx';

// The site footer (SPEC §2). Social profiles do not exist yet, so they are shown as
// labelled icons rather than links that lead nowhere.

const serviceLinks = [
  { to: `${paths.services}#web`, label: 'Web Development' },
  { to: `${paths.services}#backend`, label: 'Backend & APIs' },
  { to: `${paths.services}#ipaas`, label: 'Integrations & Automation' },
  { to: `${paths.services}#hosting`, label: 'Hosting & Infrastructure' },
  { to: `${paths.services}#solutions`, label: 'AI Agents' },
  { to: paths.consulting, label: 'Consulting' },
];

const companyLinks = [
  { to: paths.about, label: 'About Us' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.accessibility, label: 'Accessibility' },
];

/** The brand's public profiles that exist (brand.socials); none configured, no row. */
const socials = [
  { label: 'LinkedIn', href: brand.socials.linkedin, Icon: LinkedInIcon },
  { label: 'GitHub', href: brand.socials.github, Icon: GitHubIcon },
  { label: 'X', href: brand.socials.x, Icon: XSocialIcon },
].filter((social): social is typeof social & { href: string } => Boolean(social.href));

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <div className="mt-4">{children}</div>
    </div>
  );
}

function LinkList({ links }: { links: { to: string; label: string }[] }) {
  return (
    <ul className="space-y-3">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="text-sm text-slate-300 hover:text-white hover:underline">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <Column title={brand.shortName}>
          <p className="text-sm leading-6">
            {brand.tagline} Custom web development, integrations, hosting and automation for
            businesses across the United States.
          </p>
          {socials.length > 0 ? (
            <ul className="mt-5 flex gap-3" aria-label="Social profiles">
              {socials.map(({ label, href, Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${label} (opens in a new tab)`}
                    className="flex size-9 items-center justify-center rounded-full bg-slate-800 text-slate-300 hover:bg-slate-700 hover:text-white"
                  >
                    <Icon className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </Column>
        <Column title="Services">
          <LinkList links={serviceLinks} />
        </Column>
        <Column title="Company">
          <LinkList links={companyLinks} />
        </Column>
        <Column title="Get in touch">
          <ul className="space-y-3 text-sm">
            <li className="flex gap-3">
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <span>{brand.location}</span>
            </li>
            <li className="flex gap-3">
              <MailIcon className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <a
                href={`mailto:${brand.email}`}
                className="break-all hover:text-white hover:underline"
              >
                {brand.email}
              </a>
            </li>
            <li className="flex gap-3">
              <PhoneIcon className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <a href={brand.phoneHref} className="hover:text-white hover:underline">
                {brand.phone}
              </a>
            </li>
          </ul>
          <p className="mt-3 text-sm text-slate-400">{brand.responseTime}</p>
          <ButtonLink to={paths.contact} className="mt-5">
            Send Message
          </ButtonLink>
        </Column>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          {/* The year is computed at render; a page pre-rendered last December may differ. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {brand.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}

/** The footer of the signed-in screens: the company and the pages people need. */
export function CompactFooter() {
  const links = [
    { to: paths.privacy, label: 'Privacy' },
    { to: paths.terms, label: 'Terms' },
    { to: paths.accessibility, label: 'Accessibility' },
    { to: paths.contact, label: 'Support' },
  ];
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>
          © {new Date().getFullYear()} {brand.name}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-slate-900 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
