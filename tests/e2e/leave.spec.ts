// Leave end to end through the host example: an employee requests leave on the host page (the host
// sends it for them), an approver approves it on the host page, the next pay run pays it and the payslip
// shows the leave with the new balance.
import { test, expect } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs, signOut } from './support.ts';

const T = () => `${stack().api}/v1/tenants/harbour-coffee`;
const REASON = 'Leave flow checked end to end';

test('an employee requests leave, an approver approves it, the next pay run pays it with the new balance', async ({
  page,
  request,
}) => {
  const errors = consoleErrors(page);
  const partner = { authorization: `Bearer ${stack().partnerKey}`, 'x-governance-reason': REASON };
  const list = await request.get(`${T()}/employees?q=Olivia%20Bennett`, { headers: partner });
  const olivia = (await list.json()).data[0].id as string;
  // Her opening annual leave balance, as the employer configures it when moving to Payrail.
  const cfg = await request.post(`${T()}/leave/configure`, {
    headers: partner,
    data: { employee_id: olivia, annual_entitlement_hours: 80, leave_loading: true },
  });
  expect(cfg.status()).toBe(201);

  // The employee asks for two days in February.
  await page.goto(stack().bff);
  await signInAs(page, 'Olivia Bennett');
  const form = page.locator('payrail-leave-request');
  await expect(form.locator('select')).toBeVisible();
  await expect(form.locator('[part~="figures"]')).toContainText('80.00 h');
  await form.locator('input[type="date"]').first().fill('2027-02-08');
  await form.locator('input[type="date"]').nth(1).fill('2027-02-09');
  await expect(form.locator('[part~="figures"]')).toContainText('2 working days');
  await expect(form.locator('[part~="figures"]')).toContainText('64.80 h');
  await form.locator('textarea').fill('Family wedding');
  await shot(page, 'host-leave-request');
  const sent = page.waitForResponse((r) => r.url().endsWith('/bff/leave-requests'));
  await form.locator('[part~="submit-button"]').click();
  const created = await sent;
  expect(created.status()).toBe(201);
  const req = (await created.json()).data;
  expect([req.employee_id, req.status, req.quantity]).toEqual([olivia, 'pending', '15.20']);
  await expect(form).toContainText('Request sent for approval');

  // The approver decides it on the host page.
  await signOut(page);
  await signInAs(page, 'Marcus Webb');
  await page.getByRole('link', { name: 'Leave' }).click();
  const queue = page.locator('payrail-leave-approvals');
  const item = queue.locator(`[part~="request"][data-id="${req.id}"]`);
  await expect(item).toContainText('Olivia Bennett');
  await expect(item).toContainText('Family wedding');
  await item.locator('textarea').fill('Approved, enjoy the wedding');
  await shot(page, 'host-leave-approvals', true);
  const decided = page.waitForResponse((r) => r.url().endsWith(`/leave/requests/${req.id}/approve`));
  await item.locator('[part~="approve-button"]').click();
  const approved = await decided;
  expect(approved.status()).toBe(200);
  const body = await approved.json();
  expect(body.data.status).toBe('approved');
  expect(body.data.decided_by).toBe('user:usr_host_marcus');
  expect(body.data.evidence_id).toMatch(/^cev_/);

  // The next monthly pay run covering the dates pays the leave.
  const run = await request.post(`${T()}/pay-runs`, {
    headers: partner,
    data: {
      period_start: '2027-02-01',
      period_end: '2027-02-28',
      payment_date: '2027-02-26',
      pay_frequency: 'monthly',
    },
  });
  expect(run.status()).toBe(201);
  const runId = (await run.json()).data.pay_run.id;
  for (const step of ['preview', 'approve', 'finalise']) {
    const r = await request.post(`${T()}/pay-runs/${runId}/${step}`, { headers: partner, data: {} });
    expect(r.status(), step).toBe(200);
  }
  const slip = (await (await request.get(`${T()}/pay-runs/${runId}/payslips/${olivia}`, { headers: partner })).json())
    .data;
  expect(slip.leave_taken).toEqual([
    { leave_type: 'annual', label: 'Annual leave', quantity: '15.20', unit: 'hours', paid: true },
  ]);
  expect(slip.earnings.map((e: { label: string }) => e.label)).toEqual(
    expect.arrayContaining([expect.stringMatching(/Annual leave/)]),
  );
  const balance = (
    await (await request.get(`${T()}/leave-balances?employee_id=${olivia}`, { headers: partner })).json()
  ).data.find((b: { leave_type: string }) => b.leave_type === 'annual');
  expect(slip.leave_balances.find((b: { leave_type: string }) => b.leave_type === 'annual').balance).toBe(
    balance.balance,
  );
  // 80 h opening, 15.2 h taken, one month's accrual on 164.6667 ordinary hours (38 h × 52 / 12) × 4/52.
  expect(balance.balance).toBe('77.47');
  // The approver opens her payslip on the host page: the leave and the balance after it.
  await page.goto(`${stack().bff}/#/runs/${runId}/payslips/${olivia}`);
  const viewer = page.locator('payrail-payslip-viewer');
  await expect(viewer.locator('[part~="leave-taken"]')).toContainText('Annual leave');
  await expect(viewer.locator('[part~="leave-taken"]')).toContainText('15.20 h');
  await expect(viewer.locator('[part~="leave-balances"]')).toContainText('77.47 h');
  await shot(page, 'host-payslip-leave', true);
  expect(errors).toEqual([]);
});
