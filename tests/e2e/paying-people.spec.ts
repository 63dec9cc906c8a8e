// A pay cycle with four eyes, in the host page through the BFF: the payroll officer creates the schedule's
// next run and previews it, and is told an approver must approve it (her approval refused); an administrator
// who previews it is refused too; the finance manager approves and finalises it, generates the bank file
// (downloaded), creates the super batch and confirms every payment as paid, each with a reason, and the
// checklist ends with those steps done. Then the officer opens an employee from People and corrects their bank
// account on the employee's page. Screenshots at 1280 and 390 px, light and dark; axe at zero on each page.
import { test, expect, type Page } from '@playwright/test';
import { stack, consoleErrors, signInAs, signOut, act, everyWay, withReason } from './support.ts';

const T = () => `${stack().api}/v1/tenants/${stack().tenants.au}`;
const partner = () => ({ authorization: `Bearer ${stack().partnerKey}`, 'content-type': 'application/json' });

/** An approval sent through the BFF with the signed-in user's own token, as the page would send it. */
const approveAsMe = (page: Page, runId: string) =>
  page.evaluate(async (id) => {
    const r = await fetch(`/api/v1/tenants/harbour-coffee/pay-runs/${id}/approve`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-host-governance-reason': 'Approving%20my%20own%20run',
        'idempotency-key': crypto.randomUUID(),
      },
      body: '{}',
    });
    return { status: r.status, body: (await r.json()) as { error: { code: string; message: string } } };
  }, runId);

test('four eyes and paying people: create and preview, approve as someone else, finalise, bank file, super batch, confirm paid', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = consoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');
  const list = page.locator('payrail-pay-runs-list');
  await expect(list.locator('tbody tr').first()).toBeVisible();

  // The officer creates the schedule's next run with her own token.
  await list.getByRole('button', { name: 'New pay run' }).click();
  await list.locator('form.new-run').getByRole('button', { name: 'Create pay run' }).click();
  const created = await withReason(page, '/pay-runs', 'Fortnightly pay as rostered', 201);
  const run = (await created.json()).data.pay_run as { id: string; prepared_by: string };
  expect(run.prepared_by).toBe('user:usr_host_priya');
  let finalised = false;
  try {
    await list.locator(`tbody tr[data-id="${run.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#/runs/${run.id}$`));
    const detail = page.locator('payrail-pay-run-detail');
    const pill = detail.locator('[part="pill"]');
    await act(page, 'preview', 'Hours checked against the roster', 'Preview ready');
    await expect(pill).toHaveText('Previewed');

    // Whose turn it is, said in words; no approve for her, and an approval she sends is refused.
    const waiting = detail.locator('[part~="waiting"]');
    await expect(waiting).toContainText('Waiting for an approver — you prepared this run');
    await expect(detail.locator('[data-action="approve"]')).toHaveCount(0);
    expect((await approveAsMe(page, run.id)).status).toBe(403);
    await everyWay(page, 'four-eyes-preparer-waiting', [detail.locator('[part~="header"]')]);

    // An administrator who previews it has prepared it too: refused, with the reason in words.
    await signOut(page);
    await signInAs(page, 'Elena Costa');
    await page.goto(`${stack().bff}/#/runs/${run.id}`);
    await expect(pill).toHaveText('Previewed');
    await expect(detail.locator('[data-action="approve"]')).toBeVisible();
    await act(page, 'preview', 'Second look at the totals', 'Preview ready');
    await expect(waiting).toContainText('Waiting for an approver — you prepared this run');
    await expect(detail.locator('[data-action="approve"]')).toHaveCount(0);
    const refused = await approveAsMe(page, run.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('four_eyes_required');
    expect(refused.body.error.message).toContain('you prepared it');

    // The finance manager prepared nothing: she approves and finalises.
    await signOut(page);
    await signInAs(page, 'Marcus Webb');
    await page.goto(`${stack().bff}/#/runs/${run.id}`);
    await expect(pill).toHaveText('Previewed');
    await expect(waiting).toHaveCount(0);
    await act(page, 'approve', 'Totals match the roster export', 'Pay run approved');
    await act(page, 'finalise', 'Paying on the scheduled date', 'Pay run finalised');
    await expect(pill).toHaveText('Finalised');
    finalised = true;

    const payments = page.locator('payrail-payments');
    const checklist = page.locator('payrail-payroll-checklist');
    await expect(payments.locator('[data-action="bank-file"]')).toHaveText('Generate bank file (ABA)');
    await expect(checklist.locator('[data-key="bank_file"] [data-action="bank-file"]')).toBeVisible();
    await expect(payments.locator('[data-action="confirm-all"]')).toHaveCount(0);
    await everyWay(page, 'paying-people-finalised', [payments, checklist]);

    // The bank file: asked for with a reason, downloaded under the run's period.
    await payments.locator('[data-action="bank-file"]').click();
    const download = page.waitForEvent('download');
    await withReason(page, `/pay-runs/${run.id}/payment-file`, 'Net pay file for the bank upload');
    expect((await download).suggestedFilename()).toMatch(/^Bank file .+\.aba$/);
    await expect(page.locator('#toast')).toContainText('Bank file generated');
    await expect(payments.locator('tbody tr[part~="row"]').first()).toBeVisible();
    await expect(payments.locator('[data-action="bank-file"]')).toHaveCount(0);

    // The super batch, from the checklist.
    await checklist.locator('[data-action="super-batch"]').click();
    await withReason(page, `/pay-runs/${run.id}/super-batch`, 'Contributions for the clearing house');
    await expect(page.locator('#toast')).toContainText('Super batch created');
    await expect(checklist.locator('[data-key="super_batch"]')).toHaveAttribute('data-status', 'done');
    await everyWay(page, 'paying-people-awaiting-bank', [payments.locator('[part~="header"]'), checklist]);

    // Every payment confirmed as paid.
    await payments.locator('[data-action="confirm-all"]').click();
    await withReason(page, `/pay-runs/${run.id}/payments/confirm`, 'Bank statement shows every payment');
    await expect(payments.locator('[data-action="confirm-all"]')).toHaveCount(0);
    for (const key of ['approval', 'finalise', 'bank_file', 'payments_confirmed', 'super_batch'])
      await expect(checklist.locator(`[data-key="${key}"]`)).toHaveAttribute('data-status', 'done');
    await everyWay(page, 'paying-people-paid', [checklist]);
    // The browser logs the two refused approvals this walk sent on purpose; nothing else.
    expect(errors).toEqual(
      Array(2).fill('Failed to load resource: the server responded with a status of 403 (Forbidden)'),
    );
  } finally {
    // Leave the shared stack's runs as the other specs expect them: an unfinished run goes again.
    if (!finalised)
      await fetch(`${T()}/pay-runs/${run.id}`, {
        method: 'DELETE',
        headers: partner(),
        body: JSON.stringify({ governance_reason: 'Test run removed after an unfinished walk' }),
      });
  }
});

test('People → View opens the employee’s page; the officer corrects their bank account there', async ({ page }) => {
  test.setTimeout(400_000);
  const errors = consoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');
  await page.locator('#nav-people').click();
  const people = page.locator('payrail-employees-list');
  const first = people.locator('tbody tr').first();
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: /^View/ }).click();
  await expect(page).toHaveURL(/#\/people\/emp_[^/]+$/);
  const employeeId = decodeURIComponent(page.url().split('/').pop()!);
  const employee = (
    (await (await fetch(`${T()}/employees/${employeeId}`, { headers: partner() })).json()) as { data: unknown }
  ).data as { first_name: string; last_name: string };
  const name = `${employee.first_name} ${employee.last_name}`;
  await expect(page.locator('#employee-heading')).toHaveText(name);
  await expect(page.locator('#crumbs')).toContainText(name);
  await expect(page.locator('payrail-employee-detail')).toContainText(employee.last_name);
  await expect(page.locator('payrail-employee-detail')).toContainText('Payroll readiness');
  await expect(page.locator('#employee-payslips li').first()).not.toContainText('Loading');
  await expect(page.locator('payrail-leave-request')).toBeVisible();
  // The leave terms are read from the live API when the officer asks for them.
  const detail = page.locator('payrail-employee-detail');
  await detail.getByRole('button', { name: 'Show leave terms' }).click();
  await expect(detail).toContainText('Annual leave loading');
  await everyWay(page, 'employee-page', [page.locator('#view')]);

  // The bank account form, from the page's own links.
  await page.getByRole('navigation', { name: 'This employee' }).getByRole('link', { name: 'Bank account' }).click();
  await expect(page).toHaveURL(new RegExp(`#/people/${employeeId}/bank$`));
  const form = page.locator('payrail-bank-details');
  await expect(form.locator('[name="bank_bsb"]')).toBeVisible();
  await form.locator('[name="bank_bsb"]').fill('062-000');
  await form.locator('[name="bank_account_number"]').fill('24681357');
  await form.locator('[name="bank_account_name"]').fill(name);
  await form.locator('[name="bank_account_name"]').blur();
  await form.locator('[part~="save-button"]').click();
  const saved = await withReason(
    page,
    `/employees/${employeeId}/bank-accounts`,
    'New account from the employee’s signed form',
  );
  expect(saved.request().method()).toBe('PATCH');
  await expect(page.locator('#toast')).toContainText('Employee updated');
  // On file afterwards, masked: the last digits of the new account, never the whole number.
  const bank = (
    (await (await fetch(`${T()}/employees/${employeeId}/bank-accounts`, { headers: partner() })).json()) as {
      data: unknown;
    }
  ).data as Record<string, unknown>;
  expect(JSON.stringify(bank)).toContain('357');
  expect(JSON.stringify(bank)).not.toContain('24681357');
  await expect(form.locator('[part~="on-file"]')).toContainText('357');
  await everyWay(page, 'employee-bank-form', [page.locator('#view')]);
  expect(errors).toEqual([]);
});
