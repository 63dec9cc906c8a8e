// A change made in one browser shows in another without a reload: Payrail's webhook reaches the host's BFF, which
// passes it on to the open pages (GET /bff/events), and the page's elements bring their figures up to date.
import { test, expect } from '@playwright/test';
import { stack, act, consoleErrors, signInAs } from './support.ts';

const T = () => `${stack().api}/v1/tenants/harbour-coffee`;
const REASON = 'Catch-up run for July';

test('an approver finalises a run in one browser; a colleague watching it in another sees it finalised', async ({
  browser,
  request,
}) => {
  const partner = { authorization: `Bearer ${stack().partnerKey}`, 'x-governance-reason': REASON };
  // The host's endpoint is switched on for this walk only.
  const endpoint = `${stack().api}/v1/partners/webhook-endpoints/${stack().webhookEndpoint}`;
  const hooks = (status: 'enabled' | 'disabled') =>
    request.patch(endpoint, { headers: partner, data: { status } }).then((r) => expect(r.status()).toBe(200));
  await hooks('enabled');
  try {
    await walk();
  } finally {
    await hooks('disabled');
  }

  async function walk() {
    // Earlier than the seeded runs, so the other walks' lists keep the rows they expect on top.
    const created = await request.post(`${T()}/pay-runs`, {
      headers: partner,
      data: {
        period_start: '2026-07-01',
        period_end: '2026-07-31',
        payment_date: '2026-07-31',
        pay_frequency: 'monthly',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const runId = (await created.json()).data.pay_run.id as string;
    expect((await request.post(`${T()}/pay-runs/${runId}/preview`, { headers: partner, data: {} })).status()).toBe(200);

    const watcher = await (await browser.newContext()).newPage();
    const approver = await (await browser.newContext()).newPage();
    const errors = [...consoleErrors(watcher), ...consoleErrors(approver)];
    const stream = watcher.waitForResponse((r) => r.url().endsWith('/bff/events'));
    for (const [page, name] of [
      [watcher, 'Sam Okafor'],
      [approver, 'Elena Costa'],
    ] as const) {
      await page.goto(stack().bff);
      await signInAs(page, name);
      await page.goto(`${stack().bff}/#/runs/${runId}`);
      await expect(page.locator('payrail-pay-run-detail [part="pill"]')).toHaveText('Previewed');
    }
    // The watcher's page has its stream of changes open before anything changes.
    expect((await stream).status()).toBe(200);

    await act(approver, 'approve', 'Figures checked against the July roster', 'Pay run approved');
    await act(approver, 'finalise', 'Paying the July catch-up', 'Pay run finalised');

    // The other browser was not touched: its figures follow by themselves.
    await expect(watcher.locator('payrail-pay-run-detail [part="pill"]')).toHaveText('Finalised', { timeout: 15_000 });
    expect(errors).toEqual([]);
  }
});
