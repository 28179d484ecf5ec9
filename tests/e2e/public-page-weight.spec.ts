import { publicPaths } from '#shared/paths.ts';
import { gzippedJs, MAX_APP_JS_KB, MAX_FRAMEWORK_JS_KB } from '../support/page-js.ts';
import { expect, test } from './fixtures.ts';

// How the public pages are built for the page budgets (DESIGN §6, decision 005): the
// stylesheet is inline so the first paint waits for no request, and the hydration scripts
// are not preloaded, so they do not race the page. The page must still look styled and
// come alive (hydrate), and the portal's SPA fallback keeps its preloads.

test('every public page carries its stylesheet inline and no module preloads', async ({
  request,
}) => {
  for (const path of publicPaths) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<style data-precedence="default" data-href="app-css">[^<]{10000,}/);
    expect(html, path).not.toContain('rel="stylesheet"');
    expect(html, path).not.toContain('rel="modulepreload"');
    expect(html, path).toMatch(/<script type="module"[^>]*>import "\/assets\/manifest-/);
  }
});

test('every public page stays within its JavaScript budget', () => {
  // The build the server under test serves. The Lighthouse bench measures the same way;
  // this keeps a page from growing past the budget between bench runs (it once did).
  const webRoot = process.env.WEB_ROOT ?? 'build/client';
  const over = publicPaths.flatMap((path) => {
    const js = gzippedJs(webRoot, path);
    return [
      ...(js.framework > MAX_FRAMEWORK_JS_KB
        ? [`${path}: framework ${js.framework.toFixed(1)} KB`]
        : []),
      ...(js.app > MAX_APP_JS_KB ? [`${path}: app ${js.app.toFixed(1)} KB`] : []),
    ];
  });
  expect(over, `budgets: framework ${MAX_FRAMEWORK_JS_KB} KB, app ${MAX_APP_JS_KB} KB`).toEqual([]);
});

test('the portal and admin fallback page keeps its module preloads', async ({ request }) => {
  const html = await (await request.get('/client')).text();
  expect(html).toContain('rel="modulepreload"');
  expect(html).toContain('data-href="app-css"');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a public page is styled and hydrates without preloads', async ({ page }) => {
    await page.goto('/');
    // Styled: the footer's dark background comes from the inline stylesheet.
    const footer = page.locator('footer');
    await expect(footer).toHaveCSS('background-color', /oklch\(0\.208|rgb\(15, 23, 42\)/);
    // Alive: React marks the page hydrated, and the menu toggle (a React control) opens.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    // One stylesheet: React found the inline one by its key instead of adding another.
    await expect(page.locator('style[data-href="app-css"], link[rel="stylesheet"]')).toHaveCount(1);
  });
});
