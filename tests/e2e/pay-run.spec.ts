// A whole pay run clicked through in the host page: the preparer previews the seeded AU draft, the
// approver approves and finalises it, each with a governance reason, and the payslips unlock.
import { test, expect } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs, signOut, act } from './support.ts';

test('preparer previews, approver approves and finalises the AU draft run, each with a reason', async ({ page }) => {
  const errors = consoleErrors(page);
  const run = stack().draftPayRun.au;
  const detail = page.locator('payrail-pay-run-detail');
  const pill = detail.locator('[part="pill"]');

  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');
  await page.locator('payrail-pay-runs-list tbody tr', { hasText: 'Draft' }).click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${run}$`));
  await expect(detail).not.toContainText(run);
  await expect(pill).toHaveText('Draft');
  await expect(detail.locator('[data-action="approve"]')).toHaveCount(0);

  // A reason is required before anything is sent.
  await detail.locator('[data-action="preview"]').click();
  await page.locator('#reason').fill('ok');
  await page.locator('#action-submit').click();
  await expect(page.locator('#action-error')).toContainText('at least 3 characters');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await act(page, 'preview', 'Timesheets for the fortnight imported and checked', 'Preview ready');
  await expect(pill).toHaveText('Previewed');
  await shot(page, 'pay-run-previewed');

  await signOut(page);
  await signInAs(page, 'Marcus Webb');
  await page.locator('payrail-pay-runs-list tbody tr', { hasText: 'Previewed' }).click();
  await expect(pill).toHaveText('Previewed');
  await detail.locator('[data-action="approve"]').click();
  await page.locator('#reason').fill('Totals match the roster export – approved');
  await shot(page, 'pay-run-approve-dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  const approval = await act(page, 'approve', 'Totals match the roster export – approved', 'Pay run approved');
  await expect(pill).toHaveText('Approved');
  await act(page, 'finalise', 'Paying on the scheduled date', 'Pay run finalised');
  await expect(pill).toHaveText('Finalised');
  await expect(detail.locator('[data-action="finalise"]')).toHaveCount(0);
  await shot(page, 'pay-run-finalised');

  // The reason the approver typed, en dash and all, is in the evidence record with their name.
  const evidence = await page.request.get(`${stack().api}/v1/tenants/harbour-coffee/governance/evidence/${approval}`, {
    headers: { authorization: `Bearer ${stack().partnerKey}` },
  });
  const record = (await evidence.json()).data;
  expect(record.governance_reason).toBe('Totals match the roster export – approved');
  expect(record.actor.user_id).toBe('usr_host_marcus');

  // Finalising unlocked the payslips.
  await page.getByRole('link', { name: 'Payslips' }).click();
  await expect(page.locator('payrail-payslip-viewer').getByText('Net pay', { exact: true })).toBeVisible();
  await shot(page, 'pay-run-payslip');
  expect(errors).toEqual([]);
});
