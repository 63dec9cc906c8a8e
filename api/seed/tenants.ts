// Seeds the demo tenants through Payrail's own API (a private listener without rate limits), so the
// demo data carries evidence and passes every rule a partner's data would.
import type { Server } from 'node:http';
import type { AppDeps } from '../http/context.ts';
import { createApp } from '../app.ts';
import { AU_COMPANY_BANK, AU_COST_CENTRES, AU_TENANT, auEmployees } from './au-workforce.ts';
import { DE_COMPANY_BANK, DE_COST_CENTRES, DE_TENANT, deEmployees } from './de-workforce.ts';

export interface SeededTenant {
  id: string;
  slug: string;
  jurisdiction: string;
  name: string;
  finalised_pay_run: string;
  draft_pay_run: string;
}

const REASON = 'Sandbox demo data set up at first start';

type Call = (method: string, path: string, body?: unknown) => Promise<any>;

async function withPrivateApi<T>(deps: AppDeps, key: string, fn: (call: Call) => Promise<T>): Promise<T> {
  // The seed's own requests stay out of the access log: a newcomer's first start should show the URLs and key.
  const logger = deps.logger.child({ component: 'seed' }, { level: 'warn' });
  const { app } = createApp({ ...deps, logger, config: { ...deps.config, rateLimitPerSecond: 0 } });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const call: Call = async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-governance-reason': REASON },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: any };
    if (res.status >= 300) throw new Error(`seed ${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  try {
    return await fn(call);
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

async function runToFinal(call: Call, t: string, run: string) {
  await call('POST', `/v1/tenants/${t}/pay-runs/${run}/preview`, {});
  await call('POST', `/v1/tenants/${t}/pay-runs/${run}/approve`, {});
  await call('POST', `/v1/tenants/${t}/pay-runs/${run}/finalise`, {});
  for (let i = 0; i < 200; i++) {
    if ((await call('GET', `/v1/tenants/${t}/pay-runs/${run}`)).status === 'finalised') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`seed: pay run ${run} did not finalise`);
}

async function seedTenant(
  call: Call,
  tenant: { name: string; slug: string; jurisdiction: string; engine: string },
  setup: {
    bank: Record<string, unknown>;
    costCentres: Record<string, unknown>[];
    employees: { body: unknown; cost_centre: string; tax?: unknown; bank?: unknown; pension?: unknown }[];
    finalised: Record<string, string>;
    draft: Record<string, string>;
    adjust?: (ids: string[]) => { employee_id: string; items: unknown[] }[];
  },
): Promise<SeededTenant> {
  const { tenant: ten } = await call('POST', '/v1/partners/tenants', tenant);
  const t = ten.id;
  await call('PATCH', `/v1/tenants/${t}/company/bank`, setup.bank);
  for (const cc of setup.costCentres) await call('POST', `/v1/tenants/${t}/cost-centres`, cc);
  const ids: string[] = [];
  for (const e of setup.employees) {
    const emp = await call('POST', `/v1/tenants/${t}/employees`, e.body);
    ids.push(emp.id);
    await call('PUT', `/v1/tenants/${t}/employees/${emp.id}/cost-centre`, { cost_centre_code: e.cost_centre });
    if (e.tax) await call('PATCH', `/v1/tenants/${t}/employees/${emp.id}/tax-settings`, e.tax);
    if (e.bank) await call('PATCH', `/v1/tenants/${t}/employees/${emp.id}/bank-accounts`, e.bank);
    if (e.pension) await call('PATCH', `/v1/tenants/${t}/employees/${emp.id}/pension`, e.pension);
  }
  const fin = await call('POST', `/v1/tenants/${t}/pay-runs`, setup.finalised);
  for (const adj of setup.adjust?.(ids) ?? [])
    await call('POST', `/v1/tenants/${t}/pay-runs/${fin.pay_run.id}/entries`, adj);
  await runToFinal(call, t, fin.pay_run.id);
  const draft = await call('POST', `/v1/tenants/${t}/pay-runs`, setup.draft);
  return {
    id: t,
    slug: ten.slug,
    jurisdiction: ten.jurisdiction,
    name: ten.name,
    finalised_pay_run: fin.pay_run.id,
    draft_pay_run: draft.pay_run.id,
  };
}

export async function seedTenants(deps: AppDeps, key: string): Promise<SeededTenant[]> {
  return withPrivateApi(deps, key, async (call) => [
    await seedTenant(call, AU_TENANT, {
      bank: AU_COMPANY_BANK,
      costCentres: AU_COST_CENTRES,
      employees: auEmployees(),
      finalised: { period_start: '2026-10-19', period_end: '2026-11-01', payment_date: '2026-11-04' },
      draft: { period_start: '2026-11-02', period_end: '2026-11-15', payment_date: '2026-11-18' },
      adjust: (ids) => [
        { employee_id: ids[2], items: [{ type: 'overtime', hours: 6, description: 'Roast schedule catch-up' }] },
        { employee_id: ids[4], items: [{ type: 'allowance', amount: '45.00', description: 'First aid allowance' }] },
      ],
    }),
    await seedTenant(call, DE_TENANT, {
      bank: DE_COMPANY_BANK,
      costCentres: DE_COST_CENTRES,
      employees: deEmployees(),
      finalised: { period_start: '2026-10-01', period_end: '2026-10-31', payment_date: '2026-10-30' },
      draft: { period_start: '2026-11-01', period_end: '2026-11-30', payment_date: '2026-11-27' },
      adjust: (ids) => [
        { employee_id: ids[4], items: [{ type: 'bonus', amount: '1500.00', description: 'Vertriebsprämie Q3' }] },
      ],
    }),
  ]);
}
