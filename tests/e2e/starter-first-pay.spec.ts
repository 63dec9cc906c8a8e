// From onboarding to lodgement, and an employee's own pages, in the host page through the BFF. The payroll
// officer onboards a starter with the wizard (home address included), and readiness calls them complete only
// because the pay event can carry them; she creates the schedule's next run, which pays the starter, and
// previews it; the finance manager approves, finalises and lodges the pay event, which the rail accepts. Then
// an employee signs in: her own payslips, leave and details only, a payslip opened with its PDF, a colleague's
// refused. Screenshots at 1280 and 390 px, light and dark; axe at zero on each page.
import { test, expect, type Locator } from '@playwright/test';
import { stack, consoleErrors, signInAs, signOut, act, everyWay, withReason } from './support.ts';

const T = () => `${stack().api}/v1/tenants/${stack().tenants.au}`;
const partner = () => ({ authorization: `Bearer ${stack().partnerKey}`, 'content-type': 'application/json' });

async function read<X>(p: string): Promise<X> {
  const r = await fetch(`${T()}${p}`, { headers: partner() });
  expect(r.status, p).toBe(200);
  return ((await r.json()) as { data: X }).data;
}

interface Due {
  period_start: string;
  period_end: string;
  payment_date: string;
}

/** The schedule's first upcoming period no run covers (the one "New pay run" offers), as the API answers. */
async function nextFree(): Promise<Due> {
  const [schedule] = await read<{ frequency: string; next_pay_dates: Due[] }[]>('/pay-schedules');
  const runs = await read<(Due & { status: string; pay_frequency: string })[]>('/pay-runs?limit=100');
  const free = schedule.next_pay_dates.find(
    (d) =>
      !runs.some(
        (r) =>
          r.status !== 'voided' &&
          r.pay_frequency === schedule.frequency &&
          r.period_start <= d.period_end &&
          r.period_end >= d.period_start,
      ),
  );
  expect(free, 'the schedule has an upcoming period without a run').toBeTruthy();
  return free!;
}

const step = (w: Locator, n: number) => expect(w.locator('#step')).toHaveText(new RegExp(`^\\s*Step ${n} `));
async function next(w: Locator, n: number) {
  await w.locator('[part~="next-button"]').click();
  await step(w, n);
}

test('a starter onboarded with the wizard is complete, paid in the next run and lodged in its pay event', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = consoleErrors(page);
  const period = await nextFree();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(stack().bff);
  await signInAs(page, 'Priya Raman');

  // Onboarding: the first step asks for the home address, as the pay event carries it.
  await page.locator('#nav-people').click();
  await page.locator('#add-employee').click();
  const w = page.locator('payrail-employee-onboarding');
  await step(w, 1);
  await w.locator('[part~="next-button"]').click();
  await expect(w.locator('[name="line1"]')).toHaveAttribute('aria-invalid', 'true');
  await w.locator('[name="first_name"]').fill('Isla');
  await w.locator('[name="last_name"]').fill('Marrow');
  await w.locator('[name="date_of_birth"]').fill('1996-02-09');
  await w.locator('[name="line1"]').fill('21 Harris Street');
  await w.locator('[name="locality"]').fill('Ultimo');
  await w.locator('[name="address_state"]').selectOption('NSW');
  await w.locator('[name="postcode"]').fill('2007');
  await everyWay(page, 'starter-onboarding-personal', [w]);
  await next(w, 2);
  await w.locator('[name="type"]').selectOption('full_time');
  await w.locator('[name="start_date"]').fill(period.period_start);
  await w.locator('[name="annual_salary"]').fill('72000');
  await w.locator('[name="pay_frequency"]').selectOption('fortnightly');
  await next(w, 3);
  await w.locator('[name="tfn"]').fill('123456782');
  await w.locator('[name="residency"]').selectOption('resident');
  await w.locator('[name="tax_free_threshold"]').check();
  await next(w, 4);
  await w.locator('[name="fund_choice"]').selectOption('apra');
  await w.locator('[name="super_fund_name"]').fill('AustralianSuper');
  await w.locator('[name="super_usi"]').fill('STA0100AU');
  await w.locator('[name="super_member_number"]').fill('880054321');
  await next(w, 5);
  await w.locator('[name="bank_bsb"]').fill('062-000');
  await w.locator('[name="bank_account_number"]').fill('24681357');
  await w.locator('[name="bank_account_name"]').fill('Isla Marrow');
  await next(w, 6);
  await expect(w.locator('[part~="review"]')).toContainText('21 Harris Street');
  const written = page.waitForResponse((r) => r.url().endsWith('/bff/employees'));
  await w.locator('[part~="next-button"]').click();
  const res = await written;
  expect(res.status(), await res.text()).toBe(201);
  const starter = (await res.json()).data.id as string;

  // Complete means payable and lodgeable: nothing outstanding, every area complete.
  const ready = await read<{ unverified_requirements: string[]; tabs: Record<string, { status: string }> }>(
    `/employees/${starter}/readiness`,
  );
  expect(ready.unverified_requirements).toEqual([]);
  for (const tab of Object.values(ready.tabs)) expect(tab.status).toBe('complete');

  // The schedule's next run pays the starter.
  await page.locator('#nav-runs').click();
  const list = page.locator('payrail-pay-runs-list');
  await list.getByRole('button', { name: 'New pay run' }).click();
  await list.locator('form.new-run').getByRole('button', { name: 'Create pay run' }).click();
  const created = await withReason(page, '/pay-runs', 'Fortnightly pay with the new starter', 201);
  const run = (await created.json()).data.pay_run as { id: string; payment_date: string };
  expect(run.payment_date).toBe(period.payment_date);
  const entries = await read<{ employee_id: string; gross: string }[]>(`/pay-runs/${run.id}/entries`);
  expect(entries.some((e) => e.employee_id === starter)).toBe(true);
  // Not paid yet: the list and the run say when, in words (today's date, not a fixed one, decides which).
  const today = new Date().toISOString().slice(0, 10);
  const ahead = run.payment_date >= today;
  const row = list.locator(`tbody tr[data-id="${run.id}"]`);
  if (ahead) await expect(row).toContainText('To be paid on');
  await row.click();
  const detail = page.locator('payrail-pay-run-detail');
  if (ahead) await expect(detail.locator('[part~="header"]')).toContainText('To be paid on');
  await act(page, 'preview', 'Hours and the starter checked', 'Preview ready');

  await signOut(page);
  await signInAs(page, 'Marcus Webb');
  await page.goto(`${stack().bff}/#/runs/${run.id}`);
  await act(page, 'approve', 'Totals match the roster export', 'Pay run approved');
  // Finalised on or before the payment date, no date paid is asked; after it, the day people are paid is.
  await detail.locator('[data-action="finalise"]').click();
  if (ahead) await expect(page.locator('#paid-on-box')).toBeHidden();
  else await expect(page.locator('#paid-on')).toHaveValue(today);
  await page.locator('#action-cancel').click();
  await act(page, 'finalise', 'Paying on the scheduled date', 'Pay run finalised');
  await expect(detail.locator('[part="pill"]')).toHaveText('Finalised');
  await expect(detail.locator('[part~="header"]')).toContainText(
    run.payment_date > today ? 'To be paid on' : 'Paid on',
  );

  // The pay event, with the starter in it, goes to the rail and is accepted.
  const stp = page.locator('payrail-stp-submission');
  await stp.locator('[data-action="submit"]').click();
  const declaration = stp.locator('[part~="declaration"]');
  await declaration.locator('#f-declarer').fill('Marcus Webb');
  await declaration.locator('#f-accept').check();
  await declaration.locator('[data-action="send-declaration"]').click();
  await withReason(page, `/pay-runs/${run.id}/submit`, 'Pay event with the new starter', 202);
  await expect(stp.locator('[part~="header"] [part~="pill"]')).toHaveText('Accepted', { timeout: 20_000 });
  const lodgements = await read<{ id: string; status: string }[]>(`/pay-runs/${run.id}/lodgements`);
  const payload = await (await fetch(`${T()}/lodgements/${lodgements[0].id}/payload`, { headers: partner() })).text();
  expect(payload).toContain('Marrow');
  await everyWay(page, 'starter-first-run-lodged', [detail.locator('[part~="header"]'), stp]);
  expect(errors).toEqual([]);
});

test('an employee sees only their own pages and opens their payslip with its PDF, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(400_000);
  // She is paid monthly: a monthly run of its own pays her (the pay-run flow itself is the other walks').
  const monthly = await fetch(`${T()}/pay-runs`, {
    method: 'POST',
    headers: { ...partner(), 'x-governance-reason': 'Monthly salaries for April' },
    body: JSON.stringify({
      period_start: '2027-04-01',
      period_end: '2027-04-30',
      payment_date: '2027-04-30',
      pay_frequency: 'monthly',
    }),
  });
  expect(monthly.status, await monthly.clone().text()).toBe(201);
  const monthlyId = ((await monthly.json()) as { data: { pay_run: { id: string } } }).data.pay_run.id;
  for (const s of ['preview', 'approve', 'finalise']) {
    const r = await fetch(`${T()}/pay-runs/${monthlyId}/${s}`, {
      method: 'POST',
      headers: { ...partner(), 'x-governance-reason': 'Monthly salaries for April' },
      body: '{}',
    });
    expect(r.status, `${s}: ${await r.text()}`).toBe(200);
  }
  const errors = consoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(stack().bff);
  await signInAs(page, 'Olivia Bennett');
  await expect(page).toHaveURL(/#\/my\/pay$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My pay' })).toBeVisible();
  // Nothing of the employer's: no run list, no people, no reports, no audit trail.
  for (const id of ['#nav-runs', '#nav-people', '#nav-reports', '#nav-audit', '#nav-settings'])
    await expect(page.locator(id)).toBeHidden();
  await expect(page.locator('payrail-pay-runs-list, payrail-dashboard, payrail-employees-list')).toHaveCount(0);
  const slips = page.locator('#my-payslips li a');
  await expect(slips.first()).toBeVisible();
  await expect(page.locator('#my-payslips')).toContainText(
    /1–30 Apr 2027\s*To be paid on 30 Apr 2027 · \$[\d,]+\.\d\d net/,
  );
  await expect(page.locator('#view')).not.toContainText('No access');
  await everyWay(page, 'self-service-my-pay');

  // Her payslip, and its PDF.
  await page.locator(`#my-payslips a[href="#/my/pay/${monthlyId}"]`).click();
  const viewer = page.locator('payrail-payslip-viewer');
  await expect(viewer).toContainText('Olivia Bennett');
  const download = page.waitForEvent('download');
  await viewer.locator('[data-action="download"]').click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await everyWay(page, 'self-service-payslip');

  // A colleague's payslip in the same run is not found for her token.
  const runId = decodeURIComponent(page.url().split('/').pop()!);
  const colleague = (await read<{ employee_id: string; employee_name: string }[]>(`/pay-runs/${runId}/payslips`)).find(
    (p) => p.employee_name !== 'Olivia Bennett',
  )!;
  const theirs = await page.evaluate(
    async ([run, emp]) => (await fetch(`/api/v1/tenants/harbour-coffee/pay-runs/${run}/payslips/${emp}`)).status,
    [runId, colleague.employee_id],
  );
  expect(theirs).toBe(404);

  // Through the menu on a phone: her leave and her details.
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await page.locator('#nav-leave').click();
  await expect(page.getByRole('heading', { level: 1, name: 'My leave' })).toBeVisible();
  await expect(page.locator('payrail-leave-management')).toContainText('Olivia Bennett');
  await expect(page.locator('#view')).not.toContainText('No access');
  await everyWay(page, 'self-service-my-leave');
  await page.setViewportSize({ width: 390, height: 844 });
  await menu.click();
  await page.locator('#nav-my-details').click();
  await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
  await expect(page.locator('payrail-employee-detail')).toContainText('Olivia Bennett');
  await expect(page.locator('#view')).not.toContainText('No access');
  await everyWay(page, 'self-service-my-details');
  // An employer's page asked for by address lands on her own pay.
  await page.goto(`${stack().bff}/#/runs`);
  await expect(page).toHaveURL(/#\/my\/pay$/);
  // The colleague's payslip she was refused is the one console error.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
});
