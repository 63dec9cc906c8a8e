// The audit trail through the host example: an administrator follows a pay-run entry's "Evidence" to its
// record in the trail and verifies the chain (the host's backend calls with the partner key); a viewer reads
// the trail but is not offered the check.
import fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { stack, consoleErrors, signInAs } from './support.ts';

const OUT = process.env.PAYRAIL_SHOTS;
async function keep(page: Page, name: string) {
  if (!OUT) return;
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: `${OUT}/gov-trail-host-${name}.png` });
}

test("an administrator opens an entry's evidence in the audit trail and verifies the chain", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto(stack().bff);
  await signInAs(page, 'Elena Costa');
  await page
    .locator('payrail-pay-runs-list tbody tr', { hasText: /Finalised|Lodged/ })
    .first()
    .click();
  const link = page.locator('payrail-pay-run-detail [part~="evidence-link"]').first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/#\/audit\/cev_/);
  const trail = page.locator('payrail-governance-trail');
  const detail = trail.locator('[part~="detail"]');
  await expect(detail).toContainText('Record fingerprint');
  await expect(detail.locator('h3')).toHaveText(/^Pay run entry /);
  expect(await detail.getAttribute('data-id')).toBe(decodeURIComponent(page.url().split('/audit/')[1]));
  await keep(page, 'record');

  const verified = page.waitForResponse((r) => r.url().endsWith('/bff/governance/verify'));
  await trail.locator('[part~="verify-button"]').click();
  expect((await verified).status()).toBe(200);
  await expect(trail.locator('[part~="verification"]')).toContainText(/Chain intact\. [\d,]+ records checked/);
  await trail.getByRole('button', { name: 'Back to the trail' }).click();
  await expect(trail.locator('tbody tr').first()).toBeVisible();
  await keep(page, 'verified');
  expect(errors).toEqual([]);
});

test('a viewer reads the audit trail without the chain check', async ({ page }) => {
  await page.goto(stack().bff);
  await signInAs(page, 'Sam Okafor');
  await page.locator('#nav-audit').click();
  const trail = page.locator('payrail-governance-trail');
  await expect(trail.locator('tbody tr').first()).toBeVisible();
  await expect(trail.locator('[part~="verify-button"]')).toBeHidden();
});
