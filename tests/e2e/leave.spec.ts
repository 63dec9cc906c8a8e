// Leave end to end through the host example: an employee requests leave on the host page (the host
// sends it for them), an approver approves it on the host page, the next pay run pays it and the payslip
// shows the leave with the new balance. Then leave the balance cannot cover: the employee's form says so in
// words and sends nothing; of two requests that fit one at a time, the approver approves the first, is refused
// the second with the reason on screen and the request still pending, and declines it; a casual is offered no
// annual or personal leave. Those states are photographed at 1280 and 390 px, light and dark, and checked
// with axe. The second test runs after the first, on the balance the first left.
import { test, expect, type Page } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs, signOut, axe } from './support.ts';

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
    data: { employee_id: olivia, opening_balances: { annual: 80 }, leave_loading: true },
  });
  expect(cfg.status()).toBe(201);

  // The employee asks for two days in February.
  await page.goto(stack().bff);
  await signInAs(page, 'Olivia Bennett');
  // An employee lands on her own pay; her leave is a page of its own.
  await page.locator('#nav-leave').click();
  const form = page.locator('payrail-leave-request');
  await expect(form.locator('select')).toBeVisible();
  await form.locator('input[type="date"]').first().fill('2027-02-08');
  await form.locator('input[type="date"]').nth(1).fill('2027-02-09');
  // The API's quote: the working days, and the balance before and after.
  await expect(form.locator('[part~="figures"]')).toContainText('2 working days');
  await expect(form.locator('[part~="figures"]')).toContainText('80.00 h');
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

/** The page as it is now at both widths and in both themes; back to 1280 px light afterwards. */
async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const)
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: theme });
      await shot(page, `${name}-${width}-${theme}`, true);
    }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('leave the balance cannot cover is refused with its reason, in the form and at approval', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const partner = { authorization: `Bearer ${stack().partnerKey}`, 'x-governance-reason': REASON };
  const find = async (q: string) =>
    (await (await request.get(`${T()}/employees?q=${encodeURIComponent(q)}`, { headers: partner })).json()).data[0]
      .id as string;
  const olivia = await find('Olivia Bennett');
  const annual = async () =>
    Number(
      (await (await request.get(`${T()}/leave-balances?employee_id=${olivia}`, { headers: partner })).json()).data.find(
        (b: { leave_type: string }) => b.leave_type === 'annual',
      ).balance,
    );
  if ((await annual()) < 40)
    expect(
      (
        await request.post(`${T()}/leave/configure`, {
          headers: partner,
          data: { employee_id: olivia, opening_balances: { annual: 80 } },
        })
      ).status(),
    ).toBe(201);
  const available = await annual();
  const fmt = (n: number) => n.toFixed(2);

  // The employee asks for more than she has: the form says so and sends nothing.
  await page.goto(stack().bff);
  await signInAs(page, 'Olivia Bennett');
  // An employee lands on her own pay; her leave is a page of its own.
  await page.locator('#nav-leave').click();
  const form = page.locator('payrail-leave-request');
  const sent: string[] = [];
  page.on('request', (r) => r.url().endsWith('/bff/leave-requests') && sent.push(r.url()));
  await form.locator('input[type="date"]').first().fill('2027-06-07');
  await form.locator('input[type="number"]').fill('500');
  const over = form.locator('[part~="over-balance"]');
  await expect(over).toHaveText(`The balance cannot cover this: 500.00 h asked for, ${fmt(available)} h available.`);
  await form.locator('[part~="submit-button"]').click();
  await expect(form.locator('[part~="over-balance"]')).toBeVisible();
  await expect(form).not.toContainText('Request sent');
  expect(sent).toEqual([]);
  expect(await axe(page)).toEqual([]);
  await shots(page, 'leave-form-over-balance');

  // Two requests that each fit the balance, but not both.
  const each = Math.round(available * 0.6 * 100) / 100;
  const ids: string[] = [];
  for (const start of ['2027-04-05', '2027-05-03']) {
    if (ids.length) await form.getByRole('button', { name: 'New request' }).click();
    await form.locator('input[type="date"]').first().fill(start);
    await form.locator('input[type="number"]').fill(String(each));
    await expect(form.locator('[part~="figures"]')).toContainText(`${fmt(available - each)} h`);
    await expect(over).toHaveCount(0);
    const answer = page.waitForResponse((r) => r.url().endsWith('/bff/leave-requests'));
    await form.locator('[part~="submit-button"]').click();
    const created = await answer;
    expect(created.status()).toBe(201);
    ids.push((await created.json()).data.id);
    await expect(form).toContainText('Request sent for approval');
  }

  // The approver approves the first; the second no longer fits, and approving it is refused in words.
  await signOut(page);
  await signInAs(page, 'Marcus Webb');
  await page.getByRole('link', { name: 'Leave' }).click();
  const queue = page.locator('payrail-leave-approvals');
  const first = queue.locator(`[part~="request"][data-id="${ids[0]}"]`);
  const second = queue.locator(`[part~="request"][data-id="${ids[1]}"]`);
  await expect(second.locator('[part~="over-balance"]')).toHaveCount(0);
  const approvedFirst = page.waitForResponse((r) => r.url().endsWith(`/leave/requests/${ids[0]}/approve`));
  await first.locator('[part~="approve-button"]').click();
  expect((await approvedFirst).status()).toBe(200);
  await expect(first).toHaveCount(0);
  const left = fmt(available - each);
  await expect(second.locator('[part~="over-balance"]')).toHaveText(
    `The balance cannot cover this: ${fmt(each)} h asked for, ${left} h available.`,
  );
  const refusedSecond = page.waitForResponse((r) => r.url().endsWith(`/leave/requests/${ids[1]}/approve`));
  await second.locator('[part~="approve-button"]').click();
  expect((await refusedSecond).status()).toBe(422);
  const reason = second.locator('.refused');
  await expect(reason).toHaveText(`${fmt(each)} hours of Annual leave exceed the available balance of ${left} hours.`);
  await expect(second.locator('.pill')).toHaveText('Pending');
  await expect(second.locator('[part~="approve-button"]')).toBeVisible();
  await expect(second.locator('[part~="reject-button"]')).toBeVisible();
  await expect(queue).not.toContainText('passed on');
  expect(await axe(page)).toEqual([]);
  await shots(page, 'leave-approval-refused');

  // So the approver declines it, with a note for the employee.
  await second.locator('textarea').fill('Not enough annual leave left for this one');
  const declined = page.waitForResponse((r) => r.url().endsWith(`/leave/requests/${ids[1]}/reject`));
  await second.locator('[part~="reject-button"]').click();
  expect((await declined).status()).toBe(200);
  await expect(second).toHaveCount(0);
  const after = (await (await request.get(`${T()}/leave/requests/${ids[1]}`, { headers: partner })).json()).data;
  expect([after.status, after.decision_note]).toEqual(['rejected', 'Not enough annual leave left for this one']);

  // A casual's page offers leave a casual may take: no annual or personal leave.
  const lucas = await find('Lucas Santos');
  await page.goto(`${stack().bff}/#/people/${lucas}`);
  const casual = page.locator('payrail-leave-request');
  await expect(casual.locator('select')).toBeVisible();
  const options = await casual.locator('select option').allTextContents();
  expect(options).not.toContain('Annual leave');
  expect(options).not.toContain("Personal/carer's leave");
  expect(options).toEqual(expect.arrayContaining(["Unpaid carer's leave", 'Unpaid compassionate leave']));
  await shots(page, 'leave-casual-types');
  // The one refused approval is the browser's only complaint.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
});
