// Everything the end-to-end tests talk to, in one child process of the Playwright runner: the real
// API with the seeded sandbox, the reference BFF in front of it, a second BFF whose API is down, and
// a plain page on another origin. Prints one JSON line describing them, then serves until SIGTERM.
import http, { type Server } from 'node:http';
import { startLiveApi } from '../helpers/live-api.ts';
import { createBff } from '../../bff/app.ts';
import type { BffConfig } from '../../bff/config.ts';

export interface Stack {
  api: string;
  bff: string;
  bffDown: string;
  /** The reference BFF in front of the German sandbox tenant. */
  bffDe: string;
  /**
   * The reference BFF in front of `retailTenant`, an AU employer the award spec provisions itself with
   * `retailPartnerKey`: another partner's, so the seeded partner's portfolio stays as the other specs expect.
   */
  bffRetail: string;
  retailTenant: string;
  retailPartnerKey: string;
  /** The same for `hospitalityTenant`, a hospitality employer on the current pack, with its own partner. */
  bffHospitality: string;
  hospitalityTenant: string;
  hospitalityPartnerKey: string;
  /** The same for `importTenant`, an employer the spreadsheet-import spec fills, with its own partner. */
  bffImport: string;
  importTenant: string;
  importPartnerKey: string;
  otherOrigin: string;
  partnerKey: string;
  /** The seeded partner's endpoint for the host BFF (disabled until a walk enables it). */
  webhookEndpoint: string;
  tenants: { au: string; de: string };
  draftPayRun: { au: string; de: string };
  finalisedPayRun: { au: string; de: string };
}

const listen = (s: Server) =>
  new Promise<string>((resolve) => {
    s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as { port: number }).port}`));
  });

const bff = (config: Partial<BffConfig> & Pick<BffConfig, 'apiUrl'>) =>
  http.createServer(
    createBff({
      port: 0,
      partnerKey: null,
      tenant: 'harbour-coffee',
      sessionSecret: 'e2e-session-secret',
      publicOrigin: null,
      ...config,
    }),
  );

/** Somebody else's page: it embeds a pay-runs list against the API with whatever token the URL carries. */
function otherOriginPage(apiUrl: string) {
  return http.createServer((req, res) => {
    if (!req.url?.startsWith('/')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another origin</title><link rel="icon" href="data:,">
<script type="module" src="${apiUrl}/sdk/v1/payrail-components.js"></script></head>
<body><h1>A page on another origin</h1>
<payrail-pay-runs-list id="runs" country="AU" api-url="${apiUrl}" tenant-id="harbour-coffee"></payrail-pay-runs-list>
<script type="module">
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  document.getElementById('runs').embedToken = token;
</script></body></html>`);
  });
}

const closedPort = async () => {
  const s = http.createServer();
  const url = await listen(s);
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return url;
};

const api = await startLiveApi();
// Not provisioned here: the spec that uses it sets the employer up through the API as a partner would,
// pinned to the pack version whose award rates it pays.
const RETAIL_TENANT = 'coastal-retail';
const retailPartnerKey = await api.newPartnerKey('Coastal Payroll Services');
// Payrail's webhooks for the seeded partner go to the main BFF, which passes them on to its open pages. The
// endpoint is registered first for its secret, and pointed at the BFF once that listens. It stays disabled but for
// the walk that follows changes (live-updates.spec.ts): the other walks' pages are not refreshed under them.
const partnerCall = async (method: string, path: string, body: unknown) => {
  const r = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.partnerKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { data: { id: string; secret: string } }).data;
};
const hooks = await partnerCall('POST', '/v1/partners/webhook-endpoints', {
  url: 'http://127.0.0.1:9/not-yet',
  event_types: ['pay_run.*', 'employee.*', 'leave_request.*'],
  description: 'The host example',
});
const HOSPITALITY_TENANT = 'bayside-bistro';
const hospitalityPartnerKey = await api.newPartnerKey('Bayside Hospitality Payroll');
const IMPORT_TENANT = 'sheetley-staffing';
const importPartnerKey = await api.newPartnerKey('Sheetley Payroll Bureau');
const servers = [
  bff({ apiUrl: api.url, partnerKey: api.partnerKey, webhookSecret: hooks.secret }),
  bff({ apiUrl: await closedPort(), partnerKey: api.partnerKey }),
  otherOriginPage(api.url),
  bff({ apiUrl: api.url, partnerKey: api.partnerKey, tenant: api.tenants.de }),
  bff({ apiUrl: api.url, partnerKey: retailPartnerKey, tenant: RETAIL_TENANT }),
  bff({ apiUrl: api.url, partnerKey: hospitalityPartnerKey, tenant: HOSPITALITY_TENANT }),
  bff({ apiUrl: api.url, partnerKey: importPartnerKey, tenant: IMPORT_TENANT }),
];
const [bffUrl, bffDownUrl, otherUrl, bffDeUrl, bffRetailUrl, bffHospitalityUrl, bffImportUrl] = await Promise.all(
  servers.map(listen),
);
await partnerCall('PATCH', `/v1/partners/webhook-endpoints/${hooks.id}`, {
  url: `${bffUrl}/bff/webhooks`,
  status: 'disabled',
});

const stack: Stack = {
  api: api.url,
  bff: bffUrl,
  bffDown: bffDownUrl,
  bffDe: bffDeUrl,
  bffRetail: bffRetailUrl,
  retailTenant: RETAIL_TENANT,
  retailPartnerKey,
  bffHospitality: bffHospitalityUrl,
  hospitalityTenant: HOSPITALITY_TENANT,
  hospitalityPartnerKey,
  bffImport: bffImportUrl,
  importTenant: IMPORT_TENANT,
  importPartnerKey,
  otherOrigin: otherUrl,
  partnerKey: api.partnerKey,
  webhookEndpoint: hooks.id,
  tenants: api.tenants,
  draftPayRun: api.draftPayRun,
  finalisedPayRun: api.finalisedPayRun,
};
process.stdout.write(`${JSON.stringify(stack)}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        }),
    ),
  );
  await api.close();
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The runner may die without a goodbye; an orphaned stack must not outlive it.
process.stdin.on('end', stop);
process.stdin.resume();
