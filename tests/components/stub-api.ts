// A made-up API origin whose answers a test chooses (fetch replaced for that origin only), and the
// elements with the attributes that make them read from it: shared by the state and live-data tests.
export const API = 'https://payroll.stub.test';

/** Each element with the attributes that make it read from the API. */
export const ELEMENTS: [string, Record<string, string>][] = [
  ['payrail-dashboard', {}],
  ['payrail-pay-runs-list', {}],
  ['payrail-pay-run-detail', { 'pay-run-id': 'pr_stub' }],
  ['payrail-payslip-viewer', { 'pay-run-id': 'pr_stub' }],
  ['payrail-employees-list', {}],
  ['payrail-employee-detail', { 'employee-id': 'emp_stub' }],
  ['payrail-kpi-tile', { metric: 'headcount' }],
  ['payrail-chart', { type: 'donut', metric: 'cost-split' }],
  ['payrail-requirements', {}],
  ['payrail-bank-details', { 'employee-id': 'emp_stub' }],
  ['payrail-tax-declaration', { 'employee-id': 'emp_stub' }],
  ['payrail-payroll-readiness', { 'employee-id': 'emp_stub' }],
  ['payrail-leave-request', {}],
  ['payrail-leave-approvals', {}],
  ['payrail-leave-management', {}],
  ['payrail-stp-submission', { 'pay-run-id': 'pr_stub' }],
  ['payrail-payments', { 'pay-run-id': 'pr_stub' }],
  ['payrail-super-overview', {}],
  ['payrail-payroll-checklist', { 'pay-run-id': 'pr_stub' }],
  ['payrail-payrun-exceptions', { 'pay-run-id': 'pr_stub' }],
  ['payrail-reports-dashboard', {}],
  ['payrail-payroll-calendar', {}],
  ['payrail-employee-onboarding', {}],
  ['payrail-super-form', { 'employee-id': 'emp_stub' }],
  ['payrail-governance-trail', {}],
  ['payrail-pay-item-library', {}],
  ['payrail-pay-run-entry', { 'pay-run-id': 'pr_stub' }],
  ['payrail-org-setup', {}],
  ['payrail-cost-centres', {}],
];

export type Answer = { status: number; body?: unknown } | 'offline';
export const realFetch = window.fetch;
export let seen: string[] = [];

/** Answers every request to the stub origin with `answer`; other origins go through. */
export function stubApi(answer: Answer | ((url: string) => Answer)) {
  seen = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(API)) return realFetch(input, init);
    seen.push(url);
    const a = typeof answer === 'function' ? answer(url) : answer;
    if (a === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(a.body ?? null), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}
