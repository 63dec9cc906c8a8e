// The host page on a phone and from the keyboard: the menu button that shows the navigation at 960 px
// and narrower, the skip link, and focus on the new page's heading after every route change. Each page is
// checked with axe and for sideways scrolling at 390 px; screenshots land in /tmp/payrail-e2e.
import path from 'node:path';
import { createRequire } from 'node:module';
import { test, expect, type Page } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs } from './support.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const CHECKS = path.join(import.meta.dirname, 'page-checks.js');

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await (globalThis as any).axe.run((globalThis as any).document);
    return r.violations.map(
      (v: any) => `${v.id}: ${v.help} (${v.nodes.map((n: any) => n.target.join(' ')).join(', ')})`,
    );
  });
}
async function overflow(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => !!(globalThis as any).__payrailChecks))) await page.addScriptTag({ path: CHECKS });
  return page.evaluate(() => (globalThis as any).__payrailChecks.overflow() as string[]);
}
/** Nothing left loading: the network quiet and no skeleton on screen. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  if (!(await page.evaluate(() => !!(globalThis as any).__payrailChecks))) await page.addScriptTag({ path: CHECKS });
  await expect.poll(() => page.evaluate(() => (globalThis as any).__payrailChecks.loading() as boolean)).toBe(false);
}
/** The text of the focused element and its tag, read through shadow roots. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = (globalThis as any).document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return { tag: el?.localName as string, text: (el?.textContent ?? '').trim() as string };
  });

for (const theme of ['light', 'dark'] as const) {
  test(`at 390 px the menu button opens the navigation, Escape closes it, and every page is reachable (${theme})`, async ({
    page,
  }) => {
    // Six pages, each checked with axe and photographed whole.
    test.setTimeout(240_000);
    const errors = consoleErrors(page);
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(stack().bff);
    await signInAs(page, 'Elena Costa');
    await expect(page.locator('payrail-pay-runs-list tbody tr').first()).toBeVisible();

    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'People' })).toBeHidden();
    await settle(page);
    expect(await axe(page)).toEqual([]);
    expect(await overflow(page)).toEqual([]);
    await shot(page, `nav-390-closed-${theme}`);

    // Opening it moves focus into it; Escape closes it and gives focus back to the button.
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['People', 'Payroll', 'Leave', 'Audit trail', 'Reports', 'Settings'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    expect(await focused(page)).toEqual({ tag: 'a', text: 'People' });
    expect(await axe(page)).toEqual([]);
    expect(await overflow(page)).toEqual([]);
    await shot(page, `nav-390-open-${theme}`);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'People' })).toBeHidden();
    expect(await focused(page)).toEqual({ tag: 'button', text: '' });
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.id)).toBe('menu');

    // Each page through the menu: it closes, and focus lands on the new page's heading.
    for (const [name, hash, heading] of [
      ['People', '#/people', 'People'],
      ['Leave', '#/leave', 'Leave'],
      ['Reports', '#/reports', 'Reports'],
      ['Audit trail', '#/audit', 'Audit trail'],
      ['Settings', '#/settings', 'Settings'],
      ['Payroll', '#/runs', 'Payroll'],
    ] as const) {
      await menu.click();
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${hash}$`));
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
      await settle(page);
      expect(await overflow(page), hash).toEqual([]);
      expect(await axe(page), hash).toEqual([]);
      await shot(page, `nav-390-${hash.slice(2)}-${theme}`, true);
    }
    expect(errors).toEqual([]);
  });
}

test('at 1280 px the navigation is always shown and there is no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(stack().bff);
  await signInAs(page, 'Elena Costa');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' })).toBeVisible();
  // Widening the window with the menu open leaves no stale state behind.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator('#menu')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#side')).not.toHaveClass(/open/);
});

test("the skip link is the first stop and goes to the page's heading; a route change moves focus there too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');
  await expect(page.getByRole('heading', { level: 1, name: 'Payroll' })).toBeVisible();
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  // Shown on screen while it has focus.
  const box = (await skip.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  await shot(page, 'skip-link-1280-light');
  const url = page.url();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Payroll' })).toBeFocused();
  expect(page.url()).toBe(url);

  // A route change (a link in the navigation) puts focus on the new page's heading, never on <body>.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leave' })).toBeFocused();
  // And a link inside a page: a run opened from the list.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payroll' }).click();
  await page.locator('payrail-pay-runs-list tbody tr', { hasText: 'Finalised' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Pay run/ })).toBeFocused();
  expect(await page.evaluate(() => (globalThis as any).document.activeElement.localName)).toBe('h1');
});

test('the page says it is loading while it finds out who is signed in', async ({ page }) => {
  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');
  // Hold the host's "who am I" answer: until it comes, the page shows that it is loading, not a blank screen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/bff/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Loading payroll' })).toBeVisible();
  await shot(page, 'host-loading-1280-light');
  release();
  await expect(page.locator('payrail-pay-runs-list tbody tr').first()).toBeVisible();
  await expect(page.getByText('Loading payroll')).toBeHidden();
});

test('a page opened while the one before is still loading stays on screen', async ({ page }) => {
  await page.goto(stack().bff);
  // An employee lands on their pay, which first asks the API whom their sign-in is for. Hold that answer,
  // open Leave meanwhile, then let it come: the pay page it belonged to must not draw over the leave page.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let asked!: () => void;
  const waiting = new Promise<void>((r) => (asked = r));
  await page.route('**/api/v1/tenants/*/me', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await signInAs(page, 'Olivia Bennett');
  await waiting;
  await page.locator('#nav-leave').click();
  await expect(page.getByRole('heading', { name: 'My leave' })).toBeVisible();
  const answered = page.waitForResponse('**/api/v1/tenants/*/me');
  release();
  await answered;
  await expect(page.locator('payrail-leave-request').locator('select')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My leave' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My pay' })).toHaveCount(0);
  await expect(page.locator('#crumbs')).toHaveText('Leave');
});

test('at 390 px the leave page fits, and its controls are at least 24 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${stack().bff}/#/leave`);
  await signInAs(page, 'Elena Costa');
  await page.goto(`${stack().bff}/#/leave`);
  await expect(page.locator('payrail-leave-management [part~="card"]').first()).toBeVisible();
  await settle(page);
  expect(await overflow(page)).toEqual([]);
  expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const small = await page.evaluate(() => {
    const out: string[] = [];
    const visit = (root: any) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        if (!el.matches('button, input[type="checkbox"], input[type="radio"], a[href]')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.width < 24 || r.height < 24)
          out.push(
            `${el.localName}${el.type ? `[${el.type}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
          );
      }
    };
    visit((globalThis as any).document.querySelector('#view'));
    return out;
  });
  expect(small).toEqual([]);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'leave-390-light', true);
});
