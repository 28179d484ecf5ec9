// The Profile page's tabs and the sections on each. The chosen tab is in the address
// (?tab=security), so a link, a reload and the back button open the same one; a link to
// a section by its anchor (/settings#two-factor, as mail and the admin area send) opens
// the tab that holds it.

export const settingsTabs = [
  { id: 'account', label: 'Account', sections: ['account', 'time-zone'] },
  {
    id: 'security',
    label: 'Security',
    sections: ['password', 'two-factor', 'passkeys', 'api-tokens'],
  },
  { id: 'notifications', label: 'Notifications', sections: ['notifications'] },
  { id: 'organization', label: 'Organization defaults', sections: ['organization-defaults'] },
  { id: 'data', label: 'Your data', sections: ['your-data'] },
] as const;

export type SettingsTabId = (typeof settingsTabs)[number]['id'];

const isTab = (id: string | null): id is SettingsTabId => settingsTabs.some((tab) => tab.id === id);

/** The tab an address opens: the one holding its anchor, else ?tab=, else Account. */
export function tabOf(search: string, hash: string): SettingsTabId {
  const section = decodeURIComponent(hash.replace(/^#/, ''));
  const holder = settingsTabs.find((tab) => (tab.sections as readonly string[]).includes(section));
  if (holder) return holder.id;
  const asked = new URLSearchParams(search).get('tab');
  return isTab(asked) ? asked : 'account';
}

/** The address of a tab, for links and for choosing one. */
export const tabSearch = (id: SettingsTabId) => `?tab=${id}`;
