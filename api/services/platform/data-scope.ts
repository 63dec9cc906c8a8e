// Data scope: which of a tenant's people a caller sees. The rules, stated once:
// - a partner key and a token without a scope or an employee pin see the whole tenant;
// - a token pinned to one employee sees that employee only;
// - a token limited to cost centres or sites sees the employees placed there (their cost centre, explicit or by
//   rule, and its site); an employee without a dimension the scope names is outside it.
// What a caller does not see is not found (404, alike to what does not exist); a write that would place an
// employee outside the caller's scope is refused (403); what totals or reports every employee (statutory
// outputs, lodgements, recording payments) needs a caller that sees the whole tenant (403 otherwise).
// Every read and write of employees, pay-run entries and findings, timesheets, leave, reports, payments,
// lodgements and the evidence trail asks these functions; none decides visibility itself.
import type { UseCaseContext } from './use-case.ts';
import { isUnscoped, type Scope, type TokenCaller } from '../../model/caller.ts';
import { forbidden } from '../../lib/errors.ts';

/** Where an employee sits, as a run entry or a placement records it. */
export interface Placement {
  employee_id: string;
  cost_centre_code: string | null;
  site: string | null;
}

/** `code` matches itself; `code-*` matches the code and every code below it by prefix. */
export function codeMatches(filter: string, code: string | null): boolean {
  if (!code) return false;
  if (filter.endsWith('-*')) {
    const base = filter.slice(0, -2);
    return code === base || code.startsWith(`${base}-`);
  }
  return code === filter;
}

/** Whether a scope takes in these dimensions; dimensions the scope names but the row lacks put it outside. */
export function inScope(scope: Scope, costCentre: string | null, site: string | null): boolean {
  if (scope.cost_centres !== '*' && !scope.cost_centres.some((f) => codeMatches(f, costCentre))) return false;
  if (scope.sites !== '*' && (!site || !scope.sites.includes(site))) return false;
  return true;
}

/** Whether a token sees less than the whole tenant: pinned to an employee or limited by scope. */
export const isLimiting = (token: TokenCaller): boolean => !!token.employeeId || !isUnscoped(token.scope);

/** The token that limits what the caller sees, or null when the caller sees the whole tenant. */
export function limitingToken(uc: Pick<UseCaseContext, 'tokenCaller'>): TokenCaller | null {
  const token = uc.tokenCaller();
  return token && isLimiting(token) ? token : null;
}

/** The scope that limits the caller by place, or null when none does (an employee pin is not a place). */
export function limitingScope(uc: Pick<UseCaseContext, 'tokenCaller'>): Scope | null {
  const token = uc.tokenCaller();
  return token && !isUnscoped(token.scope) ? token.scope : null;
}

/** Whether a limiting token sees an employee placed so. */
export const visibleTo = (token: TokenCaller, p: Placement): boolean =>
  (!token.employeeId || p.employee_id === token.employeeId) && inScope(token.scope, p.cost_centre_code, p.site);

/** Whether the caller sees an employee placed at these dimensions. */
export function callerReaches(
  uc: Pick<UseCaseContext, 'tokenCaller'>,
  employeeId: string,
  costCentre: string | null,
  site: string | null,
): boolean {
  const token = limitingToken(uc);
  return !token || visibleTo(token, { employee_id: employeeId, cost_centre_code: costCentre, site });
}

/** 403 unless the caller sees the whole tenant; `why` says what needs every employee. */
export function requireWholeTenant(uc: Pick<UseCaseContext, 'tokenCaller'>, why: string): void {
  if (limitingToken(uc)) throw forbidden(why);
}
