// Onboarding an employer by spreadsheet through the host example: a payroll officer downloads the template,
// chooses a CSV written the way a spreadsheet writes it, sees who is in it, confirms with a reason, and is told
// who was added and which row to correct, by its row and column in the sheet. The new people are on the payroll.
// The employer is one of its own, provisioned by its partner, so the hires waiting for their bank and super details
// stay out of the sandbox employer's runs.
import fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs, axe, provisionAuEmployer } from './support.ts';

const CSV = [
  'First name,Last name,Date of birth,Email,Street,Suburb,State,Postcode,Employment type,Start date,Pay frequency,Annual salary,Hours per week,Tax-free threshold,Staff number',
  'Imogen,Sheetley,14/03/1991,imogen@example.com,1 George St,Sydney,NSW,2000,Full time,01/02/2027,Fortnightly,"$72,000.00",38,Yes,A17',
  '',
  'Rafael,Sheetley,31/02/1990,,2 King St,Sydney,NSW,2000,Part time,01/02/2027,Fortnightly,"$41,600.00",20,No,A18',
  'Yusuf,Sheetley,9/7/1985,yusuf@example.com,3 Queen St,Sydney,NSW,2000,Casual,01/02/2027,Weekly,,,Yes,A19',
].join('\r\n');

test('a payroll officer imports employees from a spreadsheet and is told which row to correct', async ({ page }) => {
  const errors = consoleErrors(page);
  await provisionAuEmployer(page, {
    partnerKey: stack().importPartnerKey,
    slug: stack().importTenant,
    name: 'Sheetley Staffing Pty Ltd',
    packVersion: 'AU-2026.2',
    reason: 'Moving our payroll to Brightwork',
  });
  await page.goto(stack().bffImport);
  await signInAs(page, 'Priya Raman');
  await page.locator('#nav-people').click();
  await page.locator('#import-employees').click();
  await expect(page.getByRole('heading', { name: 'Import from a spreadsheet' })).toBeVisible();

  // The template is a CSV of every column with an example employee.
  const download = page.waitForEvent('download');
  await page.locator('#import-template').click();
  const template = fs.readFileSync(await (await download).path(), 'utf8');
  expect(template).toMatch(/^\ufeff?First name,Last name,Date of birth/);
  expect(template).toContain('Olivia,Nguyen');

  await page
    .locator('#import-file')
    .setInputFiles({ name: 'Staff.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  const read = page.locator('#import-read');
  await expect(read).toContainText('Staff.csv: 3 people');
  await expect(read).toContainText('Not imported, as the template has no such column: Staff number.');
  await expect(read).toContainText('$72,000.00 a year');
  await shot(page, 'employee-import-read', true);

  await page.locator('#import-send').click();
  await page.locator('#reason').fill('Moving our payroll to Brightwork');
  const sent = page.waitForResponse((r) => r.url().endsWith('/employees/bulk') && r.request().method() === 'POST');
  await page.locator('#action-submit').click();
  expect((await sent).status()).toBe(200);

  const result = page.locator('#import-result');
  await expect(result).toContainText('2 employees added.');
  await expect(result).toContainText('1 row not added.');
  // Row 4 of the sheet (the empty line counts), by name, with the date as it was typed.
  await expect(result.locator('tbody tr')).toHaveCount(1);
  await expect(result.locator('tbody tr')).toContainText('4');
  await expect(result.locator('tbody tr')).toContainText('Rafael Sheetley');
  await expect(result.locator('tbody tr')).toContainText('Date of birth (31/02/1990): Not a real calendar date');
  const fix = page.waitForEvent('download');
  await page.locator('#import-refused').click();
  expect(fs.readFileSync(await (await fix).path(), 'utf8')).toMatch(/First name[^\n]*\r\nRafael,Sheetley,31\/02\/1990/);
  await shot(page, 'employee-import-done', true);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'employee-import-done-390', true);
  expect(await axe(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The people added are on the payroll, under the officer's reason.
  await page.getByRole('link', { name: 'See everyone' }).click();
  const list = page.locator('payrail-employees-list');
  await list.locator('[part~="search"]').fill('Sheetley');
  await expect(list).toContainText('Imogen Sheetley');
  await expect(list).toContainText('Yusuf Sheetley');
  await expect(list).not.toContainText('Rafael');
  expect(errors).toEqual([]);
});
