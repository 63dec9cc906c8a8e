// Settings in the host example: the employer's administrator changes the trading name and adds a cost centre
// with <payrail-org-setup> and <payrail-cost-centres> against the live API, each change through the host's
// reason dialog and proxy with her own token. Other roles have no Settings page. Screenshots at 1280 and 390 px,
// light and dark, for a person to read.
import { test, expect, type Page } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs, signOut, SHOTS } from './support.ts';

const TRADING = 'Harbour & Co Coffee Roasters';
const company = () => `${stack().api}/v1/tenants/harbour-coffee/company`;
const partner = () => ({ authorization: `Bearer ${stack().partnerKey}` });

// The seeded employer is shared by every spec: its trading name goes back to what it was, pass or fail.
test.afterEach(async ({ request }) => {
  const res = await request.patch(company(), {
    headers: { ...partner(), 'x-governance-reason': 'Trading name restored after the settings check' },
    data: { trading_name: TRADING },
  });
  expect(res.status(), await res.text()).toBe(200);
});

/** Confirms the dialog with a reason; waits for the write and the toast. */
async function confirm(page: Page, method: string, path: string, reason: string) {
  const dialog = page.locator('#action');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('#action-title')).toHaveText('Save this change');
  await dialog.locator('#reason').fill(reason);
  const answered = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === method);
  await dialog.locator('#action-submit').click();
  const res = await answered;
  expect(res.status(), await res.text()).toBe(method === 'POST' ? 201 : 200);
  await expect(dialog).toBeHidden();
  await expect(page.locator('#toast')).toContainText('Settings saved');
  await expect(page.locator('#toast')).toContainText('Recorded in the audit trail with your reason.');
}

test('the administrator changes the trading name and adds a cost centre on Settings', async ({ page }) => {
  // Nine screenshots of a long page: on a busy machine they alone can take most of the default minute.
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  const code = `ROAST-${Date.now().toString(36).toUpperCase()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(stack().bff);
  await signInAs(page, 'Elena Costa');
  await page.locator('#nav-settings').click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  const setup = page.locator('payrail-org-setup');
  const trading = setup.getByLabel('Trading name');
  await expect(trading).toHaveValue(TRADING);
  await expect(setup.getByLabel('Legal name')).toHaveValue('Harbour & Co Coffee Pty Ltd');
  const centres = page.locator('payrail-cost-centres');
  await expect(centres.locator('[part="centre"]').first()).toBeVisible();
  await shot(page, 'settings-1280-light', true);

  // The trading name: the element checks it and names the request; the host asks why and writes it.
  await trading.fill('Harbour & Co Coffee');
  await setup.locator('[part~="save-button"]').click();
  await confirm(page, 'PATCH', '/company', 'Shop signage and payslips now use the shorter name');
  await expect(page.locator('#company')).toHaveText('Harbour & Co Coffee · AU');
  await expect(setup.getByLabel('Trading name')).toHaveValue('Harbour & Co Coffee');

  // A cost centre under no parent: its code is typed in lower case and stored as the API wants it.
  await centres.getByLabel('Cost centre name').fill('Roastery, Marrickville');
  await centres.getByLabel('Code (used in reports)').fill(code.toLowerCase());
  await centres.getByRole('button', { name: 'Add cost centre' }).click();
  await confirm(page, 'POST', '/cost-centres', 'New roastery opens in December');
  const added = centres.locator('[part="centre"]', { hasText: 'Roastery, Marrickville' });
  await expect(added).toContainText(code);
  await expect(centres.getByLabel('Cost centre name')).toHaveValue('');

  // What the API now holds.
  const now = await page.request.get(company(), { headers: partner() });
  expect((await now.json()).data.trading_name).toBe('Harbour & Co Coffee');
  const list = await page.request.get(`${stack().api}/v1/tenants/harbour-coffee/cost-centres`, { headers: partner() });
  const centre = (await list.json()).data.find((c: { code: string }) => c.code === code);
  expect(centre?.name).toBe('Roastery, Marrickville');

  // Nobody reads an internal id on the page.
  const text = [
    await page.locator('#view').innerText(),
    await setup.locator('[part="card"]').innerText(),
    await centres.locator('[part="card"]').innerText(),
    await page.locator('#toast').innerText(),
  ].join(' ');
  expect(text).not.toMatch(/\b[a-z]{2,4}_[a-f0-9]{6,}/i);

  await shot(page, 'settings-1280-light-after', true);
  await page.locator('#theme').click();
  await expect(page.locator('html')).toHaveClass('payrail-theme-dark');
  await shot(page, 'settings-1280-dark', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'settings-390-dark', true);
  await setup.screenshot({ path: `${SHOTS}/settings-390-dark-setup.png` });
  await centres.screenshot({ path: `${SHOTS}/settings-390-dark-centres.png` });
  await page.locator('#theme').click();
  await expect(page.locator('html')).toHaveClass('payrail-theme-light');
  await shot(page, 'settings-390-light', true);
  await centres.screenshot({ path: `${SHOTS}/settings-390-light-centres.png` });
  expect(errors).toEqual([]);
});

test('only administrators have a Settings page', async ({ page }) => {
  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');
  await expect(page.locator('#nav-settings')).toBeHidden();
  await page.goto(`${stack().bff}/#/settings`);
  await expect(page.locator('payrail-org-setup')).toHaveCount(0);
  await expect(page.locator('payrail-pay-runs-list')).toBeVisible();
  await signOut(page);
});
