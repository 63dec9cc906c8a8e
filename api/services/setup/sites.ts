// Sites, a governed register of a tenant's workplaces. Employees and cost centres name a site by its code,
// and a user token's data scope (`sites`) lists codes: a site-scoped caller sees and changes only its own
// sites. Once a tenant keeps a register, every site an employee or cost centre names must be an active
// site in it; a tenant without one keeps free-text sites as before.
import type { Repos } from '../../store/index.ts';
import type { SiteTable } from '../../store/schema.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { CreateSiteInput, UpdateSiteInput } from '../../schemas/sites.ts';
import { addressSchema } from '../../model/address.ts';
import { holidayCalendarFor } from '../../packs/holiday-calendars.ts';
import { checkState } from './pay-schedules.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';

export type PublicSite = ReturnType<typeof publicSite>;

const unprocessable = (path: string, message: string) =>
  new AppError(422, 'unprocessable_entity', message, { errors: [{ path, message }] });

const publicSite = (row: SiteTable) => ({
  code: row.code,
  name: row.name,
  state: row.state,
  address: row.address_json ? decodeJson(addressSchema, row.address_json, `sites.address_json of ${row.code}`) : null,
  status: row.status,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** Does the caller's data scope reach this site? Partner keys and unscoped tokens reach every site. */
function reaches(uc: UseCaseContext, code: string): boolean {
  const token = uc.tokenCaller();
  return !token || token.scope.sites === '*' || token.scope.sites.includes(code);
}

export async function listSites(uc: UseCaseContext, opts: { includeArchived: boolean }): Promise<PublicSite[]> {
  const rows = await uc.store.repos.listSites(uc.requireTenant().tenant.id, opts.includeArchived);
  return rows.filter((row) => reaches(uc, row.code)).map(publicSite);
}

/** One site; a site outside the caller's scope is not found, like an employee outside it. */
export async function getSite(uc: UseCaseContext, code: string, r: Repos = uc.store.repos): Promise<PublicSite> {
  const row = await r.getSite(uc.requireTenant().tenant.id, code);
  if (!row || !reaches(uc, row.code)) throw notFound('Site not found.');
  return publicSite(row);
}

/**
 * 422 (at `path`) unless `code` names an active site of the tenant's register; any site while the tenant
 * keeps none. Archived sites keep the people already there but take no one new.
 */
export async function requireKnownSite(uc: UseCaseContext, r: Repos, code: string | null | undefined, path: string) {
  if (code === undefined || code === null) return;
  const tenantId = uc.requireTenant().tenant.id;
  if (!(await r.hasSites(tenantId))) return;
  const site = await r.getSite(tenantId, code);
  if (!site) throw unprocessable(path, `Unknown site ${code}: add it under sites first.`);
  if (site.status === 'archived') throw unprocessable(path, `The site ${site.name} is archived: restore it first.`);
}

function regionOf(uc: UseCaseContext, state: string | null | undefined) {
  return checkState(holidayCalendarFor(uc.requireTenant().tenant.jurisdiction), state);
}

/** A new site, active unless created archived; a duplicate code is 409. */
export async function createSite(uc: UseCaseContext, r: Repos, input: CreateSiteInput): Promise<Change<PublicSite>> {
  const tenantId = uc.requireTenant().tenant.id;
  if (!reaches(uc, input.code)) throw forbidden('This site would be outside your data scope.');
  if (await r.getSite(tenantId, input.code)) throw conflict('duplicate_code', `Site ${input.code} already exists.`);
  const at = uc.now.toISOString();
  const row: SiteTable = {
    tenant_id: tenantId,
    code: input.code,
    name: input.name,
    state: regionOf(uc, input.state) ?? null,
    address_json: input.address ? JSON.stringify(input.address) : null,
    status: input.status ?? 'active',
    created_at: at,
    updated_at: at,
  };
  await r.insertSite(row);
  return { data: publicSite(row), evidence: { action: 'site.created', resource: `${tenantId}/sites/${row.code}` } };
}

/** Updates the declared fields; `status` archives or restores. The evidence records the status move. */
export async function updateSite(
  uc: UseCaseContext,
  r: Repos,
  code: string,
  input: UpdateSiteInput,
): Promise<Change<PublicSite>> {
  const tenantId = uc.requireTenant().tenant.id;
  const existing = await r.getSite(tenantId, code);
  if (!existing || !reaches(uc, existing.code)) throw notFound('Site not found.');
  const { governance_reason: _g, address, state, ...rest } = input;
  const patch: Partial<SiteTable> = { ...rest, updated_at: uc.now.toISOString() };
  if (state !== undefined) patch.state = regionOf(uc, state) ?? null;
  if (address !== undefined) patch.address_json = address ? JSON.stringify(address) : null;
  await r.updateSite(tenantId, existing.code, patch);
  const updated = (await r.getSite(tenantId, existing.code))!;
  return {
    data: publicSite(updated),
    evidence: {
      action: 'site.updated',
      resource: `${tenantId}/sites/${existing.code}`,
      decision: {
        fields: Object.keys(input).filter((k) => k !== 'governance_reason'),
        from_status: existing.status,
        to_status: updated.status,
      },
    },
  };
}
