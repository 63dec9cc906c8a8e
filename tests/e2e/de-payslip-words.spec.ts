// A German employer's finalised run through the host example (partner staff open it): its checklist shows
// the German steps and no word of Australia's, and its payslip downloads as Entgeltabrechnung-…-Name.pdf; the
// audit trail lists changes with a time on each row, reads only when asked. At 1280 and 390 px, light and dark.
import { test, expect, type Page } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs, axe } from './support.ts';

const SIZES = [
  [1280, 800],
  [390, 844],
] as const;

async function openDeRun(page: Page) {
  await page.goto(stack().bff);
  await signInAs(page, 'Dana Whitfield');
  await page.goto(`${stack().bff}/#/clients/${stack().tenants.de}/runs/${stack().finalisedPayRun.de}`);
  const checklist = page.locator('payrail-payroll-checklist');
  await expect(checklist.locator('[part~="item"]').first()).toBeVisible();
  return checklist;
}

for (const theme of ['light', 'dark'] as const) {
  for (const [width, height] of SIZES) {
    test(`a German run's checklist names the German steps, and its payslip downloads by name (${width} px, ${theme})`, async ({
      page,
    }) => {
      const errors = consoleErrors(page);
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height });
      const checklist = await openDeRun(page);
      await expect(checklist.locator('[part~="item"]')).toHaveCount(8);
      for (const key of ['lohnsteuer_anmeldung', 'beitragsnachweis'])
        await expect(checklist.locator(`[data-key="${key}"]`)).toBeVisible();
      await expect(checklist.locator('[data-key="bank_file"]')).toContainText('SEPA');
      const words = await page.locator('#after-finalise').innerText();
      expect(words).not.toMatch(/\bATO\b|Superannuation|\bSuper\b|\bSTP\b/);
      await checklist.scrollIntoViewIfNeeded();
      await shot(page, `de-checklist-${width}-${theme}`);
      expect(await axe(page)).toEqual([]);

      // An employee's name on the run opens their payslip; "PDF herunterladen" saves it under their name.
      await page.locator('payrail-pay-run-detail tbody tr').first().locator('button[part="link"]').first().click();
      const viewer = page.locator('payrail-payslip-viewer');
      await expect(viewer.locator('[data-action="download"]')).toBeVisible();
      const download = page.waitForEvent('download');
      await viewer.locator('[data-action="download"]').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^Entgeltabrechnung-\d{4}-\d{2}-[\p{L}-]+\.pdf$/u);
      expect(file.suggestedFilename()).not.toMatch(/emp_|pr_/);
      await shot(page, `de-payslip-${width}-${theme}`);
      expect(errors).toEqual([]);
    });
  }
}

test('the audit trail lists changes with their time; reads appear only when asked for', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto(stack().bff);
  await signInAs(page, 'Elena Costa');
  await page.goto(`${stack().bff}/#/audit`);
  const trail = page.locator('payrail-governance-trail');
  const first = trail.locator('tbody tr').first();
  await expect(first).toBeVisible();
  await expect(first.locator('time')).toHaveText(/\d{1,2}:\d{2}/);
  await expect(trail.locator('tbody')).not.toContainText(/Employee read|Employees listed/i);
  await expect(page.locator('body')).not.toContainText('Payrail token');
  for (const [width, height] of SIZES)
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height });
      await shot(page, `audit-trail-${width}-${theme}`);
    }
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});
