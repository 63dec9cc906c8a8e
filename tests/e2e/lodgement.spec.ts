// After finalise, end to end through the host example: the approver submits a finalised run's Single
// Touch Payroll pay event from <payrail-stp-submission> (with the payer's declaration and a reason, through
// the host), the element follows the sandbox rail to "Accepted", the approver confirms the bank's payments from
// <payrail-payments>, and once the super batch is generated <payrail-payroll-checklist> shows every step done.
import { test, expect, type APIRequestContext } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs } from './support.ts';

const T = () => `${stack().api}/v1/tenants/harbour-coffee`;
const REASON = 'Lodgement flow checked end to end';

/** A fortnightly run of its own, finalised through the API (the pay-run flow itself is pay-run.spec's). */
async function finalisedRun(request: APIRequestContext, partner: Record<string, string>): Promise<string> {
  const run = await request.post(`${T()}/pay-runs`, {
    headers: partner,
    data: {
      period_start: '2027-03-15',
      period_end: '2027-03-28',
      payment_date: '2027-03-31',
      pay_frequency: 'fortnightly',
    },
  });
  expect(run.status(), await run.text()).toBe(201);
  const id = (await run.json()).data.pay_run.id as string;
  for (const step of ['preview', 'approve', 'finalise']) {
    const r = await request.post(`${T()}/pay-runs/${id}/${step}`, { headers: partner, data: {} });
    expect(r.status(), `${step}: ${await r.text()}`).toBe(200);
  }
  return id;
}

/** The host's reason dialog for a request a component emitted: fill it, send it, wait for the API's answer. */
async function withReason(page: import('@playwright/test').Page, ending: string, reason: string, status: number) {
  const dialog = page.locator('#action');
  await expect(dialog).toBeVisible();
  await dialog.locator('#reason').fill(reason);
  const answered = page.waitForResponse((r) => r.url().endsWith(ending) && r.request().method() === 'POST');
  await dialog.locator('#action-submit').click();
  const res = await answered;
  expect(res.status(), await res.text()).toBe(status);
  expect(res.request().headers()['x-host-governance-reason']).toBe(encodeURIComponent(reason));
  await expect(dialog).toBeHidden();
  return res;
}

test('finalise → submit from the element → accepted → payments confirmed → every checklist step done', async ({
  page,
  request,
}) => {
  const errors = consoleErrors(page);
  const partner = { authorization: `Bearer ${stack().partnerKey}`, 'x-governance-reason': REASON };
  const runId = await finalisedRun(request, partner);

  await page.goto(`${stack().bff}/#/runs/${runId}`);
  await signInAs(page, 'Marcus Webb');
  await page.goto(`${stack().bff}/#/runs/${runId}`);
  const stp = page.locator('payrail-stp-submission');
  const checklist = page.locator('payrail-payroll-checklist');
  await expect(stp.locator('[part~="empty"]')).toContainText('Not submitted yet');
  await expect(checklist.locator('[data-key="stp_lodged"]')).toHaveAttribute('data-status', 'pending');
  await shot(page, 'lodgement-before-submit', true);

  // Submit: the element asks for the payer's declaration, then the host asks for a reason and sends both; the
  // rail answers.
  await stp.locator('[data-action="submit"]').click();
  const declaration = stp.locator('[part~="declaration"]');
  await expect(declaration).toContainText('true and correct');
  await declaration.locator('#f-declarer').fill('Marcus Webb');
  await declaration.locator('#f-accept').check();
  await declaration.locator('[data-action="send-declaration"]').click();
  const submitted = await withReason(page, `/pay-runs/${runId}/submit`, 'Pay event for the March fortnight', 202);
  expect(submitted.request().postDataJSON().declaration).toEqual({ name: 'Marcus Webb', accepted: true });
  expect((await submitted.json()).data.status).toBe('submitted');
  await expect(stp.locator('[part~="header"] [part~="pill"]')).toHaveText('Accepted', { timeout: 20_000 });
  await expect(stp.locator('[part~="lodgement"]')).toHaveCount(1);
  await expect(stp).not.toContainText(/ldg_|inb_|pr_/);
  await expect(stp.locator('[data-action="submit"]')).toHaveCount(0);

  // The bank file through the API, then "Confirm all as paid" from the element.
  const file = await request.post(`${T()}/pay-runs/${runId}/payment-file`, { headers: partner, data: {} });
  expect(file.status(), await file.text()).toBe(200);
  await page.reload();
  const payments = page.locator('payrail-payments');
  await expect(payments.locator('tbody tr[part~="row"]').first()).toBeVisible();
  await payments.locator('[data-action="confirm-all"]').click();
  await withReason(page, `/pay-runs/${runId}/payments/confirm`, 'Bank statement shows every payment', 200);
  await expect(payments.locator('[data-action="confirm-all"]')).toHaveCount(0);
  await expect(payments.locator('.pill.s-file_generated')).toHaveCount(0);

  // The super batch through the API; then every step of the checklist is done.
  const batch = await request.post(`${T()}/pay-runs/${runId}/super-batch`, { headers: partner, data: {} });
  expect(batch.status(), await batch.text()).toBe(200);
  await page.reload();
  await expect(checklist.locator('[part~="header"] [part~="pill"]')).toHaveAttribute('data-complete', 'true');
  const steps = checklist.locator('[part~="item"]');
  await expect(steps).toHaveCount(9);
  for (const key of [
    'readiness',
    'exceptions',
    'approval',
    'finalise',
    'bank_file',
    'payments_confirmed',
    'super_batch',
    'stp_lodged',
    'stp_accepted',
  ])
    await expect(checklist.locator(`[data-key="${key}"]`)).toHaveAttribute('data-status', 'done');
  const api = (await (await request.get(`${T()}/pay-runs/${runId}/checklist`, { headers: partner })).json()).data;
  expect(api.complete).toBe(true);
  await shot(page, 'lodgement-complete', true);
  expect(errors).toEqual([]);
});
