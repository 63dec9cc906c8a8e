// What a request may carry, decided before it is validated or handled: the caller's data scope first (an
// employee it does not reach is 404 whatever the request says), then the body's fields. Every body goes
// through the same check (`model/sensitive.ts`): no identifier outside its intake field, by name or by
// value, and no field Payrail sets itself, under the route's policy for its tenant's country.
import type { RequestContext } from './context.ts';
import { assertClientFields, NO_IDENTIFIERS } from '../model/sensitive.ts';
import { requireEmployeeRow } from '../services/employees/employees.ts';
import { limitingToken } from '../services/platform/data-scope.ts';
import { jurisdictionOf } from '../jurisdictions/index.ts';

const EMPLOYEE_PATH = /^\/v1\/tenants\/\{tenantId\}\/employees\/\{employeeId\}(\/|$)/;
/** A mint's `employee_id` is the employee to pin, checked by the mint itself (services/platform/token-delegation.ts). */
const MINT_PATH = /\/(embed|users)\/token$/;

/**
 * 404 before anything else when a pinned or scoped token addresses an employee it does not reach: in the path of
 * an employee's routes, or as the body's `employee_id` (a leave request, an entry): an invalid request about such an
 * employee answers as one about an employee that does not exist.
 */
export async function checkScopeFirst(ctx: RequestContext, rawParams: Record<string, string>): Promise<void> {
  if (!limitingToken(ctx) || !ctx.tenant) return;
  if (rawParams.employeeId && EMPLOYEE_PATH.test(ctx.route.path))
    await requireEmployeeRow(ctx, ctx.store.repos, rawParams.employeeId);
  const named = (ctx.req.body as { employee_id?: unknown } | undefined)?.employee_id;
  if (typeof named === 'string' && !MINT_PATH.test(ctx.route.path))
    await requireEmployeeRow(ctx, ctx.store.repos, named);
}

/** 400 naming each field of the body (or the reason header) that carries an identifier or a server-owned name. */
export function checkIntake(ctx: RequestContext): void {
  const { req, route } = ctx;
  const header = req.get('x-governance-reason');
  if (header !== undefined) assertClientFields({ governance_reason: header }, NO_IDENTIFIERS);
  if (route.intake === 'reported' || req.body === undefined) return;
  const policy =
    route.intake && ctx.tenant ? route.intake(jurisdictionOf(ctx.tenant.tenant.jurisdiction)) : NO_IDENTIFIERS;
  assertClientFields(req.body, policy);
}
