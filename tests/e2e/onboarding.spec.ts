// Onboarding end to end through the host example: a payroll officer adds a new AU and a new DE employee
// with the wizard, the host's backend writes each draft with its reason naming the form and the officer,
// the new person shows in the employee list and is ready for the next pay run. Every request and response
// the browser sees is captured: no identifier travels in clear except in the one write that submits it.
import { test, expect, type Page, type Locator } from '@playwright/test';
import { stack, shot, consoleErrors, signInAs, everyWay, withReason } from './support.ts';

const TFN = '123456782';
const ACCOUNT = '87654321';
const MEMBER = '880012345';
const TAX_ID = '36574261809';
const SVNR = '65170839J003';
const IBAN = 'DE89370400440532013000';
const SMSF_ACCOUNT = '55501234';
const RAW = new RegExp([TFN, ACCOUNT, MEMBER, SMSF_ACCOUNT, TAX_ID, SVNR, IBAN, 'DE89 3704'].join('|'));

interface Seen {
  kind: 'request' | 'response';
  method: string;
  url: string;
  body: string;
}

/** Every request body and response body the page exchanges, from now on. */
function capture(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('request', (r) =>
    seen.push({ kind: 'request', method: r.method(), url: r.url(), body: `${r.url()} ${r.postData() ?? ''}` }),
  );
  page.on('response', async (r) => {
    const body = await r.text().catch(() => '');
    seen.push({ kind: 'response', method: r.request().method(), url: r.url(), body });
  });
  return seen;
}

const step = (w: Locator, n: number) => expect(w.locator('#step')).toHaveText(new RegExp(`^\\s*(Step|Schritt) ${n} `));
async function next(w: Locator, n: number) {
  await w.locator('[part~="next-button"]').click();
  await step(w, n);
}

async function onboard(page: Page, bff: string, fill: (w: Locator) => Promise<void>) {
  await page.goto(bff);
  await signInAs(page, 'Priya Raman');
  await page.locator('#nav-people').click();
  await page.locator('#add-employee').click();
  const wizard = page.locator('payrail-employee-onboarding');
  await step(wizard, 1);
  await fill(wizard);
  await expect(wizard.locator('[part~="review"]')).toBeVisible();
  expect(await wizard.locator('[part~="review"]').textContent()).not.toMatch(RAW);
  await shot(page, `onboarding-review-${bff === stack().bff ? 'au' : 'de'}`, true);
  const written = page.waitForResponse((r) => r.url().endsWith('/bff/employees'));
  await wizard.locator('[part~="next-button"]').click();
  const res = await written;
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).data.id as string;
  await expect(page.locator('#toast')).toContainText(/Employee added/);
  return id;
}

async function checkWritten(page: Page, tenant: string, id: string, name: string, seen: Seen[]) {
  // The employee list shows the new person.
  const list = page.locator('payrail-employees-list');
  await list.locator('[part~="search"]').fill(name.split(' ')[1]);
  await expect(list).toContainText(name);
  const partner = { authorization: `Bearer ${stack().partnerKey}` };
  const T = `${stack().api}/v1/tenants/${tenant}`;
  const ready = (await (await page.request.get(`${T}/employees/${id}/readiness`, { headers: partner })).json()).data;
  expect(ready.blocks_finalise, JSON.stringify(ready)).toBe(false);
  // Each write's evidence carries the host's reason, naming the form and the officer.
  const trail = (
    await (await page.request.get(`${T}/governance/audit-trail?resource=${id}`, { headers: partner })).json()
  ).data as { governance_reason: string }[];
  expect(trail.length).toBeGreaterThan(0);
  for (const r of trail)
    expect(r.governance_reason).toBe(
      'New employee from the employee-onboarding form, entered by Priya Raman (usr_host_priya)',
    );
  // Identifiers in clear: only in the one request that submits the draft, never in an answer.
  const carrying = seen.filter((s) => RAW.test(s.body));
  expect(carrying.map((s) => `${s.kind} ${s.method} ${new URL(s.url).pathname}`)).toEqual([
    'request POST /bff/employees',
  ]);
}

test('a payroll officer onboards a new AU employee; the host writes it with its reason', async ({ page }) => {
  // Six steps, each checked against the API as it is left: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const errors = consoleErrors(page);
  const seen = capture(page);
  const id = await onboard(page, stack().bff, async (w) => {
    await w.locator('[name="first_name"]').fill('Noah');
    await w.locator('[name="last_name"]').fill('Finchley');
    await w.locator('[name="date_of_birth"]').fill('1994-06-12');
    await w.locator('[name="line1"]').fill('7 Bridge Street');
    await w.locator('[name="locality"]').fill('Sydney');
    await w.locator('[name="address_state"]').selectOption('NSW');
    await w.locator('[name="postcode"]').fill('2000');
    await next(w, 2);
    await w.locator('[name="type"]').selectOption('full_time');
    await w.locator('[name="start_date"]').fill('2026-11-02');
    await w.locator('[name="annual_salary"]').fill('78000');
    await w.locator('[name="pay_frequency"]').selectOption('fortnightly');
    await next(w, 3);
    await w.locator('[name="tfn"]').fill(TFN);
    await w.locator('[name="residency"]').selectOption('resident');
    await w.locator('[name="tax_free_threshold"]').check();
    await next(w, 4);
    // Their own self-managed fund: the choice asks for its ABN, electronic service address and bank account.
    await w.locator('[name="fund_choice"]').selectOption('smsf');
    await w.locator('[name="smsf_account_name"]').fill('Finchley Family Super Fund');
    await w.locator('[name="smsf_abn"]').fill('51824753556');
    await w.locator('[name="smsf_esa"]').fill('ESAS');
    await w.locator('[name="smsf_bsb"]').fill('062-000');
    await w.locator('[name="smsf_account_number"]').fill(SMSF_ACCOUNT);
    await next(w, 5);
    await w.locator('[name="bank_bsb"]').fill('062-000');
    await w.locator('[name="bank_account_number"]').fill(ACCOUNT);
    await w.locator('[name="bank_account_name"]').fill('Noah Finchley');
    await next(w, 6);
  });
  await checkWritten(page, stack().tenants.au, id, 'Noah Finchley', seen);
  const fund = await page.request.get(`${stack().api}/v1/tenants/${stack().tenants.au}/employees/${id}/pension`, {
    headers: { authorization: `Bearer ${stack().partnerKey}` },
  });
  expect((await fund.json()).data).toMatchObject({ fund_choice: 'smsf', super_fund_attested: true, smsf_esa: 'ESAS' });
  await shot(page, 'onboarding-people-au');
  expect(errors).toEqual([]);
});

test('a payroll officer onboards a new DE employee; the host writes it with its reason', async ({ page }) => {
  // Six steps, each checked against the API as it is left: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const errors = consoleErrors(page);
  const seen = capture(page);
  const id = await onboard(page, stack().bffDe, async (w) => {
    await w.locator('[name="first_name"]').fill('Mara');
    await w.locator('[name="last_name"]').fill('Vogtland');
    await w.locator('[name="date_of_birth"]').fill('1988-03-17');
    await w.locator('[name="line1"]').fill('Leopoldstraße 12');
    await w.locator('[name="locality"]').fill('München');
    await w.locator('[name="postcode"]').fill('80802');
    await next(w, 2);
    // A Minijob is asked how it is taxed; the wizard offers Minijob and Midijob beside full and part time.
    await w.locator('[name="type"]').selectOption('minijob');
    await expect(w.locator('[name="minijob_taxation"]')).toBeVisible();
    await shot(page, 'onboarding-de-employment-minijob', true);
    await w.locator('[name="type"]').selectOption('full_time');
    await w.locator('[name="start_date"]').fill('2026-11-01');
    await w.locator('[name="annual_salary"]').fill('60000');
    await w.locator('[name="pay_frequency"]').selectOption('monthly');
    await next(w, 3);
    await w.locator('[name="tax_id"]').fill(TAX_ID);
    await w.locator('[name="tax_class"]').selectOption('1');
    await next(w, 4);
    // Someone with no SV-Nummer yet is taken as they are: the box hides the number, which is asked otherwise.
    await w.locator('[name="no_insurance_number_yet"]').check();
    await expect(w.locator('[name="svnr"]')).toHaveCount(0);
    for (const [width, theme] of [
      [1280, 'light'],
      [1280, 'dark'],
      [390, 'light'],
      [390, 'dark'],
    ] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await shot(page, `onboarding-de-social-${width}-${theme}`, true);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await w.locator('[name="no_insurance_number_yet"]').uncheck();
    await w.locator('[name="svnr"]').fill(SVNR);
    await w.locator('[name="health_type"]').selectOption('statutory');
    await w.locator('[name="insurer_name"]').fill('AOK Bayern');
    await w.locator('[name="insurer_betriebsnummer"]').fill('87880235');
    await w.locator('[name="additional_rate"]').fill('1,7');
    await next(w, 5);
    await w.locator('[name="iban"]').fill('DE89 3704 0044 0532 0130 00');
    await w.locator('[name="bic"]').fill('COBADEFFXXX');
    await next(w, 6);
  });
  await checkWritten(page, stack().tenants.de, id, 'Mara Vogtland', seen);
  await shot(page, 'onboarding-people-de');
  // What the wizard asked is all the registration and the Beitragsnachweis need: the Krankenkasse too.
  const T = `${stack().api}/v1/tenants/${stack().tenants.de}`;
  const partner = { authorization: `Bearer ${stack().partnerKey}` };
  const readiness = async () =>
    (await (await page.request.get(`${T}/employees/${id}/readiness`, { headers: partner })).json()).data;
  expect((await readiness()).tabs.social).toEqual({ status: 'complete', missing: [] });

  // She changes Krankenkasse: the officer corrects it on her page, in the social insurance form.
  await page.evaluate((eid) => ((globalThis as any).location.hash = `#/people/${encodeURIComponent(eid)}`), id);
  await page
    .getByRole('navigation', { name: 'This employee' })
    .getByRole('link', { name: 'Sozialversicherung' })
    .click();
  const form = page.locator('payrail-super-form');
  await expect(form.locator('[part~="on-file"]')).toContainText('AOK Bayern');
  await form.locator('[name="insurer_name"]').fill('Techniker Krankenkasse');
  await form.locator('[name="insurer_betriebsnummer"]').fill('15027365');
  await form.locator('[name="insurer_betriebsnummer"]').blur();
  await form.locator('[part~="save-button"]').click();
  await withReason(page, `/employees/${id}/pension`, 'Mitgliedsbescheinigung der neuen Krankenkasse');
  await expect(form.locator('[part~="on-file"]')).toContainText('Techniker Krankenkasse');
  const profile = (await (await page.request.get(`${T}/employees/${id}/tax-settings`, { headers: partner })).json())
    .data;
  expect(profile.health_insurance).toMatchObject({
    type: 'statutory',
    additional_rate: '1.7',
    insurer: { name: 'Techniker Krankenkasse' },
  });
  expect((await readiness()).tabs.social.status).toBe('complete');
  await everyWay(page, 'employee-social-form-de', [form]);
  expect(errors).toEqual([]);
});
