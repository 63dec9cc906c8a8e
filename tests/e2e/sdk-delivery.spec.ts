// How the SDK reaches a browser: compressed by the API and by the BFF, with German text and sample data
// as chunks fetched from beside the bundle only when a page needs them.
import { test, expect, type Page, type Response } from '@playwright/test';
import { stack, consoleErrors, signInAs } from './support.ts';

/** Every SDK script the page fetches, with how it came. */
function sdkScripts(page: Page): Response[] {
  const seen: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/sdk/') && r.url().endsWith('.js')) seen.push(r);
  });
  return seen;
}
const named = (seen: Response[], re: RegExp) => seen.filter((r) => re.test(new URL(r.url()).pathname));
const compressed = (r: Response) => expect(['br', 'gzip'], r.url()).toContain(r.headers()['content-encoding']);

test('the gallery gets the bundle compressed, and German text only once it switches to Germany', async ({ page }) => {
  const errors = consoleErrors(page);
  const seen = sdkScripts(page);
  await page.goto(`${stack().api}/sdk-demo`);
  await expect(page.locator('#conn-status')).toHaveText('Live sandbox');
  await page.waitForLoadState('networkidle');
  const [bundle] = named(seen, /\/sdk\/v1\/payrail-components\.js$/);
  expect(bundle.status()).toBe(200);
  compressed(bundle);
  expect(bundle.headers().vary).toBe('Accept-Encoding');
  expect(named(seen, /\/de-[0-9a-f]+\.js$/)).toEqual([]);

  await page.getByRole('button', { name: 'Germany' }).click();
  await expect(page.locator('#gallery payrail-payslip-viewer').getByText('Entgeltabrechnung')).toBeVisible();
  const de = named(seen, /^\/sdk\/v1\/components\/de-[0-9a-f]+\.js$/);
  expect(de).toHaveLength(1);
  expect(de[0].status()).toBe(200);
  compressed(de[0]);
  expect(errors).toEqual([]);
});

test('sample mode fetches the sample data chunk beside the bundle', async ({ page }) => {
  const errors = consoleErrors(page);
  const seen = sdkScripts(page);
  await page.goto(`${stack().api}/sdk-demo?mode=sample`);
  await expect(page.locator('#gallery payrail-pay-runs-list').getByText('Sample data', { exact: true })).toBeVisible();
  const sample = named(seen, /^\/sdk\/v1\/components\/sample-[0-9a-f]+\.js$/);
  expect(sample).toHaveLength(1);
  expect(sample[0].status()).toBe(200);
  compressed(sample[0]);
  expect(errors).toEqual([]);
});

test('the host page gets the bundle compressed through the BFF', async ({ page }) => {
  const errors = consoleErrors(page);
  const seen = sdkScripts(page);
  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');
  await expect(page.locator('payrail-pay-runs-list tbody tr').first()).toBeVisible();
  const [bundle] = named(seen, /\/sdk\/v1\/payrail-components\.js$/);
  expect(bundle.status()).toBe(200);
  compressed(bundle);
  expect(bundle.headers()['cache-control']).toBe('public, max-age=300');
  expect(errors).toEqual([]);
});
