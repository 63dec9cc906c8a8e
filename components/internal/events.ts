// Every SDK event, with its detail. Declared on GlobalEventHandlersEventMap so integrators get
// typed `addEventListener('payrail-view-pay-run', e => e.detail.id)` without casts.
import type { ApiErrorBody, WriteMethod } from '../client/models.js';

/** The payer's declaration a Single Touch Payroll report carries: who makes it, and that they accept it. */
export interface StpDeclaration {
  name: string;
  accepted: true;
}

export type PayRunAction = 'preview' | 'approve' | 'finalise' | 'void';

/**
 * Set on every event an element emits while it shows sample data (no token): its ids are sample
 * ids such as `sample-pay-run-1`, never ones the API knows.
 */
export interface SampleFlag {
  sample?: true;
}

/**
 * On an event whose write the page may take over: having cancelled it, the page may hand back its write's
 * promise (resolving with the API's answer, rejecting with its error envelope), and the element shows the
 * outcome: recorded, or the reason it was refused with the form still there to change or send again.
 */
export interface WriteOutcome {
  waitUntil?: (outcome: Promise<unknown>) => void;
}

export interface PayrailEventMap {
  'payrail-print': { pay_run_id: string; employee_id: string } & SampleFlag;
  'payrail-download': { pay_run_id: string; employee_id: string; url: string } & SampleFlag;
  /** `tenant_id` names the employer when the run may be another employer's (the portfolio's pipeline board). */
  'payrail-view-pay-run': { id: string; tenant_id?: string } & SampleFlag;
  'payrail-pay-run-action': { id: string; action: PayRunAction } & SampleFlag;
  'payrail-employee-select': { id: string } & SampleFlag;
  /** `section` names the readiness tab to open when the event comes from a readiness row. */
  'payrail-view-employee': { id: string; section?: string } & SampleFlag;
  /** A chart point or slice was clicked or chosen with Enter. */
  'payrail-chart-select': { index: number; label: string; value: number | string; series: string } & SampleFlag;
  /**
   * A form's values passed its checks (a settings form, a leave request, the leave configuration): the page's
   * backend writes `payload` with its governance reason. `form` names the form; `employee_id` whose settings
   * it changes, where it is one employee's. Cancel the event to say the page writes it; left alone, a settings
   * form writes it itself only where its token allows the form and it has a `governance-reason`. `payload` may
   * carry identifiers (account number, IBAN) as typed: send it only to your backend.
   */
  'payrail-save': {
    form: string;
    employee_id?: string;
    payload: Record<string, unknown>;
    /**
     * The setup elements (`org-setup`, `cost-centres`) say which write it is: the method and the path under
     * the tenant, e.g. `{ method: 'PATCH', path: '/company' }` or `{ method: 'POST', path: '/sites' }`; so does
     * the pay-runs list's new run (`{ method: 'POST', path: '/pay-runs' }`).
     */
    request?: { method: WriteMethod; path: string };
  } & WriteOutcome &
    SampleFlag;
  /** A form was abandoned; what was typed is dropped. */
  'payrail-cancel': { form: string; employee_id?: string } & SampleFlag;
  /**
   * A requirement before the next pay run was chosen: open the form that completes it. `kind` names the
   * requirement (`company_bank`, `abn`, `bank_account`, `tfn_declaration` …); `employee_id` whose it is.
   */
  'payrail-fix-requirement': { kind: string; employee_id?: string } & SampleFlag;
  /**
   * An approver decided a leave request; the host's backend sends it with its governance reason. Cancel it to
   * say the page sends it; left alone, the element sends it itself where its token allows it and it has a
   * `governance-reason`.
   */
  'payrail-leave-decision': { id: string; action: 'approve' | 'reject'; note?: string } & WriteOutcome & SampleFlag;
  /**
   * A pay-run exception was acknowledged with a reason: the host's backend sends it (`POST …/exceptions/{id}/acknowledge`)
   * with the reason as its governance reason. Cancel it to say the page handles it.
   */
  'payrail-acknowledge-exception': { pay_run_id: string; id: string; reason: string } & SampleFlag;
  /**
   * The onboarding wizard finished: `employee` is what was sent (identifiers masked), `employee_id` the
   * new employee's id when the element added them itself (absent when the page's backend writes).
   */
  'payrail-complete': {
    form: string;
    employee: { employee: Record<string, unknown>; bank?: Record<string, unknown>; pension?: Record<string, unknown> };
    employee_id?: string;
  } & SampleFlag;
  /** The element has shown its data; `sample` says it is sample data (no token). */
  'payrail-load': { sample: boolean };
  /** The element could not load its data: the API's error envelope (`status` 0: no answer). */
  'payrail-error': ApiErrorBody & SampleFlag;
  /** The API refused the token and no `tokenProvider` could renew it: the page should sign in again. */
  'payrail-session-expired': ApiErrorBody;
  /**
   * An approver asked to submit a finalised run's Single Touch Payroll pay event (`resubmit`: again, after the
   * rail rejected the last one), having made the payer's declaration. The host's backend calls
   * `POST …/pay-runs/{id}/submit` with `{ declaration }` and its governance reason.
   */
  'payrail-stp-submit': { id: string; resubmit: boolean; declaration: StpDeclaration } & SampleFlag;
  /**
   * An admin asked to lodge the finalisation declaration for a financial year (by its starting year: 2026 is
   * 2026–27), having made the payer's declaration; the host sends `{ financial_year, declaration }`.
   */
  'payrail-stp-finalise-year': { financial_year: number; declaration: StpDeclaration } & SampleFlag;
  'payrail-stp-replace': { lodgement_id: string; declaration: StpDeclaration } & SampleFlag;
  'payrail-stp-send-correction': {
    pay_run_id: string;
    financial_year: number;
    employee_ids: string[];
    declaration: StpDeclaration;
  } & SampleFlag;
  /**
   * An approver asked to confirm a run's payments as paid by the bank: `employee_ids` names the selected ones,
   * absent for every payment still awaiting the bank. The host calls `POST …/payments/confirm` with its reason.
   */
  'payrail-payments-confirm': { id: string; employee_ids?: string[] } & SampleFlag;
  /**
   * An approver asked for a finalised run's bank file (`format`: ABA for AU, SEPA credit transfer for DE). The
   * host's backend calls `POST …/pay-runs/{id}/payment-file` with its governance reason and hands the file on.
   */
  'payrail-payment-file': { id: string; format: 'aba' | 'sepa' } & SampleFlag;
  /** An approver asked for a finalised run's super batch (AU): the host calls `POST …/pay-runs/{id}/super-batch`. */
  'payrail-super-batch': { id: string } & SampleFlag;
  /**
   * An approver asked for the super file of a run whose batch is made (AU): the host's backend downloads
   * `POST …/pay-runs/{id}/super-file` (the SAFF CSV for the clearing house) with its governance reason.
   */
  'payrail-super-file': { id: string } & SampleFlag;
  /** An approver recorded a payment the bank returned, with the bank's reason (`POST …/payments/return`). */
  'payrail-payment-return': { id: string; employee_id: string; reason: string } & SampleFlag;
  /**
   * A record's evidence was asked for (a checklist step, or a record shown with `show-governance`): `id` is
   * the evidence record to open, e.g. in `<payrail-governance-trail evidence-id>`; `item` names what it is about.
   */
  'payrail-view-evidence': { id: string; item: string } & SampleFlag;
  /**
   * "Verify chain" was pressed in the audit trail. Checking the chain is a partner-key call
   * (`POST …/governance/verify`): the host's backend makes it and sets the answer as the trail's `verification`.
   */
  'payrail-verify-request': SampleFlag;
  /** A report's CSV was asked for (payment dates `from`–`to`); cancel it to serve the file from your backend. */
  'payrail-report-download': { report: string; from: string; to: string } & SampleFlag;
  /** An employer of the partner's portfolio was chosen (client list): open its pages. `id` is its tenant id. */
  'payrail-client-select': { id: string } & SampleFlag;
  /** An employee's entry in a draft run was chosen for editing: open `<payrail-pay-run-entry>` with these ids. */
  'payrail-edit-entry': { pay_run_id: string; employee_id: string } & SampleFlag;
  /** The payroll calendar moved to another month (YYYY-MM) and loads it. */
  'payrail-calendar-navigate': { month: string } & SampleFlag;
}

export type PayrailEventName = keyof PayrailEventMap;
type PayrailEvents = { [K in PayrailEventName]: CustomEvent<PayrailEventMap[K]> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends PayrailEvents {}
}
