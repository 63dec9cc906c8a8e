// What an employer must complete before the next pay run, in one read: the company's items (its bank
// account where the pack writes payment files, its registration number) and every employee active today
// that the caller may see and that misses something, with the engine's verdicts only — never a value.
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { TenantReadinessView } from '../../schemas/validation.ts';
import { foldPatches, fullName } from '../../model/employee.ts';
import { effectiveStatus } from '../employees/employee-view.ts';
import { callerReaches } from '../platform/data-scope.ts';
import { loadResolver } from './cost-centres.ts';
import { jurisdictionOf } from '../../jurisdictions/index.ts';
import { decodeJsonObject } from '../../lib/json-column.ts';
import { todayIn } from '../../lib/dates.ts';

async function companyItems(uc: UseCaseContext, r: Repos): Promise<TenantReadinessView['company']> {
  const t = uc.requireTenant();
  const row = await r.getCompany(t.tenant.id);
  const data = row ? decodeJsonObject(row.data_json, `company.data_json of ${t.tenant.id}`) : {};
  const bank = row ? decodeJsonObject(row.bank_json, `company.bank_json of ${t.tenant.id}`) : {};
  const items: TenantReadinessView['company'] = [
    {
      kind: 'company_bank',
      status: bank.account_enc || bank.iban_enc ? 'complete' : 'missing',
      // The bank account a payment file debits: without one, pay cannot go out where the pack writes them.
      blocking: t.capabilities?.payment_file === 'native',
    },
  ];
  const number = jurisdictionOf(t.tenant.jurisdiction).employerNumber;
  // Older records kept the ABN beside the bank account; either place counts.
  if (number)
    items.push({ kind: number, status: data[number] || bank[number] ? 'complete' : 'missing', blocking: false });
  // The employer fields a statutory output is drawn up with: pay goes out without them.
  for (const [kind, outputs] of Object.entries(jurisdictionOf(t.tenant.jurisdiction).companyOutputFields ?? {})) {
    const i = items.findIndex((x) => x.kind === kind);
    const item = {
      kind,
      status: data[kind] ? ('complete' as const) : ('missing' as const),
      blocking: false,
      needed_for: outputs,
    };
    if (i >= 0) items[i] = { ...items[i], needed_for: outputs };
    else items.push(item);
  }
  return items;
}

/** GET readiness: the company's items and each employee with something missing, blocking ones first. */
export async function tenantReadiness(uc: UseCaseContext, r: Repos): Promise<TenantReadinessView> {
  const t = uc.requireTenant();
  const today = todayIn(uc.now);
  const tenantId = t.tenant.id;
  const [rows, versions, resolver, company] = await Promise.all([
    r.listEmployees(tenantId, {}),
    r.versionsAsOf(tenantId, today),
    loadResolver(r, tenantId, uc.deps.cache.resolvers),
    companyItems(uc, r),
  ]);
  const patches = new Map<string, string[]>();
  for (const v of versions) {
    const list = patches.get(v.employee_id);
    if (list) list.push(v.data_json);
    else patches.set(v.employee_id, [v.data_json]);
  }
  const employees: TenantReadinessView['employees'] = [];
  let checked = 0;
  for (const row of rows) {
    const own = patches.get(row.id);
    if (!own) continue; // hired from a later date: not in the next pay run yet
    const data = foldPatches(own, t.tenant.jurisdiction);
    if (effectiveStatus(data, today) !== 'active') continue;
    const cc = resolver.costCentreOf(row.cost_centre_code, data);
    if (!callerReaches(uc, row.id, cc, resolver.siteOf(data.site, cc))) continue;
    checked++;
    const verdict = t.engine
      ? t.engine.readiness(t.binding.pack_version, data)
      : { blocks_finalise: true, unverified_requirements: ['engine_unavailable'], blocking: ['engine_unavailable'] };
    if (!verdict.unverified_requirements.length) continue;
    employees.push({
      employee_id: row.id,
      name: fullName(data),
      blocks_finalise: verdict.blocks_finalise,
      blocking: verdict.blocking,
      missing: verdict.unverified_requirements,
      ...('needed_for' in verdict && verdict.needed_for ? { needed_for: verdict.needed_for } : {}),
    });
  }
  // Listed in name order already; a stable sort puts the blocked first.
  employees.sort((a, b) => Number(b.blocks_finalise) - Number(a.blocks_finalise));
  const blocked = employees.filter((e) => e.blocks_finalise).length;
  const companyMissing = company.filter((c) => c.status === 'missing');
  return {
    jurisdiction: t.tenant.jurisdiction,
    as_of: today,
    ready: blocked === 0 && !companyMissing.some((c) => c.blocking),
    company,
    employees,
    counts: {
      employees: checked,
      employees_blocked: blocked,
      employees_incomplete: employees.length,
      company_missing: companyMissing.length,
    },
  };
}
