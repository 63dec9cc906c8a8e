// Webhooks over TLS, as live endpoints always are: a delivery goes to the address that was vetted yet verifies the
// certificate against the endpoint's host name (sending it as SNI), and a certificate that is not trusted or names
// another host is refused, the attempt recording why. The API runs as its own process, trusting a test authority
// the way an operator adds one (NODE_EXTRA_CA_CERTS); the certificates are made here with openssl.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApi, REASON } from '../helpers/api.ts';
import { createTenant, expectStatus, type TenantRef } from '../helpers/payroll-fixtures.ts';
import { killAll, request, spawnApi, type ApiProcess } from '../helpers/server-process.ts';
import { newTestDb, type TestDb } from '../helpers/test-db.ts';
import { startReceiver, until, type Receiver } from '../helpers/webhook-receiver.ts';
import { systemClock } from '../../api/lib/clock.ts';
import { verifySignature } from '../../api/services/webhooks/signature.ts';

const EP = '/v1/partners/webhook-endpoints';
const dir = mkdtempSync(path.join(tmpdir(), 'payrail-tls-'));
let db: TestDb;
let api: ApiProcess;
let key: string;
let tenant: TenantRef;
const rx: Record<'trusted' | 'otherName' | 'untrusted', Receiver> = {} as never;
const endpoints: Record<string, { id: string; secret: string }> = {};

/** A self-signed P-256 certificate for `names` (subject alternative names), valid for two days. */
function certificate(file: string, names: string[]): { key: string; cert: string } {
  const [keyFile, certFile] = [path.join(dir, `${file}.key`), path.join(dir, `${file}.pem`)];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${names[0]}`,
      '-addext',
      `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
}

before(async () => {
  const trusted = certificate('trusted', ['localhost']);
  const otherName = certificate('other-name', ['payroll-hooks.example']);
  const untrusted = certificate('untrusted', ['localhost']);
  rx.trusted = await startReceiver(trusted);
  rx.otherName = await startReceiver(otherName);
  rx.untrusted = await startReceiver(untrusted);
  const authorities = path.join(dir, 'authorities.pem');
  writeFileSync(authorities, trusted.cert + otherName.cert);

  db = await newTestDb('payrail-webhooks-tls-');
  const setup = await startTestApi({ clock: systemClock, db });
  try {
    key = setup.partner.key;
    tenant = await createTenant(setup, { jurisdiction: 'AU', companyBank: false });
    for (const [name, receiver] of Object.entries(rx))
      endpoints[name] = expectStatus(
        await setup.call('POST', EP, {
          body: { url: receiver.url, event_types: ['cost_centre.created'], tenants: [tenant.id] },
        }),
        201,
      ).data;
  } finally {
    await setup.close();
  }
  api = await spawnApi(db, { PAYRAIL_WEBHOOK_POLL_MS: '25', NODE_EXTRA_CA_CERTS: authorities });
});

after(async () => {
  await killAll();
  await Promise.all(Object.values(rx).map((r) => r.close()));
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const firstAttempt = (endpoint: string) =>
  until(`an attempt to the ${endpoint} endpoint`, async () => {
    const answer = await request(api.url, 'GET', `${EP}/${endpoints[endpoint].id}/deliveries`, { key });
    assert.equal(answer.status, 200, answer.text);
    return answer.body.data[0]?.attempts?.[0];
  });

test('an https endpoint gets the event over TLS, its certificate checked against the endpoint host name', async () => {
  const made = await request(api.url, 'POST', `/v1/tenants/${tenant.id}/cost-centres`, {
    key,
    body: { code: 'TLS', name: 'Centre TLS' },
    headers: { 'x-governance-reason': REASON },
  });
  assert.equal(made.status, 201, made.text);
  const got = await until('the event over TLS', () =>
    rx.trusted.received.find((m) => m.body.evidence.id === made.body.evidence_id),
  );
  assert.equal(got.servername, 'localhost', 'the host name is sent (SNI), though the vetted address is dialled');
  assert.ok(
    verifySignature(
      got.headers['payrail-signature'] as string,
      got.raw,
      endpoints.trusted.secret,
      Math.floor(Date.now() / 1000),
    ),
  );
  const attempt = await firstAttempt('trusted');
  assert.equal(attempt.status_code, 200);
});

test('a certificate for another host name, or from no trusted authority, is refused and the attempt says why', async () => {
  const otherName = await firstAttempt('otherName');
  assert.equal(otherName.status_code, null);
  assert.match(otherName.error, /does not match certificate's altnames/);
  const untrusted = await firstAttempt('untrusted');
  assert.equal(untrusted.status_code, null);
  assert.match(untrusted.error, /self-signed certificate/);
  assert.equal(rx.otherName.received.length + rx.untrusted.received.length, 0, 'no event reached either');
});
