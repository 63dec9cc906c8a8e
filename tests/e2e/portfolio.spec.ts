// Partner staff in the host example: the portfolio page (dashboard, client list, pipeline board) read through
// the BFF's /api/portfolio with the partner key kept server-side; an employer opened from the client list and a
// pay run opened from the pipeline board, each read with a view-only token for that employer. Also the
// Reports page of a tenant user, whose CSV comes through the BFF.
import fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { stack, consoleErrors, signInAs, isSession, claims } from './support.ts';

const NOTES = '/work/notes/shots';

/** Screenshots for people to look at; kept beside the notes when that folder exists. */
async function look(page: Page, name: string) {
  if (!fs.existsSync(NOTES)) return;
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${NOTES}/portfolio-ui-${name}.png`, fullPage: true });
}

test('partner staff open an employer from the client list and a pay run from the pipeline board', async ({ page }) => {
  const errors = consoleErrors(page);
  const portfolio: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/portfolio/')) portfolio.push(r.url());
  });
  await page.goto(stack().bff);
  await signInAs(page, 'Dana Whitfield');
  await expect(page).toHaveURL(/#\/clients$/);
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();

  const list = page.locator('payrail-client-list');
  await expect(list.locator('tbody tr')).toHaveCount(2);
  await expect(list).toContainText('Harbour & Co Coffee Roasters');
  await expect(list).toContainText('Nordlicht Software GmbH');
  await expect(list).not.toContainText(stack().tenants.au);
  const dash = page.locator('payrail-portfolio-dashboard');
  await expect(dash.locator('payrail-kpi-tile').first()).toHaveAttribute('value', '2');
  const board = page.locator('payrail-pipeline-board');
  await expect(board.locator('[part~="column"]')).toHaveCount(4);
  // Live data: no sample badge anywhere, and the partner key never reached the page.
  await expect(page.getByText('Sample data', { exact: true })).toHaveCount(0);
  expect(portfolio.some((u) => u.endsWith('/api/portfolio/summary'))).toBe(true);
  expect(portfolio.some((u) => u.includes('/api/portfolio/clients?sort=risk&limit=10'))).toBe(true);
  expect(await page.content()).not.toContain(stack().partnerKey);
  await look(page, 'bff-portfolio-1280-light');

  // The client list: the German employer opens its own dashboard and pay runs with a viewer token for it.
  const minted = page.waitForResponse((r) => isSession(r) || r.url().includes('/bff/session?tenant='));
  await list.locator('tbody tr', { hasText: 'Nordlicht Software GmbH' }).getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`#/clients/${stack().tenants.de}$`));
  const session = await (await minted).json();
  expect(session.data.role).toBe('viewer');
  expect(claims(session.data.token).ten).toBe(stack().tenants.de);
  // The employer's pages go by its trading name.
  await expect(page.getByRole('heading', { name: 'Nordlicht', level: 1 })).toBeVisible();
  await expect(page.locator('#company')).toHaveText('Nordlicht · DE');
  const runs = page.locator('payrail-pay-runs-list');
  await expect(runs.locator('tbody tr').first()).toBeVisible();
  await expect(runs).toContainText('€');
  await expect(page.locator('payrail-dashboard')).toBeVisible();

  // Back to the portfolio; the board's card of the AU employer's draft run opens that run.
  await page.getByRole('link', { name: 'Clients' }).first().click();
  await expect(page).toHaveURL(/#\/clients$/);
  const card = board.locator(`[part~="run-card"][data-id="${stack().draftPayRun.au}"]`);
  await expect(card).toContainText('Harbour & Co Coffee Roasters');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`#/clients/${stack().tenants.au}/runs/${stack().draftPayRun.au}$`));
  const detail = page.locator('payrail-pay-run-detail');
  await expect(detail.locator('tbody tr').first()).toBeVisible();
  await expect(detail).not.toContainText(stack().draftPayRun.au);
  // Partner staff read; they do not run payroll, so no action is offered.
  await expect(detail.locator('[data-action]')).toHaveCount(0);
  await expect(page.locator('#crumbs')).toContainText('Harbour & Co Coffee Roasters');
  await expect(page.locator('#company')).toHaveText('Harbour & Co Coffee Roasters · AU');
  expect(errors).toEqual([]);
});

test('the portfolio page at 390 px and in the dark theme', async ({ page }) => {
  await page.goto(stack().bff);
  await signInAs(page, 'Dana Whitfield');
  await expect(page.locator('payrail-client-list tbody tr')).toHaveCount(2);
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveClass('payrail-theme-dark');
  await look(page, 'bff-portfolio-1280-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('payrail-pipeline-board [part~="column"]')).toHaveCount(4);
  const xs = await page
    .locator('payrail-pipeline-board [part~="column"]')
    .evaluateAll((cols) => cols.map((c) => Math.round(c.getBoundingClientRect().left)));
  expect(new Set(xs).size).toBe(1);
  const wide = await page.locator('html').evaluate((html) => html.scrollWidth);
  expect(wide).toBeLessThanOrEqual(390);
  await look(page, 'bff-portfolio-390-dark');
  await page.locator('#theme').click();
  await look(page, 'bff-portfolio-390-light');
});

test('an employer’s user has no portfolio; the Reports page downloads a CSV through the BFF', async ({ page }) => {
  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');
  await expect(page.locator('#nav-clients')).toBeHidden();
  const refused = await page.evaluate(async () => (await fetch('/api/portfolio/summary')).status);
  expect(refused).toBe(403);
  // From here on (the refusal above is logged by the browser as a failed load).
  const errors = consoleErrors(page);
  await page.locator('#nav-reports').click();
  await expect(page).toHaveURL(/#\/reports$/);
  const reports = page.locator('payrail-reports-dashboard');
  await expect(reports.locator('[part~="row"]').first()).toBeVisible();
  await expect(page.getByText('Sample data', { exact: true })).toHaveCount(0);
  const download = page.waitForEvent('download');
  const csv = page.waitForResponse((r) => r.url().includes('/reports/payroll-register') && r.url().includes('csv'));
  await reports.locator('[data-action="download"]').click();
  const res = await csv;
  expect(res.url().startsWith(`${stack().bff}/api/v1/tenants/`)).toBe(true);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/csv');
  expect((await download).suggestedFilename()).toMatch(/^payroll-register_.*\.csv$/);
  await look(page, 'bff-reports-1280-light');
  expect(errors).toEqual([]);
});
