// The authorization policy: one declarative table, the only place a route's permissions are written.
// `enforcePolicy` applies it for every route; a test walks the router and fails on a route without an entry.
import { isUnscoped, type Caller, type Role } from '../model/caller.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { SDK_VERSION } from '../../components/version.ts';

export { COMPONENTS } from '../model/components.ts';

type Cred = 'partner' | 'embed' | 'user';

export interface Policy {
  credentials: Cred[];
  /** Roles a user token needs (reads: every role). */
  roles: Role[];
  /** For writes: the components whose allowlist covers the route (embed and user tokens). */
  components: string[];
  /**
   * Whether a token's component allowlist decides the write. False for reads sent as POST (calculate)
   * and for delegation (users/token), which the role and the delegation rules govern instead.
   */
  componentGated: boolean;
  /** May an employee-pinned token use it? */
  pinnable: boolean;
  /**
   * The answer totals or lists the whole company (a lodgement's payees, counts and figures), so a token with
   * a data scope may not use it (403), however its own rows would add up.
   */
  wholeCompany?: boolean;
}

const ALL: Role[] = ['viewer', 'preparer', 'approver', 'admin'];
const PREPARE: Role[] = ['preparer', 'admin'];
const APPROVE: Role[] = ['approver', 'admin'];
const ADMIN: Role[] = ['admin'];
/** Those who may ask for leave for someone or withdraw a request: everyone but a read-only viewer. */
const REQUEST: Role[] = ['preparer', 'approver', 'admin'];
const TOKENS: Cred[] = ['partner', 'embed', 'user'];

const partnerOnly = (): Policy => ({
  credentials: ['partner'],
  roles: [],
  components: [],
  componentGated: false,
  pinnable: false,
});
const read = (pinnable = false): Policy => ({
  credentials: TOKENS,
  roles: ALL,
  components: [],
  componentGated: false,
  pinnable,
});
const write = (roles: Role[], components: string[], pinnable = false): Policy => ({
  credentials: TOKENS,
  roles,
  components,
  componentGated: true,
  pinnable,
});
/**
 * Checks that write nothing (draft validation): the roles that could make the write, but no component
 * allowlist, since a form validates before the host's backend writes what it emits.
 */
const check = (roles: Role[], pinnable = false): Policy => ({
  credentials: TOKENS,
  roles,
  components: [],
  componentGated: false,
  pinnable,
});
/** Duties no embed token may perform: only partner keys and user tokens with a role. */
const duty = (roles: Role[], components: string[]): Policy => ({
  credentials: ['partner', 'user'],
  roles,
  components,
  componentGated: true,
  pinnable: false,
});
const wholeCompany = (p: Policy): Policy => ({ ...p, wholeCompany: true });

const T = '/v1/tenants/{tenantId}';
/** The exact-version SDK paths: components/version.ts is the only place the version is written. */
const SDK = `/sdk/v${SDK_VERSION}`;
const EMP = `${T}/employees/{employeeId}`;
const PR = `${T}/pay-runs/{payRunId}`;
const EMPLOYEE_EDIT = ['employee-onboarding', 'employee-detail'];
const LEAVE = `${T}/leave`;
const LEAVE_FORMS = ['leave-request', 'leave-approvals', 'leave-management'];

export const POLICY: Record<string, Policy | 'public'> = {
  'GET /health': 'public',
  'GET /v1/openapi.json': 'public',
  'GET /sdk/payrail-components.js': 'public',
  'GET /sdk/v1/payrail-components.js': 'public',
  [`GET ${SDK}/payrail-components.js`]: 'public',
  [`GET ${SDK}/integrity.json`]: 'public',
  [`GET ${SDK}/components/{file}`]: 'public',
  'GET /sdk/v1/components/{file}': 'public',
  'GET /sdk/components/{file}': 'public',
  'GET /sdk/v1/themes/{file}': 'public',
  'GET /sdk-demo': 'public',
  'GET /sdk-demo/session': 'public',
  'POST /v1/calculate': read(),

  'GET /v1/packs': read(),
  'GET /v1/packs/{packCode}': read(),

  'POST /v1/partners/tenants': partnerOnly(),
  'GET /v1/partners/tenants': partnerOnly(),
  'GET /v1/partners/tenants/{tenantId}': partnerOnly(),
  'PATCH /v1/partners/tenants/{tenantId}/bindings/{bindingId}': partnerOnly(),
  'GET /v1/partners/portfolio/summary': partnerOnly(),
  'GET /v1/partners/portfolio/pipeline': partnerOnly(),
  'GET /v1/partners/portfolio/clients': partnerOnly(),
  'POST /v1/partners/keys': partnerOnly(),
  'GET /v1/partners/keys': partnerOnly(),
  'DELETE /v1/partners/keys/{keyId}': partnerOnly(),
  'POST /v1/partners/sessions/{sessionId}/revoke': partnerOnly(),
  'POST /v1/partners/webhook-endpoints': partnerOnly(),
  'GET /v1/partners/webhook-endpoints': partnerOnly(),
  'GET /v1/partners/webhook-endpoints/{endpointId}': partnerOnly(),
  'PATCH /v1/partners/webhook-endpoints/{endpointId}': partnerOnly(),
  'DELETE /v1/partners/webhook-endpoints/{endpointId}': partnerOnly(),
  'POST /v1/partners/webhook-endpoints/{endpointId}/rotate-secret': partnerOnly(),
  'POST /v1/partners/webhook-endpoints/{endpointId}/test': partnerOnly(),
  'GET /v1/partners/webhook-endpoints/{endpointId}/deliveries': partnerOnly(),
  'POST /v1/partners/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver': partnerOnly(),
  'POST /v1/partners/webhook-endpoints/{endpointId}/redeliver': partnerOnly(),

  [`GET ${T}/packs`]: read(),
  [`POST ${T}/embed/token`]: partnerOnly(),
  [`POST ${T}/users/token`]: {
    credentials: ['partner', 'user'],
    roles: ADMIN,
    components: [],
    componentGated: false,
    pinnable: false,
  },
  [`GET ${T}/me`]: read(true),

  // Filtered to what the token may see (services/governance/governance.ts): a pinned token reads its employee's records.
  [`GET ${T}/governance/evidence/{evidenceId}`]: read(true),
  [`GET ${T}/governance/audit-trail`]: read(true),
  [`POST ${T}/governance/verify`]: partnerOnly(),

  [`GET ${T}/company`]: read(),
  // The employer's own record: an admin user or the partner key, never an embed token without a role.
  [`PATCH ${T}/company`]: duty(ADMIN, ['org-setup']),
  [`GET ${T}/company/bank`]: read(),
  [`PATCH ${T}/company/bank`]: write(ADMIN, ['org-setup', 'payments']),
  [`GET ${T}/pay-items`]: read(),
  [`POST ${T}/pay-items`]: write(ADMIN, ['pay-item-library', 'org-setup']),
  [`GET ${T}/pay-items/{code}`]: read(),
  [`PATCH ${T}/pay-items/{code}`]: write(ADMIN, ['pay-item-library', 'org-setup']),
  [`GET ${T}/cost-centres`]: read(),
  [`POST ${T}/cost-centres`]: write(ADMIN, ['cost-centres', 'org-setup']),
  [`PATCH ${T}/cost-centres/{code}`]: write(ADMIN, ['cost-centres', 'org-setup']),
  [`DELETE ${T}/cost-centres/{code}`]: write(ADMIN, ['cost-centres', 'org-setup']),
  [`PUT ${EMP}/cost-centre`]: write(PREPARE, ['cost-centres', ...EMPLOYEE_EDIT]),
  [`DELETE ${EMP}/cost-centre`]: write(PREPARE, ['cost-centres', ...EMPLOYEE_EDIT]),
  [`GET ${T}/sites`]: read(),
  [`POST ${T}/sites`]: duty(ADMIN, ['org-setup']),
  [`GET ${T}/sites/{siteCode}`]: read(),
  [`PATCH ${T}/sites/{siteCode}`]: duty(ADMIN, ['org-setup']),
  [`GET ${T}/cost-centre-mappings`]: read(),
  [`POST ${T}/cost-centre-mappings`]: write(ADMIN, ['cost-centres', 'org-setup']),
  [`DELETE ${T}/cost-centre-mappings/{id}`]: write(ADMIN, ['cost-centres', 'org-setup']),

  [`GET ${T}/employees`]: read(true),
  [`POST ${T}/employees`]: write(PREPARE, ['employee-onboarding']),
  [`POST ${T}/employees/validate`]: check(PREPARE),
  [`POST ${T}/employees/bulk`]: write(PREPARE, ['employee-onboarding']),
  // Read by whoever may read the tenant; the use case answers only the caller who sent the import (else 404).
  [`GET ${T}/employees/bulk/{bulkId}`]: read(),
  [`GET ${T}/readiness`]: read(),
  [`GET ${EMP}`]: read(true),
  [`PATCH ${EMP}`]: write(PREPARE, EMPLOYEE_EDIT, true),
  [`DELETE ${EMP}`]: duty(ADMIN, ['employee-detail']),
  [`POST ${EMP}/end-employment`]: duty(ADMIN, ['employee-detail']),
  [`POST ${EMP}/reactivate`]: duty(ADMIN, ['employee-detail']),
  [`GET ${EMP}/readiness`]: read(true),
  [`GET ${EMP}/completeness`]: read(true),
  [`GET ${EMP}/tax-settings`]: read(true),
  [`POST ${EMP}/tax-settings/validate`]: check(PREPARE, true),
  [`PATCH ${EMP}/tax-settings`]: write(PREPARE, ['tax-declaration', ...EMPLOYEE_EDIT], true),
  [`GET ${EMP}/bank-accounts`]: read(true),
  [`POST ${EMP}/bank-accounts/validate`]: check(PREPARE, true),
  [`PATCH ${EMP}/bank-accounts`]: write(PREPARE, ['bank-details', ...EMPLOYEE_EDIT], true),
  [`GET ${EMP}/pension`]: read(true),
  [`POST ${EMP}/pension/validate`]: check(PREPARE, true),
  [`PATCH ${EMP}/pension`]: write(PREPARE, ['super-form', ...EMPLOYEE_EDIT], true),

  [`POST ${T}/calculate`]: read(),
  [`GET ${T}/pay-runs`]: read(true),
  [`POST ${T}/pay-runs`]: write(PREPARE, ['pay-runs-list', 'pay-run-detail']),
  [`GET ${PR}`]: read(true),
  [`DELETE ${PR}`]: write(PREPARE, ['pay-run-detail']),
  [`POST ${PR}/preview`]: write(PREPARE, ['pay-run-detail']),
  [`POST ${PR}/approve`]: duty(APPROVE, ['pay-run-detail']),
  [`POST ${PR}/finalise`]: duty(APPROVE, ['pay-run-detail']),
  [`POST ${PR}/void`]: duty(APPROVE, ['pay-run-detail']),
  [`GET ${PR}/entries`]: read(true),
  [`POST ${PR}/entries`]: write(PREPARE, ['pay-run-entry', 'pay-run-detail']),
  [`POST ${PR}/timesheets`]: write(PREPARE, ['pay-run-entry', 'pay-run-detail']),
  // Writes nothing, like the tenant's calculate: anyone who reads the run may see what an entry would be.
  [`POST ${PR}/entries/calculate`]: read(),
  [`GET ${PR}/payslips`]: read(true),
  [`GET ${PR}/payslips/{employeeId}`]: read(true),
  [`GET ${PR}/payslips/{employeeId}.pdf`]: read(true),
  [`POST ${PR}/payment-file`]: duty(APPROVE, ['payments']),
  [`POST ${PR}/payment-file/reissue`]: duty(APPROVE, ['payments']),
  [`POST ${PR}/super-batch`]: duty(APPROVE, ['super-overview', 'payments']),
  [`POST ${PR}/super-file`]: duty(APPROVE, ['super-overview', 'payments']),

  // A pinned token reads its own employee's requests and balances (the services filter); its own requests
  // reach the API through the host's backend, since a pinned token makes no tenant-level writes.
  [`POST ${LEAVE}/requests`]: write(REQUEST, LEAVE_FORMS),
  [`GET ${LEAVE}/requests`]: read(true),
  [`GET ${LEAVE}/requests/{id}`]: read(true),
  [`POST ${LEAVE}/requests/{id}/approve`]: duty(APPROVE, ['leave-approvals']),
  [`POST ${LEAVE}/requests/{id}/reject`]: duty(APPROVE, ['leave-approvals']),
  [`POST ${LEAVE}/requests/{id}/cancel`]: write(REQUEST, LEAVE_FORMS),
  [`GET ${T}/reference/leave-types`]: read(true),
  [`GET ${LEAVE}/quote`]: read(true),
  [`POST ${T}/reference/leave-types`]: write(ADMIN, ['leave-management']),
  [`GET ${T}/leave-balances`]: read(true),
  [`GET ${LEAVE}/terms`]: read(true),
  [`POST ${LEAVE}/configure`]: write(ADMIN, ['leave-management']),
  [`POST ${LEAVE}/book`]: write(PREPARE, ['leave-management']),
  // Lodgements report every payee of the company (their count, names, figures and the rail's messages about
  // them): for callers that see the whole company only.
  [`POST ${PR}/submit`]: wholeCompany(duty(APPROVE, ['stp-submission', 'pay-run-detail'])),
  [`POST ${PR}/lodge`]: wholeCompany(duty(APPROVE, ['stp-submission', 'pay-run-detail'])),
  [`GET ${PR}/lodgements`]: wholeCompany(read()),
  [`GET ${T}/lodgements/{lodgementId}`]: wholeCompany(read()),
  // Payees' home addresses are left out for viewers (services/lodgement/stp.ts).
  [`GET ${T}/lodgements/{lodgementId}/payload`]: wholeCompany(read()),
  [`GET ${PR}/payments`]: read(),
  [`GET ${PR}/payment-files`]: read(),
  [`GET ${PR}/checklist`]: read(),
  [`GET ${T}/super/liabilities`]: read(),
  [`POST ${PR}/payments/confirm`]: duty(APPROVE, ['payments']),
  [`POST ${PR}/payments/return`]: duty(APPROVE, ['payments']),
  [`POST ${T}/stp/update-events`]: wholeCompany(duty(APPROVE, ['stp-submission'])),
  [`POST ${T}/stp/finalise-year`]: wholeCompany(duty(APPROVE, ['stp-submission'])),
  // Pending corrections name every payee of a voided run; a replacement reports every payee of its run.
  [`GET ${T}/stp/corrections`]: wholeCompany(read()),
  [`POST ${T}/lodgements/{lodgementId}/replace`]: wholeCompany(duty(APPROVE, ['stp-submission', 'pay-run-detail'])),
  [`POST ${T}/stp/key-identifier-changes`]: wholeCompany(duty(ADMIN, ['org-setup'])),
  [`GET ${PR}/exceptions`]: read(true),
  // Reviewing a finding is part of preparing and of approving a run; a read-only viewer may not.
  [`POST ${PR}/exceptions/{exceptionId}/acknowledge`]: write(REQUEST, ['payrun-exceptions', 'pay-run-detail']),
  // Payroll figures of every employee in scope: not for a token pinned to one employee.
  [`GET ${T}/reports/{report}`]: read(),
  [`GET ${T}/pay-schedules`]: read(),
  [`POST ${T}/pay-schedules`]: write(ADMIN, ['payroll-calendar', 'org-setup']),
  [`GET ${T}/pay-schedules/{scheduleId}`]: read(),
  [`PATCH ${T}/pay-schedules/{scheduleId}`]: write(ADMIN, ['payroll-calendar', 'org-setup']),
  [`DELETE ${T}/pay-schedules/{scheduleId}`]: write(ADMIN, ['payroll-calendar', 'org-setup']),
  [`GET ${T}/calendar`]: read(),
  [`GET ${T}/awards`]: read(),
  [`GET ${T}/awards/{code}`]: read(),
  // An employee may see which award they are paid under; assigning one is an administrator's change.
  // Opening figures go to the tax office with the first pay event: an administrator's duty.
  [`GET ${EMP}/year-to-date-openings`]: read(true),
  [`PUT ${EMP}/year-to-date-openings`]: duty(ADMIN, EMPLOYEE_EDIT),
  [`GET ${EMP}/award`]: read(true),
  [`PUT ${EMP}/award`]: write(ADMIN, ['award-config', ...EMPLOYEE_EDIT]),
  // Filings that total every employee: read by every role, but the use case refuses a data-scoped or
  // employee-pinned token (services/lodgement/de-statutory-outputs.ts), and pinned tokens are refused here.
  [`GET ${T}/statutory-outputs/{kind}`]: read(),
  [`GET ${T}/statutory-outputs/{kind}.csv`]: read(),
  [`GET ${PR}/statutory-outputs/{kind}`]: read(),
};

const isRead = (method: string) => method === 'GET';

/** Applies the table to a caller. Throws 403 (or 404 for a pinned token's colleague). */
export function enforcePolicy(policy: Policy, method: string, caller: Caller, params: Record<string, string>): void {
  // A pinned token's colleague is not found, whatever the route would otherwise say to the token (SPEC: 404).
  if (caller.kind !== 'partner' && caller.employeeId && params.employeeId && params.employeeId !== caller.employeeId)
    throw notFound('Employee not found.');
  if (!policy.credentials.includes(caller.kind)) {
    throw forbidden(
      caller.kind === 'partner' ? 'This route needs a user token.' : 'This route accepts a partner key only.',
    );
  }
  if (caller.kind === 'partner') return;

  if (caller.employeeId) {
    if (!policy.pinnable || (!isRead(method) && !params.employeeId)) {
      throw forbidden('This token is pinned to one employee and cannot use tenant-level operations.');
    }
  }
  if (policy.wholeCompany && !isUnscoped(caller.scope)) {
    throw forbidden(
      'This covers every employee of the company, and this token is limited to some of them: ' +
        'use one that sees the whole company.',
    );
  }
  if (caller.kind === 'user' && caller.role && !policy.roles.includes(caller.role)) {
    throw forbidden(`The ${caller.role} role may not perform this operation.`);
  }
  if (!isRead(method) && policy.componentGated) {
    const allowed = caller.components.includes('*') || policy.components.some((c) => caller.components.includes(c));
    if (!allowed) throw forbidden("This operation is outside the token's component allowlist.");
  }
}
