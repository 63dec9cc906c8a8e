// The /sdk-demo gallery served by the API: every component, sample and live, AU and DE, both themes.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { stack, shot, consoleErrors, openEverySection } from './support.ts';

/** A payslip names the employer by its legal name, beside its ABN, as the payslip rules ask. */
const EMPLOYER_LEGAL_NAME = 'Harbour & Co Coffee Pty Ltd';
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ELEMENTS = [
  'payrail-dashboard',
  'payrail-pay-runs-list',
  'payrail-pay-run-detail',
  'payrail-payslip-viewer',
  'payrail-employees-list',
  'payrail-employee-detail',
  'payrail-kpi-tile',
  'payrail-chart',
];

async function open(page: Page, query = '') {
  await page.goto(`${stack().api}/sdk-demo${query}`);
  await expect(page.locator('#conn-status')).toHaveText(query.includes('mode=sample') ? 'Sample data' : 'Live sandbox');
}

const gallery = (page: Page) => page.locator('#gallery');

test('the page links the example themes, which the API serves exactly as they are in styles/', async ({ request }) => {
  const html = await (await request.get(`${stack().api}/sdk-demo`)).text();
  for (const f of ['theme-light.css', 'theme-dark.css']) {
    expect(html).toContain(`href="/sdk/v1/themes/${f}"`);
    const served = await request.get(`${stack().api}/sdk/v1/themes/${f}`);
    expect(served.headers()['content-type']).toContain('text/css');
    expect(await served.text()).toBe(fs.readFileSync(path.join(ROOT, 'styles', f), 'utf8'));
  }
});

test('loads with no console errors and renders every component live for the AU employer', async ({ page }) => {
  const errors = consoleErrors(page);
  await open(page);
  const g = gallery(page);
  for (const el of ELEMENTS) await expect(g.locator(el).first()).toBeVisible();
  const runs = (
    await (
      await page.request.get(`${stack().api}/v1/tenants/harbour-coffee/pay-runs`, {
        headers: { authorization: `Bearer ${stack().partnerKey}` },
      })
    ).json()
  ).data;
  await expect(g.locator('payrail-pay-runs-list tbody tr')).toHaveCount(runs.length);
  await expect(g.locator('payrail-payslip-viewer h2#title')).toHaveText(EMPLOYER_LEGAL_NAME);
  await expect(g.locator('payrail-pay-run-detail tbody tr').first()).toBeVisible();
  await expect(g.locator('payrail-employees-list tbody tr').first()).toBeVisible();
  await expect(g.locator('payrail-employee-detail h2').first()).toBeVisible();
  await expect(g.locator('payrail-chart').first().locator('svg').first()).toBeVisible();
  await expect(page.locator('#conn-tenant')).toContainText(stack().tenants.au);
  // The partner portfolio needs a host backend with the partner key, which the gallery has not: always sample.
  await expect(g.locator('section.demo:not(#portfolio)').getByText('Sample data', { exact: true })).toHaveCount(0);
  await expect(g.locator('#portfolio payrail-client-list tbody tr')).toHaveCount(6);
  await expect(g.locator('[part~="error"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await shot(page, 'sdk-demo-au-light', true);
  expect(errors).toEqual([]);
});

test('switching to Germany renders the DE employer live in German, and the dark theme applies', async ({ page }) => {
  // Two full-page screenshots of the whole gallery (the portfolio section included) on a shared machine.
  test.slow();
  const errors = consoleErrors(page);
  await open(page);
  await page.getByRole('button', { name: 'Germany' }).click();
  const g = gallery(page);
  await expect(g.locator('payrail-payslip-viewer h2#title')).toHaveText('Nordlicht Software GmbH');
  await expect(g.locator('payrail-payslip-viewer').getByText('Entgeltabrechnung')).toBeVisible();
  await expect(g.locator('payrail-pay-run-detail tbody tr').first()).toContainText('€');
  await expect(page.locator('#conn-tenant')).toContainText(stack().tenants.de);
  await expect(g.locator('section.demo:not(#portfolio)').getByText('Beispieldaten', { exact: true })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await shot(page, 'sdk-demo-de-light', true);

  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveClass('payrail-theme-dark');
  await expect(page).toHaveURL(/country=DE/);
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(11, 14, 20)');
  await expect(g.locator('payrail-payslip-viewer [part="card"]')).toHaveCSS('background-color', 'rgb(19, 23, 32)');
  await shot(page, 'sdk-demo-de-dark', true);
  expect(errors).toEqual([]);
});

test('the AU gallery in the dark theme, opened from a link', async ({ page }) => {
  const errors = consoleErrors(page);
  await open(page, '?theme=dark');
  await expect(page.locator('html')).toHaveClass('payrail-theme-dark');
  await expect(gallery(page).locator('payrail-payslip-viewer h2#title')).toHaveText(EMPLOYER_LEGAL_NAME);
  await page.waitForLoadState('networkidle');
  await shot(page, 'sdk-demo-au-dark', true);
  expect(errors).toEqual([]);
});

/** Every element the SDK defines, by its folder under components/. */
const EVERY_ELEMENT = fs
  .readdirSync(path.join(ROOT, 'components'))
  .filter((d) => fs.existsSync(path.join(ROOT, 'components', d, 'define.ts')))
  .map((d) => `payrail-${d}`);

test('the gallery shows every component, the sections below the first view loading as they are reached', async ({
  page,
}) => {
  test.slow();
  const errors = consoleErrors(page);
  await open(page);
  const g = gallery(page);
  await expect(g.locator('payrail-payslip-viewer h2#title')).toHaveText(EMPLOYER_LEGAL_NAME);
  await page.waitForLoadState('networkidle');
  // Nothing further down has rendered yet.
  await expect(g.locator('payrail-governance-trail')).toHaveCount(0);
  // The contents name every section, and choosing one renders it at once.
  await page.locator('.toc').getByRole('link', { name: 'Reports and audit trail' }).click();
  await expect(g.locator('#reports payrail-governance-trail')).toBeAttached();
  await openEverySection(page);
  const missing = [];
  for (const el of EVERY_ELEMENT) if ((await g.locator(el).count()) === 0) missing.push(el);
  expect(missing).toEqual([]);
  expect(EVERY_ELEMENT.length).toBeGreaterThanOrEqual(33);
  // Live, for the employer's own draft and finalised runs and someone paid in the draft.
  await expect(g.locator('#running payrail-pay-run-entry')).toHaveAttribute('employee-id', /^emp_/);
  await expect(g.locator('#running payrail-payroll-checklist').getByText('Every step of the pay run')).toBeVisible();
  await expect(g.locator('#hiring payrail-requirements').getByText('Before the next pay run')).toBeVisible();
  await expect(g.locator('#reports payrail-reports-dashboard').getByText('Download CSV')).toBeVisible();
  await expect(g.locator('section.demo:not(#portfolio)').getByText('Sample data', { exact: true })).toHaveCount(0);
  await expect(g.locator('[part~="error"]')).toHaveCount(0);
  await shot(page, 'sdk-demo-au-every-section', true);

  // Germany has no STP, super or awards: those sections are Australian only; the fund form is the social insurance.
  await page.getByRole('button', { name: 'Germany' }).click();
  await expect(g.locator('payrail-payslip-viewer h2#title')).toHaveText('Nordlicht Software GmbH');
  await expect(g.locator('#lodging')).toHaveCount(0);
  await openEverySection(page);
  for (const el of ['payrail-stp-submission', 'payrail-super-overview', 'payrail-award-config'])
    await expect(g.locator(el)).toHaveCount(0);
  await expect(g.locator('#hiring payrail-tax-declaration')).toBeAttached();
  await expect(g.locator('#hiring payrail-super-form h2#title')).toHaveText('Sozialversicherung');
  await shot(page, 'sdk-demo-de-every-section', true);
  expect(errors).toEqual([]);
});

test('sample mode renders every component with sample data and no token', async ({ page }) => {
  const errors = consoleErrors(page);
  const authorised: string[] = [];
  page.on('request', (r) => {
    if (r.headers().authorization) authorised.push(r.url());
  });
  await open(page, '?mode=sample');
  const g = gallery(page);
  for (const el of [
    'payrail-pay-runs-list',
    'payrail-pay-run-detail',
    'payrail-payslip-viewer',
    'payrail-employees-list',
    'payrail-employee-detail',
  ]) {
    await expect(g.locator(el).getByText('Sample data', { exact: true }).first()).toBeVisible();
  }
  await expect(page.locator('#expire')).toBeDisabled();
  await page.waitForLoadState('networkidle');
  expect(authorised).toEqual([]);
  await shot(page, 'sdk-demo-au-sample', true);
  expect(errors).toEqual([]);
});

test('component events land in the event log and the page answers them', async ({ page }) => {
  await open(page);
  const g = gallery(page);
  const finalised = stack().finalisedPayRun.au;
  // The seeded finalised run, whatever other walks added or did to the draft.
  await g.locator(`payrail-pay-runs-list tbody tr[data-id="${finalised}"]`).click();
  await expect(page.locator('#log li').first()).toContainText('payrail-view-pay-run');
  await expect(page.locator('#log li').first()).toContainText(finalised);
  // The detail shows the run by its period (no internal id on screen).
  const run = (
    await (
      await page.request.get(`${stack().api}/v1/tenants/harbour-coffee/pay-runs/${finalised}`, {
        headers: { authorization: `Bearer ${stack().partnerKey}` },
      })
    ).json()
  ).data;
  const period = await page.evaluate(
    ([a, b]) =>
      new Intl.DateTimeFormat('en-AU', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).formatRange(new Date(`${a}T00:00:00Z`), new Date(`${b}T00:00:00Z`)),
    [run.period_start, run.period_end],
  );
  await expect(g.locator('payrail-pay-run-detail h2#title')).toHaveText(period);
  await expect(g.locator('payrail-pay-run-detail')).not.toContainText(finalised);

  await g.locator('payrail-pay-run-detail tbody tr').nth(1).getByRole('button').click();
  await expect(page.locator('#log li').first()).toContainText('payrail-view-employee');
  const name = await g.locator('payrail-pay-run-detail tbody tr').nth(1).locator('td').first().innerText();
  await expect(g.locator('payrail-payslip-viewer .facts')).toContainText(name.trim());

  await g.locator('payrail-employees-list tbody tr').nth(2).click();
  await expect(page.locator('#log li').first()).toContainText('payrail-employee-select');

  await g.locator('payrail-payslip-viewer [data-action="print"]').click();
  await expect(page.locator('#log li').first()).toContainText('payrail-print');
  await expect(page.locator('#toast')).toContainText('no print dialog');
  await shot(page, 'sdk-demo-events');
});

test('an expired token is renewed through tokenProvider without a reload', async ({ page }) => {
  await open(page);
  const g = gallery(page);
  await expect(g.locator('payrail-payslip-viewer h2#title')).toHaveText(EMPLOYER_LEGAL_NAME);
  await page.evaluate(() => {
    (globalThis as unknown as { marker: number }).marker = 42;
  });
  const renewed = page.waitForResponse((r) => r.url().endsWith('/sdk-demo/session'));
  await page.getByRole('button', { name: 'Simulate token expiry' }).click();
  await renewed;
  await expect(page.locator('#log')).toContainText('tokenProvider()');
  await expect(g.locator('payrail-payslip-viewer h2#title')).toHaveText(EMPLOYER_LEGAL_NAME);
  await expect(g.locator('payrail-pay-runs-list tbody tr').first()).toBeVisible();
  await expect(g.locator('[part~="error"]')).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as unknown as { marker: number }).marker)).toBe(42);
});

test('the live gallery loads with at most six API requests, none of them twice', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/v1/')) requests.push(`${r.method()} ${r.url()}`);
  });
  const errors = consoleErrors(page);
  await open(page);
  const g = gallery(page);
  await expect(g.locator('payrail-payslip-viewer h2#title')).toHaveText(EMPLOYER_LEGAL_NAME);
  await expect(g.locator('payrail-employee-detail h2').first()).toBeVisible();
  await expect(g.locator('payrail-pay-run-detail tbody tr').first()).toBeVisible();
  await expect(g.locator('payrail-chart').first().locator('svg').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const unique = new Set(requests);
  expect([...unique].length, requests.join('\n')).toBe(requests.length);
  expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(6);
  // Counts come from the API: the roster is never downloaded to count heads.
  expect(
    requests.filter((r) => /\/employees\?limit=(\d{3})/.test(r)),
    requests.join('\n'),
  ).toEqual([]);
  expect(errors).toEqual([]);
});

test('one page-level alert, not one per element, when the API cannot be reached', async ({ page }) => {
  await open(page);
  const g = gallery(page);
  await expect(g.locator('payrail-pay-runs-list tbody tr').first()).toBeVisible();
  await page.route('**/v1/tenants/**', (r) => r.abort('connectionrefused'));
  // Each list reloads on its own (as after "Try again"), against an API that no longer answers.
  for (const sel of ['payrail-pay-runs-list', 'payrail-employees-list'])
    await g.locator(sel).evaluate((el) => (el as unknown as { reload(): void }).reload());
  await expect(page.locator('payrail-provider').locator('[part="alert"]')).toHaveCount(1);
  await expect(page.locator('payrail-provider [part="alert"]')).toContainText('can’t be loaded right now');
  await expect(g.locator('payrail-pay-runs-list [part~="error"]')).toBeVisible();
  await expect(g.locator('payrail-pay-runs-list [role="alert"], payrail-employees-list [role="alert"]')).toHaveCount(0);
  await shot(page, 'sdk-demo-outage');
  await page.unroute('**/v1/tenants/**');
  await page.locator('payrail-provider [part~="retry-button"]').click();
  await expect(page.locator('payrail-provider [part="alert"]')).toHaveCount(0);
  await expect(g.locator('payrail-pay-runs-list tbody tr').first()).toBeVisible();
});
