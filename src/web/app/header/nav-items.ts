import { paths } from '#shared/paths.ts';

// The header's main items (SPEC §2), shared by the desktop bar and the mobile menu.

export interface NavItem {
  to: string;
  label: string;
}

export const servicesItems: (NavItem & { description: string })[] = [
  {
    to: `${paths.services}#software`,
    label: 'Software Development',
    description: 'Web apps, APIs, integrations and hosting',
  },
  {
    to: paths.consulting,
    label: 'Consulting',
    description: 'Strategy, assessments and AI planning',
  },
];

export const leadingItems: NavItem[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.projects, label: 'Projects' },
];

export const trailingItems: NavItem[] = [
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
];
