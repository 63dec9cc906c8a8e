// A payroll officer starts the pay schedule's next run from the pay-runs list in the host page: the period
// and payment date come from the schedule, the host asks for a reason and creates the run with the officer's
// own token, and the run appears in the list as a draft they prepared. The run is deleted again afterwards,
// so the other specs find the seeded runs only.
import { test, expect, type Page } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs } from './support.ts';

interface Due {
  period_start: string;
  period_end: string;
  payment_date: string;
}
interface Run extends Due {
  id: string;
  status: string;
  pay_frequency: string;
}

/** A partner-key read of the AU employer. */
async function read<T>(path: string): Promise<T> {
  const r = await fetch(`${stack().api}/v1/tenants/${stack().tenants.au}${path}`, {
    headers: { authorization: `Bearer ${stack().partnerKey}` },
  });
  expect(r.status, path).toBe(200);
  return ((await r.json()) as { data: T }).data;
}

/**
 * The schedule's first upcoming period that no run of its frequency covers, as the API answers both, so the
 * test holds on whichever day it runs.
 */
async function expectedNext(): Promise<Due & { name: string }> {
  const [schedule] = await read<{ name: string; frequency: string; next_pay_dates: Due[] }[]>('/pay-schedules');
  const runs = await read<Run[]>('/pay-runs?limit=100');
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
  return { ...free!, name: schedule.name };
}

async function remove(id: string) {
  const r = await fetch(`${stack().api}/v1/tenants/${stack().tenants.au}/pay-runs/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${stack().partnerKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ governance_reason: 'Test run removed after the new-pay-run walk' }),
  });
  expect(r.status).toBeLessThan(300);
}

const newRun = (page: Page) => page.locator('payrail-pay-runs-list');

for (const [width, theme] of [
  [1280, 'light'],
  [390, 'dark'],
] as const) {
  test(`a preparer creates the schedule's next pay run from the list, its dates prefilled (${width} px, ${theme})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = consoleErrors(page);
    const next = await expectedNext();
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(stack().bff);
    await signInAs(page, 'Priya Raman');
    const list = newRun(page);
    // Other specs leave runs of their own on the shared stack: count what is listed now.
    await expect(list.locator('tbody tr').first()).toBeVisible();
    const before = await list.locator('tbody tr').count();

    await list.getByRole('button', { name: 'New pay run' }).click();
    const form = list.locator('form.new-run');
    await expect(form).toBeVisible();
    const scheduled = form.getByRole('radio', { name: new RegExp(`Next pay run: ${next.name}`) });
    await expect(scheduled).toBeChecked();
    await expect(scheduled).toBeFocused();
    await expect(form.getByLabel('Period start')).toHaveValue(next.period_start);
    await expect(form.getByLabel('Period end')).toHaveValue(next.period_end);
    await expect(form.getByLabel('Payment date')).toHaveValue(next.payment_date);
    await expect(form.getByRole('radio', { name: /Off-cycle pay run/ })).not.toBeChecked();
    await page.waitForLoadState('networkidle');
    const wide = await page.evaluate(() => {
      const d = (globalThis as any).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });
    expect(wide).toBeLessThanOrEqual(0);
    await shot(page, `new-run-form-${width}-${theme}`, true);

    await form.getByRole('button', { name: 'Create pay run' }).click();
    const dialog = page.locator('#action');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Create this pay run' })).toBeVisible();
    await shot(page, `new-run-reason-${width}-${theme}`);
    const reason = 'Fortnightly pay as rostered';
    await dialog.locator('#reason').fill(reason);
    const answered = page.waitForResponse((r) => r.url().endsWith('/pay-runs') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create pay run' }).click();
    const res = await answered;
    expect(res.status(), await res.text()).toBe(201);
    expect(res.request().headers()['x-host-governance-reason']).toBe(encodeURIComponent(reason));
    expect(res.request().postDataJSON()).toEqual({
      period_start: next.period_start,
      period_end: next.period_end,
      payment_date: next.payment_date,
      pay_frequency: 'fortnightly',
    });
    const created = (await res.json()).data.pay_run as Run & { prepared_by: string };
    try {
      await expect(dialog).toBeHidden();
      await expect(page.locator('#toast')).toContainText('Pay run created');
      // The new run is listed as a draft, named by its period (other specs' later runs may head the list).
      await expect(list.locator('tbody tr')).toHaveCount(before + 1);
      const row = list.locator(`tbody tr[data-id="${created.id}"]`);
      await expect(row).toContainText('Draft');
      await expect(row).not.toContainText(created.id);
      expect(created.status).toBe('draft');
      // Created with the officer's own token: the run names her as its preparer.
      const run = await read<{ prepared_by: string }>(`/pay-runs/${created.id}`);
      expect(run.prepared_by).toBe('user:usr_host_priya');
      await page.waitForLoadState('networkidle');
      await shot(page, `new-run-listed-${width}-${theme}`, true);
      await row.click();
      await expect(page).toHaveURL(new RegExp(`#/runs/${created.id}$`));
      expect(errors).toEqual([]);
    } finally {
      await remove(created.id);
    }
  });
}

test('approvers and viewers are not offered a new pay run', async ({ page }) => {
  await page.goto(stack().bff);
  for (const name of ['Marcus Webb', 'Sam Okafor']) {
    await signInAs(page, name);
    const list = newRun(page);
    await expect(list.locator('tbody tr').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(list.getByRole('button', { name: 'New pay run' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Switch user' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
});
