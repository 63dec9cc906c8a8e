// What every end-to-end spec needs: the stack's addresses, a console-error collector, host sign-in
// and screenshots under /tmp/payrail-e2e for a person to look at.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import type { Stack } from './stack.ts';
import { AU_COMPANY_BANK } from '../helpers/payroll-fixtures.ts';

export function stack(): Stack {
  const raw = process.env.PAYRAIL_E2E;
  if (!raw)
    throw new Error(
      'PAYRAIL_E2E is not set: run through tests/e2e/playwright.config.ts, whose globalSetup starts the stack.',
    );
  return JSON.parse(raw) as Stack;
}

export const SHOTS = '/tmp/payrail-e2e';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the whole page, shadow roots included, one line each. */
export async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await (globalThis as any).axe.run((globalThis as any).document);
    return r.violations.map(
      (v: any) => `${v.id}: ${v.help} (${v.nodes.map((n: any) => n.target.join(' ')).join(', ')})`,
    );
  });
}

export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Console errors and uncaught exceptions, collected from the moment this is called. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}

export const isSession = (r: Response) => r.url().endsWith('/bff/session') && r.request().method() === 'POST';

/** Picks a demo user on the host's sign-in screen and waits for the payroll page. */
export async function signInAs(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.locator('#me-name')).toHaveText(name);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Switch user' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

export function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** A pay-run action in the host page: the button, the governance reason, the answer and the toast. */
export async function act(page: Page, action: string, reason: string, done: string) {
  const detail = page.locator('payrail-pay-run-detail');
  await detail.locator(`[data-action="${action}"]`).click();
  const dialog = page.locator('#action');
  await expect(dialog).toBeVisible();
  await dialog.locator('#reason').fill(reason);
  const answered = page.waitForResponse((r) => r.url().endsWith(`/${action}`) && r.request().method() === 'POST');
  await dialog.locator('#action-submit').click();
  const res = await answered;
  expect(res.status(), await res.text()).toBe(200);
  expect(res.request().headers()['x-host-governance-reason']).toBe(encodeURIComponent(reason));
  await expect(dialog).toBeHidden();
  const toast = page.locator('#toast');
  await expect(toast).toContainText(done);
  // The confirmation links to the record in the audit trail; nobody reads its internal id.
  const evidenceId = (await res.json()).evidence_id as string;
  await expect(toast.getByRole('link', { name: 'View the record' })).toHaveAttribute(
    'href',
    `#/audit/${encodeURIComponent(evidenceId)}`,
  );
  expect(await toast.innerText()).not.toContain(evidenceId);
  return evidenceId;
}

/** Brings every gallery section that loads on demand into view, and waits until each has rendered its elements. */
export async function openEverySection(page: Page): Promise<void> {
  for (const slot of await page.locator('#gallery .later').all()) {
    await slot.scrollIntoViewIfNeeded();
    await expect(slot.locator(':scope > *').first()).toBeAttached();
  }
  await page.waitForLoadState('networkidle');
}

/** A host user signs in for the page's own requests (the same cookie the browser then carries). */
export async function signInForRequests(page: Page, bff: string, userId: string): Promise<void> {
  const res = await page.request.post(`${bff}/bff/sign-in`, { data: { user_id: userId } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A governed write through the host's proxy with the signed-in user's token and the host's reason; the token is
 * bound to the host's origin, as the page's own requests are. Answers the envelope's `data`.
 */
export async function hostWrite(
  page: Page,
  at: { bff: string; tenant: string; reason: string },
  method: 'POST' | 'PUT',
  path: string,
  data: unknown,
  status: number,
) {
  const res = await page.request.fetch(`${at.bff}/api/v1/tenants/${at.tenant}${path}`, {
    method,
    data,
    headers: { origin: at.bff, 'x-host-governance-reason': encodeURIComponent(at.reason) },
  });
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()).data;
}

/**
 * An AU employer as a partner provisions it, pinned to a pack version, with the bank account pay is sent from.
 * The partner is not the seeded one, whose portfolio of employers other specs count.
 */
export async function provisionAuEmployer(
  page: Page,
  employer: { partnerKey: string; slug: string; name: string; packVersion: string; reason: string },
): Promise<void> {
  const partner = { authorization: `Bearer ${employer.partnerKey}` };
  const tenant = await page.request.post(`${stack().api}/v1/partners/tenants`, {
    headers: partner,
    data: {
      name: employer.name,
      slug: employer.slug,
      jurisdiction: 'AU',
      engine: 'payroll_engine_au',
      pack_version: employer.packVersion,
    },
  });
  expect(tenant.status(), await tenant.text()).toBe(201);
  expect((await tenant.json()).data.binding.pack_version).toBe(employer.packVersion);
  const bank = await page.request.patch(`${stack().api}/v1/tenants/${employer.slug}/company/bank`, {
    headers: { ...partner, 'x-governance-reason': employer.reason },
    data: { ...AU_COMPANY_BANK, account_name: employer.name },
  });
  expect(bank.status(), await bank.text()).toBe(200);
}

/** tests/e2e/page-checks.js: the page's own checks, injected once per document. */
const CHECKS = path.join(import.meta.dirname, 'page-checks.js');

/** Waits until the network is quiet and no element is still loading. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  if (!(await page.evaluate(() => !!(globalThis as any).__payrailChecks))) await page.addScriptTag({ path: CHECKS });
  await expect.poll(() => page.evaluate(() => (globalThis as any).__payrailChecks.loading() as boolean)).toBe(false);
}

/** The page at 1280 and 390 px, light and dark: photographed whole, checked with axe, back to 1280 light. */
export async function everyWay(page: Page, name: string, focus: Locator[] = []) {
  for (const [width, theme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [390, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settle(page);
    await shot(page, `${name}-${width}-${theme}`, true);
    for (const [i, el] of focus.entries())
      if (await el.isVisible()) await el.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}-part${i + 1}.png` });
    expect(await axe(page), `${name} at ${width} px, ${theme}`).toEqual([]);
    const wide = await page.evaluate(() => {
      const d = (globalThis as any).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });
    expect(wide, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The host's reason dialog for a request a component emitted: fill it, send it, wait for the API's answer. */
export async function withReason(page: Page, ending: string, reason: string, status = 200) {
  const dialog = page.locator('#action');
  await expect(dialog).toBeVisible();
  await dialog.locator('#reason').fill(reason);
  const answered = page.waitForResponse((r) => r.url().endsWith(ending) && r.request().method() !== 'GET');
  await dialog.locator('#action-submit').click();
  const res = await answered;
  expect(res.status(), await res.text()).toBe(status);
  expect(res.request().headers()['x-host-governance-reason']).toBe(encodeURIComponent(reason));
  await expect(dialog).toBeHidden();
  return res;
}
