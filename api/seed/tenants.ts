// Seeds the demo tenants by running the same use cases the API's routes run, each a command through
// the unit of work with the seed's governance reason, so the demo data carries evidence and passes every
// rule a partner's data would. Inputs go through the routes' own schemas first.
import type { z } from 'zod';
import type { AppDeps } from '../services/platform/deps.ts';
import type { PartnerCaller } from '../model/caller.ts';
import { UseCaseContext } from '../services/platform/use-case.ts';
import { runCommand, type Change } from '../services/platform/unit-of-work.ts';
import type { Repos } from '../store/index.ts';
import { provisionTenant } from '../services/setup/tenants.ts';
import { resolveTenant } from '../services/platform/tenant-context.ts';
import { updateCompany, updateCompanyBank } from '../services/setup/company.ts';
import { createCostCentre, assignCostCentre } from '../services/setup/cost-centre-admin.ts';
import { hireEmployee, updateEmployeeSettings } from '../services/employees/employees.ts';
import { recordOpenings, type OpeningsInput } from '../services/employees/year-to-date-openings.ts';
import {
  adjustPayRunEntry,
  approvePayRun,
  createPayRun,
  finalisePayRun,
  previewPayRun,
} from '../services/pay-runs/pay-runs.ts';
import { createTenantBody } from '../schemas/platform.ts';
import { bankPatchBody, companyPatchBody } from '../schemas/company.ts';
import { createCostCentreBody } from '../schemas/cost-centres.ts';
import { createSiteBody } from '../schemas/sites.ts';
import { createSite } from '../services/setup/sites.ts';
import { createPayScheduleBody } from '../schemas/calendar.ts';
import { createPaySchedule } from '../services/setup/pay-schedules.ts';
import { createEmployeeBody, settingsBody } from '../schemas/employees.ts';
import { createRunBody, entryBody } from '../schemas/pay-runs.ts';
import { entryItems } from '../services/setup/pay-items.ts';
import {
  AU_COMPANY,
  AU_COMPANY_BANK,
  AU_COST_CENTRES,
  AU_PAY_SCHEDULE,
  AU_SITES,
  AU_TENANT,
  auEmployees,
} from './au-workforce.ts';
import {
  DE_COMPANY,
  DE_OPENINGS,
  DE_COMPANY_BANK,
  DE_COST_CENTRES,
  DE_PAY_SCHEDULE,
  DE_SITES,
  DE_TENANT,
  deEmployees,
} from './de-workforce.ts';

export interface SeededTenant {
  id: string;
  slug: string;
  jurisdiction: string;
  name: string;
  finalised_pay_run: string;
  draft_pay_run: string;
}

const REASON = 'Sandbox demo data set up at first start';

/** Input as a route receives it: JSON (absent fields dropped), then the route's own schema. */
const asSent = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> =>
  schema.parse(JSON.parse(JSON.stringify(body)));
/** The partner key may take every pay-run action: the seed acts as the demo partner's server. */
const EVERY_ACTION = () => true;

interface SeedSetup {
  company?: Record<string, unknown>;
  /** Created first and made the company's default, as a host sets one up through the API. */
  schedule: Record<string, unknown>;
  bank: Record<string, unknown>;
  sites: Record<string, unknown>[];
  costCentres: Record<string, unknown>[];
  employees: { body: unknown; cost_centre: string; tax?: unknown; bank?: unknown; pension?: unknown }[];
  finalised: Record<string, string>;
  draft: Record<string, string>;
  adjust?: (ids: string[]) => { employee_id: string; items: unknown[] }[];
  /** Year-to-date opening figures recorded before the first run (an employer new to Payrail mid-year). */
  openings?: (ids: string[]) => ({ employee_id: string } & OpeningsInput)[];
}

/** One seed step: a command with the seed's reason, recorded as the operation it stands for. */
async function step<T>(
  uc: UseCaseContext,
  operation: string,
  body: unknown,
  fn: (r: Repos, evidenceId: string) => Promise<Change<T> & { afterCommit?: () => void }>,
): Promise<T> {
  uc.request = { method: 'SEED', path: operation, body };
  let after: (() => void) | undefined;
  const out = await runCommand(uc, async (r, evidenceId) => {
    const change = await fn(r, evidenceId);
    after = change.afterCommit;
    return change;
  });
  after?.();
  return out.data;
}

async function untilFinalised(uc: UseCaseContext, tenantId: string, runId: string) {
  for (let i = 0; i < 400; i++) {
    if ((await uc.store.repos.getPayRun(tenantId, runId))?.status === 'finalised') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`seed: pay run ${runId} did not finalise`);
}

async function seedTenant(deps: AppDeps, caller: PartnerCaller, tenant: unknown, setup: SeedSetup) {
  const uc = new UseCaseContext({ deps, caller, reason: REASON, request: { method: 'SEED', path: 'tenants' } });
  const created = await step(uc, 'tenants', tenant, (r) => provisionTenant(uc, r, asSent(createTenantBody, tenant)));
  uc.tenant = await resolveTenant(deps.store.repos, caller, created.tenant.id, deps.cache);
  const t = created.tenant.id;
  const schedule = await step(uc, 'pay-schedules', setup.schedule, (r) =>
    createPaySchedule(uc, r, asSent(createPayScheduleBody, setup.schedule)),
  );
  const company = { ...setup.company, default_pay_schedule: schedule.id };
  await step(uc, 'company', company, (r) => updateCompany(uc, r, asSent(companyPatchBody, company)));
  await step(uc, 'company/bank', setup.bank, (r) => updateCompanyBank(uc, r, asSent(bankPatchBody, setup.bank)));
  for (const site of setup.sites) await step(uc, 'sites', site, (r) => createSite(uc, r, asSent(createSiteBody, site)));
  for (const cc of setup.costCentres)
    await step(uc, 'cost-centres', cc, (r) => createCostCentre(uc, r, asSent(createCostCentreBody, cc)));
  const ids: string[] = [];
  for (const e of setup.employees) {
    const emp = await step(uc, 'employees', e.body, (r) => hireEmployee(uc, r, asSent(createEmployeeBody, e.body)));
    const id = String(emp.id);
    ids.push(id);
    await step(uc, `employees/${id}/cost-centre`, { cost_centre_code: e.cost_centre }, (r) =>
      assignCostCentre(uc, r, id, e.cost_centre),
    );
    for (const [kind, body] of [
      ['tax', e.tax],
      ['bank', e.bank],
      ['pension', e.pension],
    ] as const) {
      if (body)
        await step(uc, `employees/${id}/${kind}`, body, (r) =>
          updateEmployeeSettings(uc, r, id, kind, asSent(settingsBody, body)),
        );
    }
  }
  for (const o of setup.openings?.(ids) ?? []) {
    const { employee_id, ...input } = o;
    await step(uc, `employees/${employee_id}/year-to-date-openings`, input, (r, ev) =>
      recordOpenings(uc, r, employee_id, input, ev),
    );
  }
  const newRun = (body: Record<string, string>) =>
    step(uc, 'pay-runs', body, (r, ev) => createPayRun(uc, r, asSent(createRunBody, body), ev, EVERY_ACTION));
  const fin = (await newRun(setup.finalised)).pay_run.id;
  for (const adj of setup.adjust?.(ids) ?? []) {
    const body = asSent(entryBody, adj);
    await step(uc, `pay-runs/${fin}/entries`, adj, async (r, ev) =>
      adjustPayRunEntry(
        uc,
        r,
        fin,
        {
          employee_id: body.employee_id,
          items: await entryItems(uc, r, body.items),
          replace: false,
          sent: body.items,
        },
        ev,
        EVERY_ACTION,
      ),
    );
  }
  await step(uc, `pay-runs/${fin}/preview`, {}, (r, ev) => previewPayRun(uc, r, fin, ev, EVERY_ACTION));
  await step(uc, `pay-runs/${fin}/approve`, {}, (r, ev) => approvePayRun(uc, r, fin, ev, EVERY_ACTION));
  await step(uc, `pay-runs/${fin}/finalise`, {}, (r, ev) => finalisePayRun(uc, r, fin, ev, EVERY_ACTION));
  await untilFinalised(uc, t, fin);
  const draft = (await newRun(setup.draft)).pay_run.id;
  return {
    id: t,
    slug: created.tenant.slug,
    jurisdiction: created.tenant.jurisdiction,
    name: created.tenant.name,
    finalised_pay_run: fin,
    draft_pay_run: draft,
  };
}

export async function seedTenants(deps: AppDeps, caller: PartnerCaller): Promise<SeededTenant[]> {
  return [
    await seedTenant(deps, caller, AU_TENANT, {
      company: AU_COMPANY,
      schedule: AU_PAY_SCHEDULE,
      bank: AU_COMPANY_BANK,
      sites: AU_SITES,
      costCentres: AU_COST_CENTRES,
      employees: auEmployees(),
      finalised: { period_start: '2026-10-19', period_end: '2026-11-01', payment_date: '2026-11-04' },
      draft: { period_start: '2026-11-02', period_end: '2026-11-15', payment_date: '2026-11-18' },
      adjust: (ids) => [
        { employee_id: ids[2], items: [{ type: 'overtime', hours: 6, description: 'Roast schedule catch-up' }] },
        { employee_id: ids[4], items: [{ type: 'allowance', amount: '45.00', description: 'First aid allowance' }] },
      ],
    }),
    await seedTenant(deps, caller, DE_TENANT, {
      company: DE_COMPANY,
      schedule: DE_PAY_SCHEDULE,
      bank: DE_COMPANY_BANK,
      sites: DE_SITES,
      costCentres: DE_COST_CENTRES,
      employees: deEmployees(),
      finalised: { period_start: '2026-10-01', period_end: '2026-10-31', payment_date: '2026-10-30' },
      draft: { period_start: '2026-11-01', period_end: '2026-11-30', payment_date: '2026-11-27' },
      openings: DE_OPENINGS,
      adjust: (ids) => [
        { employee_id: ids[4], items: [{ type: 'bonus', amount: '1500.00', description: 'Vertriebsprämie Q3' }] },
      ],
    }),
  ];
}
