// The host example through the BFF: sign-in, token minting, the pay-run pages, token renewal,
// origin binding and an API outage.
import { test, expect } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs, isSession, claims } from './support.ts';

test("a host user signs in, gets a token, and goes from the pay runs to a run's entries to a payslip", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto(stack().bff);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'host-sign-in');

  const minted = page.waitForResponse(isSession);
  await signInAs(page, 'Priya Raman');
  const session = await (await minted).json();
  expect((await minted).status()).toBe(201);
  expect(session.data.role).toBe('preparer');
  expect(claims(session.data.token).org).toBe(stack().bff);
  // Who is signed in shows as a person and a role; the page's Payrail token is never on screen.
  await expect(page.locator('#me-role')).toHaveAttribute('title', /preparer/);
  await expect(page.getByText(/Payrail token/)).toHaveCount(0);
  await expect(page.locator('#company')).toHaveText('Harbour & Co Coffee Roasters · AU');

  const list = page.locator('payrail-pay-runs-list');
  await expect(list.locator('tbody tr')).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  await shot(page, 'host-pay-runs', true);

  await list.locator('tbody tr', { hasText: 'Finalised' }).click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${stack().finalisedPayRun.au}$`));
  const detail = page.locator('payrail-pay-run-detail');
  // The run is named by its period; its internal id is in the URL, never on screen.
  await expect(detail.locator('h2#title')).toBeVisible();
  await expect(detail).not.toContainText(stack().finalisedPayRun.au);
  await expect(detail.locator('tbody tr').first()).toBeVisible();
  expect(await detail.locator('tbody tr').count()).toBeGreaterThan(5);
  await expect(detail.locator('[data-action]')).toHaveCount(0);
  await shot(page, 'host-pay-run-finalised');

  // The employee's name opens the payslip (the row's other button opens the entry's evidence).
  const first = detail.locator('tbody tr').first().locator('button[part="link"]');
  const name = (await first.innerText()).trim();
  await first.click();
  const slip = page.locator('payrail-payslip-viewer');
  await expect(slip.locator('.facts')).toContainText(name);
  await expect(slip.getByText('Net pay', { exact: true })).toBeVisible();
  await expect(page.locator('#crumbs')).toContainText('Payslip');
  await shot(page, 'host-payslip');

  await page.getByRole('link', { name: 'Back to the pay run' }).click();
  await expect(detail.locator('tbody tr').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a revoked token is renewed through tokenProvider, and the page carries on without a reload', async ({ page }) => {
  await page.goto(stack().bff);
  const minted = page.waitForResponse(isSession);
  await signInAs(page, 'Sam Okafor');
  const first = (await (await minted).json()).data;
  await expect(page.locator('payrail-pay-runs-list tbody tr')).toHaveCount(2);
  await page.evaluate(() => {
    (globalThis as unknown as { marker: number }).marker = 7;
  });

  // The partner revokes the session behind the components' token; their next call answers 401.
  const revoked = await page.request.post(`${stack().api}/v1/partners/sessions/${first.session_id}/revoke`, {
    headers: { authorization: `Bearer ${stack().partnerKey}` },
  });
  expect(revoked.status()).toBe(200);
  const stale = await page.request.get(`${stack().api}/v1/tenants/harbour-coffee/pay-runs`, {
    headers: { authorization: `Bearer ${first.token}` },
  });
  expect(stale.status()).toBe(401);

  const renewed = page.waitForResponse(isSession);
  await page.locator('payrail-pay-runs-list tbody tr', { hasText: 'Draft' }).click();
  const second = (await (await renewed).json()).data;
  expect(second.token).not.toBe(first.token);
  const detail = page.locator('payrail-pay-run-detail');
  await expect(detail.locator('tbody tr').first()).toBeVisible();
  await expect(detail.locator('[part~="error"]')).toHaveCount(0);
  await expect(page.locator('#banner')).toBeHidden();
  expect(await page.evaluate(() => (globalThis as unknown as { marker: number }).marker)).toBe(7);
});

test('when renewal fails too, the component shows its error state once and the host sends the user to sign in', async ({
  page,
  context,
}) => {
  await page.goto(stack().bff);
  const minted = page.waitForResponse(isSession);
  await signInAs(page, 'Sam Okafor');
  const first = (await (await minted).json()).data;
  await expect(page.locator('payrail-pay-runs-list tbody tr')).toHaveCount(2);

  // The host session ends (signed out elsewhere) and Payrail revokes the token: nothing can renew it.
  await context.clearCookies();
  await page.request.post(`${stack().api}/v1/partners/sessions/${first.session_id}/revoke`, {
    headers: { authorization: `Bearer ${stack().partnerKey}` },
  });
  const sessions: number[] = [];
  page.on('response', (r) => {
    if (isSession(r)) sessions.push(r.status());
  });

  await page.locator('payrail-pay-runs-list tbody tr', { hasText: 'Finalised' }).click();
  const error = page.locator('payrail-pay-run-detail [part~="error"]');
  await expect(error).toBeVisible();
  await expect(error).toHaveAttribute('data-kind', 'session');
  await expect(error).toHaveAttribute('data-code', /.+/);
  await expect(error).not.toContainText('401');
  await expect(page.locator('#banner')).toContainText('Sign in to the host application first.');
  await shot(page, 'host-renewal-failed');
  expect(sessions).toEqual([401]);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a token bound to the BFF origin is refused on another origin, so the component shows its error state', async ({
  page,
}) => {
  // A signed-in host session yields a token; then a page on another origin tries to use it.
  await page.request.post(`${stack().bff}/bff/sign-in`, { data: { user_id: 'usr_host_marcus' } });
  const minted = await page.request.post(`${stack().bff}/bff/session`);
  expect(minted.status()).toBe(201);
  const { token } = (await minted.json()).data;
  expect(claims(token).org).toBe(stack().bff);

  await page.goto(`${stack().otherOrigin}/#token=${token}`);
  const list = page.locator('payrail-pay-runs-list');
  await expect(list.locator('[part~="error"]')).toBeVisible();
  await expect(list.locator('[part~="error"]')).toHaveAttribute('data-kind', 'forbidden');
  await expect(list.locator('[part~="error"]')).toContainText('No access');
  await expect(list.locator('tbody tr')).toHaveCount(0);
  await shot(page, 'host-other-origin-refused');

  // The control: a token bound to this origin works on the same page.
  const own = await page.request.post(`${stack().api}/v1/tenants/harbour-coffee/embed/token`, {
    headers: { authorization: `Bearer ${stack().partnerKey}` },
    data: { components: ['pay-runs-list'], origin: stack().otherOrigin },
  });
  await page.goto(`${stack().otherOrigin}/#token=${(await own.json()).data.token}`);
  await page.reload();
  await expect(list.locator('tbody tr')).toHaveCount(2);
});

test('with the API down the BFF answers 502 with the JSON envelope, and the host page says so in words', async ({
  page,
}) => {
  const res = await page.request.get(`${stack().bffDown}/api/v1/tenants/harbour-coffee/pay-runs`);
  expect(res.status()).toBe(502);
  expect(await res.json()).toEqual({
    error: { code: 'bad_gateway', message: 'The payroll service is unreachable. Try again shortly.', status: 502 },
  });

  await page.goto(stack().bffDown);
  await signInAs(page, 'Elena Costa');
  const banner = page.locator('#banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('The payroll service is unreachable. Try again shortly.');
  // Words only: the error's code and status are for the host's logs, not for the person reading the page.
  await expect(banner).not.toContainText('bad_gateway');
  await expect(banner).not.toContainText('502');
  await shot(page, 'host-api-down');
});
