// The demo pages at phone and desktop widths, in both themes: no Payrail element is wider than its
// container at 390 px (and the page never scrolls sideways), the gallery's top bar wraps, and axe-core
// finds no violation (landmarks, headings, contrast). Screenshots land in /tmp/payrail-e2e.
import path from 'node:path';
import { createRequire } from 'node:module';
import { test, expect, type Page } from '@playwright/test';
import { stack, shot, signInAs, openEverySection } from './support.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const THEMES = ['light', 'dark'] as const;

const CHECKS = path.join(import.meta.dirname, 'page-checks.js');
/** tests/e2e/page-checks.js, injected once per document. */
async function checks(page: Page) {
  if (!(await page.evaluate(() => !!(globalThis as any).__payrailChecks))) await page.addScriptTag({ path: CHECKS });
  return {
    overflow: () => page.evaluate(() => (globalThis as any).__payrailChecks.overflow() as string[]),
    loading: () => page.evaluate(() => (globalThis as any).__payrailChecks.loading() as boolean),
    frames: () => page.evaluate(() => (globalThis as any).__payrailChecks.frames()),
  };
}
const overflow = async (page: Page) => (await checks(page)).overflow();

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await (globalThis as any).axe.run((globalThis as any).document);
    return r.violations.map(
      (v: any) => `${v.id}: ${v.help} (${v.nodes.map((n: any) => n.target.join(' ')).join(', ')})`,
    );
  });
}

/** Everything loaded: no skeleton left anywhere, the network quiet. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  const c = await checks(page);
  await expect.poll(c.loading).toBe(false);
  // Charts redraw for their new width on the next frame.
  await c.frames();
}

/** The gallery with every section rendered, the ones that load on demand included. */
async function openGallery(page: Page, query: string) {
  await page.goto(`${stack().api}/sdk-demo${query}`);
  await expect(page.locator('#conn-status')).toHaveText(query.includes('mode=sample') ? 'Sample data' : 'Live sandbox');
  await openEverySection(page);
  await settle(page);
}

for (const [label, query] of [
  ['live AU', ''],
  ['live DE', '?country=DE'],
  ['sample', '?mode=sample'],
] as const) {
  test(`at 390 px no gallery element is wider than its container (${label})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openGallery(page, query);
    expect(await overflow(page)).toEqual([]);
    // The top bar wraps: every control stays on screen.
    for (const b of await page.locator('header.top button').all()) {
      const box = (await b.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // And after opening another run and an employee, which changes what the elements show.
    await page.locator('payrail-pay-runs-list tbody tr').last().locator('.link').click();
    await page.locator('payrail-employees-list tbody tr').nth(1).locator('.link').click();
    await settle(page);
    expect(await overflow(page)).toEqual([]);
  });
}

for (const theme of THEMES) {
  test(`the gallery passes axe in the ${theme} theme at 1280 and 390 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGallery(page, theme === 'dark' ? '?theme=dark' : '');
    await expect(page.locator('html')).toHaveClass(`payrail-theme-${theme}`);
    expect(await axe(page)).toEqual([]);
    await shot(page, `layout-gallery-1280-${theme}`, true);
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    expect(await axe(page)).toEqual([]);
    expect(await overflow(page)).toEqual([]);
    await shot(page, `layout-gallery-390-${theme}`, true);
  });

  test(`the host page passes axe and fits 390 px in the ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(stack().bff);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(`payrail-theme-${theme}`);
    expect(await axe(page)).toEqual([]);
    await signInAs(page, 'Priya Raman');
    await expect(page.locator('payrail-pay-runs-list tbody tr').first()).toBeVisible();
    await settle(page);
    expect(await axe(page)).toEqual([]);
    await shot(page, `layout-host-1280-${theme}`, true);

    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    expect(await axe(page)).toEqual([]);
    expect(await overflow(page)).toEqual([]);
    await shot(page, `layout-host-390-${theme}`, true);

    // A run, then a payslip.
    await page
      .locator('payrail-pay-runs-list tbody tr', { hasText: /Finalised|Abgeschlossen/ })
      .first()
      .click();
    await expect(page.locator('payrail-pay-run-detail tbody tr').first()).toBeVisible();
    await settle(page);
    expect(await overflow(page)).toEqual([]);
    expect(await axe(page)).toEqual([]);
    await page.locator('payrail-pay-run-detail tbody tr').first().locator('button[part="link"]').click();
    await expect(page.locator('payrail-payslip-viewer').getByText('Net pay', { exact: true })).toBeVisible();
    await settle(page);
    expect(await overflow(page)).toEqual([]);
    expect(await axe(page)).toEqual([]);
    await shot(page, `layout-host-payslip-390-${theme}`, true);
  });
}

test('the host page remembers a theme chosen with its switch', async ({ page }) => {
  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass('payrail-theme-dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('payrail-pay-runs-list [part~="card"]')).toHaveCSS('background-color', 'rgb(18, 25, 35)');
  await page.reload();
  await expect(page.locator('html')).toHaveClass('payrail-theme-dark');
});

test('the themes load their font, and the gallery uses it', async ({ page }) => {
  await openGallery(page, '?mode=sample');
  const inter = await page.evaluate(async () => {
    const fonts = (globalThis as any).document.fonts;
    await fonts.ready;
    return [...fonts].filter((f: any) => f.family.replace(/["']/g, '') === 'Inter').map((f: any) => f.status);
  });
  expect(inter).toContain('loaded');
  await expect(page.locator('payrail-pay-runs-list h2')).toHaveCSS('font-family', /^Inter,/);
});
