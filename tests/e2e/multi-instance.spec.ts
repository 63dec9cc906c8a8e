// Two API instances on one PostgreSQL database behind the BFF: the preparer previews and the approver approves
// and finalises the seeded AU draft run in the host page while one instance is killed with SIGKILL the moment the
// finalise leaves the browser. The BFF finishes the request on the other instance (same Idempotency-Key), the run
// is finalised once, and the evidence chain verifies.
import fs from 'node:fs';
import http, { type Server } from 'node:http';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { act, consoleErrors, shot, signInAs, signOut } from './support.ts';
import { newTestDb, TEST_POSTGRES, type TestDb } from '../helpers/test-db.ts';
import { spawnApi, killAll, type ApiProcess } from '../helpers/server-process.ts';
import { TEST_SDK_DIR } from '../helpers/test-sdk.ts';
import { createBff } from '../../bff/app.ts';

test.skip(!TEST_POSTGRES, 'needs a PostgreSQL server (PAYRAIL_TEST_POSTGRES)');

let db: TestDb;
let a: ApiProcess;
let b: ApiProcess;
let bff: Server;
let bffUrl: string;
let creds: { key: string; tenants: { slug: string; jurisdiction: string; draft_pay_run: string }[] };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  db = await newTestDb('payrail-e2e-multi-');
  const env = { PAYRAIL_SDK_DIR: TEST_SDK_DIR };
  a = await spawnApi(db, { ...env, PAYRAIL_SEED: '1' });
  // The seed runs once the first instance listens; the second starts on the seeded database.
  const file = path.join(path.dirname(db.dbFile), 'demo-credentials.json');
  const deadline = Date.now() + 120_000;
  while (!fs.existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  creds = JSON.parse(fs.readFileSync(file, 'utf8'));
  b = await spawnApi(db, env);
  bff = http.createServer(
    createBff({
      port: 0,
      apiUrl: `${a.url},${b.url}`,
      partnerKey: creds.key,
      tenant: 'harbour-coffee',
      sessionSecret: 'e2e-multi-secret',
      publicOrigin: null,
    }),
  );
  bffUrl = await new Promise<string>((resolve) =>
    bff.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(bff.address() as { port: number }).port}`)),
  );
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (bff ? bff.close(() => resolve()) : resolve()));
  await killAll();
  await db?.drop();
});

test('a pay run goes through while one API instance is killed mid-finalise; the chain verifies', async ({ page }) => {
  const errors = consoleErrors(page);
  const detail = page.locator('payrail-pay-run-detail');
  const pill = detail.locator('[part="pill"]');
  const run = creds.tenants.find((t) => t.jurisdiction === 'AU')!.draft_pay_run;

  await page.goto(bffUrl);
  await signInAs(page, 'Priya Raman');
  await page.locator('payrail-pay-runs-list tbody tr', { hasText: 'Draft' }).click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${run}$`));
  await act(page, 'preview', 'Timesheets for the fortnight imported and checked', 'Preview ready');
  await signOut(page);
  await signInAs(page, 'Marcus Webb');
  await page.locator('payrail-pay-runs-list tbody tr', { hasText: 'Previewed' }).click();
  await act(page, 'approve', 'Totals match the roster export – approved', 'Pay run approved');

  // The moment the finalise leaves the browser, the first instance dies with SIGKILL: if the BFF sent the
  // request there, it is cut off mid-way and finished by the other instance.
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/finalise')) void a.kill9();
  });
  await act(page, 'finalise', 'Paying on the scheduled date', 'Pay run finalised');
  await expect(pill).toHaveText('Finalised');
  await shot(page, 'multi-instance-finalised');

  const api = (p: string, method = 'GET') =>
    fetch(`${b.url}/v1/tenants/harbour-coffee${p}`, {
      method,
      headers: { authorization: `Bearer ${creds.key}`, 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    }).then((r) => r.json() as Promise<any>);
  expect((await api(`/pay-runs/${run}`)).data.status).toBe('finalised');
  const finalised = await api(`/governance/audit-trail?action=pay_run.finalise_committed&resource=${run}`);
  expect(finalised.data).toHaveLength(1);
  const verified = (await api('/governance/verify', 'POST')).data;
  expect(verified.valid).toBe(true);
  expect(errors).toEqual([]);
});
