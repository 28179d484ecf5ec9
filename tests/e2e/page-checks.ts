import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// What every screen is checked for at the width it is open at: no axe violation, and no
// sideways scroll of the page. The page must come from browser.newContext(), as
// @axe-core/playwright needs (DESIGN §2).

/**
 * Rows of a long list past its first 25. By the time a full run reaches the admin lists
 * they hold every process and audit entry the other tests made (up to 200 and 500 a page),
 * each row the same markup with other words: axe took a minute over them on this two-core
 * machine, for nothing the first rows would not show. Excluding them was not enough (axe
 * still walked every node against the exclusions: 7–13 s a page, 30 s under load), so
 * they are taken out of the page once the sideways-scroll check has measured every row.
 */
const LATER_ROWS = 'li:nth-child(n+26), tbody > tr:nth-child(n+26)';

/** The problems found on the page as it is now, each naming `label` (its path, a width). */
export async function pageProblems(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) problems.push(`${label} scrolls ${overflow} px sideways`);
  await page.evaluate((rows) => {
    for (const row of document.querySelectorAll(rows)) row.remove();
  }, LATER_ROWS);
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const v of violations)
    problems.push(`${label}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  return problems;
}
