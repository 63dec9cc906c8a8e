// Table shapes for Kysely. JSON columns are TEXT holding JSON; money columns are TEXT decimals.
import type { Generated } from 'kysely';

export interface MetaTable {
  key: string;
  value: string;
}

export interface PartnerTable {
  id: string;
  name: string;
  created_at: string;
}

export interface PartnerKeyTable {
  id: string;
  partner_id: string;
  environment: 'sandbox' | 'live';
  key_hash: string;
  key_hint: string;
  created_at: string;
  revoked_at: string | null;
}

export interface SigningKeyTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
  retired_at: string | null;
}

export interface RevocationTable {
  id: Generated<number>;
  kind: 'session' | 'key';
  ref: string;
  created_at: string;
}

export interface TenantTable {
  id: string;
  partner_id: string;
  slug: string;
  name: string;
  jurisdiction: string;
  environment: 'sandbox' | 'live';
  group_json: string | null;
  created_at: string;
}

export interface BindingTable {
  id: string;
  tenant_id: string;
  role: 'hub' | 'substrate';
  engine: string;
  pack_code: string;
  pack_version: string;
  status: string;
  connection_id: string | null;
  connector_pack: string | null;
  engine_tenant_ref: string;
  created_at: string;
  updated_at: string;
}

export interface EvidenceTable {
  id: string;
  tenant_id: string;
  seq: number;
  created_at: string;
  action: string;
  resource: string;
  actor_json: string;
  governance_reason: string | null;
  request_hash: string;
  response_hash: string;
  decision_json: string;
  prev_hash: string;
  hash: string;
}

export interface EvidenceLinkTable {
  evidence_id: string;
  tenant_id: string;
  resource_id: string;
  seq: number;
  action: string;
}

export interface IdempotencyTable {
  partner_id: string;
  key: string;
  fingerprint: string;
  status: number;
  body: string;
  headers_json: string;
  created_at: string;
  /** What the first caller could see (`visibilityOf`); null on records kept from before it was recorded. */
  visibility: string | null;
}

/** An embed or user token session: who owns it and, for a token minted by a user token, its parent. */
export interface SessionTable {
  id: string;
  partner_id: string;
  key_id: string;
  tenant_id: string;
  parent_id: string | null;
  kind: 'embed' | 'user';
  user_id: string | null;
  created_at: string;
  expires_at: string;
}

export interface CostCentreTable {
  tenant_id: string;
  code: string;
  name: string;
  parent_code: string | null;
  gl_account: string | null;
  site: string | null;
  status: 'active' | 'archived';
  created_at: string;
  updated_at: string;
}

export interface CostCentreMappingTable {
  id: string;
  tenant_id: string;
  source: 'employee' | 'pay_item';
  attribute: string;
  match_value: string;
  cost_centre_code: string;
  priority: number;
  created_at: string;
}

export interface EmployeeTable {
  id: string;
  tenant_id: string;
  engine_ref: string;
  status: 'active' | 'terminated';
  first_name: string;
  last_name: string;
  cost_centre_code: string | null;
  site: string | null;
  created_at: string;
  updated_at: string;
}

/** The tenant's workforce as last written: replaced by every write of its employees or their case values. */
export interface WorkforceRevisionTable {
  tenant_id: string;
  revision: string;
}

/** Effective-dated employee data: each write opens a new value period from `effective_from`. */
export interface EmployeeVersionTable {
  employee_id: string;
  tenant_id: string;
  effective_from: string;
  seq: number;
  data_json: string;
  created_at: string;
}

/**
 * An employee's name and placement (cost centre and site, as the view shows them) per value period: the
 * list's order and filters. `valid_from` '' opens the period before the first value period; `valid_to`
 * null is open.
 */
export interface EmployeeListPeriodTable {
  employee_id: string;
  tenant_id: string;
  valid_from: string;
  valid_to: string | null;
  first_name: string;
  last_name: string;
  cost_centre_code: string | null;
  site: string | null;
  /** 1 when the pack would not let this employee be paid in the period (readiness `blocks_finalise`). */
  blocks_finalise: number;
}

export interface CompanyTable {
  tenant_id: string;
  data_json: string;
  bank_json: string;
  updated_at: string;
}

export interface PayRunTable {
  id: string;
  tenant_id: string;
  status: string;
  pay_frequency: string;
  period_start: string;
  period_end: string;
  payment_date: string;
  pack_version: string;
  totals_json: string;
  prepared_by: string;
  approved_by: string | null;
  approval_json: string | null;
  job_json: string | null;
  validation_json: string | null;
  /** Employees the engine cannot calculate yet: out of the entries and the totals (see `heldEmployee`). */
  blocked_json: string | null;
  /** Employees finalised out of the run with `exclude_blocked` (see `excludedColumn`). */
  excluded_json: string | null;
  /** The digest of the figures as last previewed: what an approval of the run approves. */
  figures_digest: string | null;
  /** The tenant's evidence sequence when the figures were last worked out in full (see figures-standing.ts). */
  figures_seq: number | null;
  finalised_at: string | null;
  /** The day pay actually went out, given at finalise when that was after `payment_date` (else null). */
  paid_on: string | null;
  voided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PayRunEntryTable {
  pay_run_id: string;
  employee_id: string;
  tenant_id: string;
  employee_name: string;
  cost_centre_code: string | null;
  site: string | null;
  items_json: string;
  input_json: string;
  result_json: string;
  evidence_id: string | null;
  updated_at: string;
}

/** A unit of background work any API process may claim and run (the DE finalise job today). */
/** A job's large input or result (`name`: `input`, `result`), kept beside its row (migration 0032). */
export interface JobDocumentTable {
  job_id: string;
  name: 'input' | 'result';
  body: string;
}

export interface JobTable {
  id: string;
  kind: string;
  /** What the job works on (a pay run id); one open job per kind and ref. */
  ref: string;
  tenant_id: string;
  payload_json: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  /** The process running it, and until when its claim holds without a heartbeat. */
  owner: string | null;
  lease_until: string | null;
  attempts: number;
  error: string | null;
  /** How many of `total` steps are done, for a caller polling the job (null: the job reports elsewhere). */
  progress?: number | null;
  total?: number | null;
  created_at: string;
  updated_at: string;
}

export type LeaveRequestStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

export interface LeaveRequestTable {
  id: string;
  tenant_id: string;
  employee_id: string;
  employee_name: string;
  leave_type: string;
  start_date: string;
  end_date: string | null;
  quantity: string | null;
  unit: 'hours' | 'days';
  reason: string | null;
  status: LeaveRequestStatus;
  decision_note: string | null;
  decided_by: string | null;
  decided_at: string | null;
  /** The evidence of the booking an approval wrote. */
  evidence_id: string | null;
  booking_id: string | null;
  requested_by: string;
  created_at: string;
  updated_at: string;
}

/** A tenant's own leave type: its code and name, an alias of a master type. */
export interface LeaveTypeTable {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  master_code: string;
  created_at: string;
}

/** Leave settings of the tenant (`employee_id` '*') or of one employee, as JSON. */
export interface LeaveSettingsTable {
  tenant_id: string;
  employee_id: string;
  data_json: string;
  updated_at: string;
}

/** A booked absence: the dates, the quantity taken and, on AU, the pay run it rides. */
export interface LeaveBookingTable {
  id: string;
  tenant_id: string;
  employee_id: string;
  /** The master type. */
  leave_type: string;
  /** The code as booked (a master code or the tenant's own). */
  type_code: string;
  unit: 'hours' | 'days';
  quantity: string;
  start_date: string;
  end_date: string;
  pay_run_id: string | null;
  request_id: string | null;
  /** Annual leave cashed out: the reference of the written agreement it is paid under (Fair Work Act s 93(3)). */
  agreement_reference: string | null;
  evidence_id: string;
  created_at: string;
}

/** One move of a leave balance; a balance is the sum of its movements (taken ones are negative). */
export interface LeaveMovementTable {
  id: string;
  tenant_id: string;
  employee_id: string;
  leave_type: string;
  kind: 'opening' | 'accrual' | 'taken' | 'paid_out';
  unit: 'hours' | 'days';
  quantity: string;
  effective_date: string;
  pay_run_id: string | null;
  booking_id: string | null;
  evidence_id: string;
  created_at: string;
}

/** A statutory lodgement on a rail: a pay event of a run, an update event or a finalisation declaration. */
export interface LodgementTable {
  id: string;
  tenant_id: string;
  pay_run_id: string | null;
  kind: 'pay_event' | 'update_event' | 'finalisation';
  /** 1 for a run's first submission, 2 for its resubmission after a rejection…; 1 for year events. */
  attempt: number;
  status: 'submitted' | 'processing' | 'accepted' | 'accepted_with_warnings' | 'rejected';
  rail: string;
  pack_version: string;
  /** The financial year reported, e.g. `2026-27`. */
  financial_year: string;
  employee_ids_json: string;
  /** The record set as sent, TFNs sealed (never raw at rest). */
  payload_json: string;
  /** SHA-256 of the payload as downloaded (TFNs masked), as the receipt records it. */
  payload_sha256: string;
  errors_json: string;
  warnings_json: string;
  receipt_evidence_id: string;
  response_evidence_id: string | null;
  submitted_at: string;
  processed_at: string | null;
  updated_at: string;
}

/** One employee's net pay in a run's bank file, and what became of it. */
export interface PaymentTable {
  tenant_id: string;
  pay_run_id: string;
  employee_id: string;
  employee_name: string;
  amount: string;
  currency: string;
  /** The file it went in: `aba` (AU direct entry) or `sepa` (euro credit transfer). */
  method: string;
  /** The last 4 characters of the account paid into. */
  account_last4: string | null;
  status: 'file_generated' | 'confirmed' | 'returned';
  return_reason: string | null;
  file_evidence_id: string;
  status_evidence_id: string | null;
  updated_at: string;
}

/** A run's bank file as it was answered: the bytes sealed, and the re-issue that superseded it. */
/** An employee's year-to-date figures as at a date, recorded once per tax year by an employer new to Payrail. */
export interface YearToDateOpeningTable {
  tenant_id: string;
  employee_id: string;
  /** The first day of the tax year the figures belong to. */
  tax_year_start: string;
  as_at: string;
  /** The jurisdiction's figures (DE: SV wage per branch, taxable wage, taxes withheld), decimal strings. */
  figures_json: string;
  evidence_id: string;
  created_at: string;
}

export interface PaymentFileTable {
  /** The evidence record of its generation; a SEPA file's MsgId is made from it. */
  evidence_id: string;
  tenant_id: string;
  pay_run_id: string;
  /** 1 for the run's first file, counting up with each re-issue. */
  seq: number;
  format: 'aba' | 'sepa';
  /** The SEPA group header's MsgId a bank checks duplicates by; null for ABA. */
  message_id: string | null;
  /** 1 when the ABA file ends with a debit balancing the credits. */
  balancing_debit: number;
  body_enc: string;
  sha256: string;
  generated_at: string;
  superseded_by: string | null;
  superseded_at: string | null;
}

/**
 * A pay-run exception someone acknowledged: who, when and why, and the finding's figures as they were
 * (its fingerprint), so the acknowledgement lapses when a new preview changes the finding.
 */
export interface PayRunExceptionAckTable {
  tenant_id: string;
  pay_run_id: string;
  exception_id: string;
  fingerprint: string;
  acknowledged_by: string;
  acknowledged_at: string;
  reason: string;
  evidence_id: string;
}

export interface Database {
  meta: MetaTable;
  partners: PartnerTable;
  partner_keys: PartnerKeyTable;
  signing_keys: SigningKeyTable;
  revocations: RevocationTable;
  sessions: SessionTable;
  tenants: TenantTable;
  bindings: BindingTable;
  evidence: EvidenceTable;
  evidence_links: EvidenceLinkTable;
  idempotency: IdempotencyTable;
  cost_centres: CostCentreTable;
  cost_centre_mappings: CostCentreMappingTable;
  employees: EmployeeTable;
  employee_versions: EmployeeVersionTable;
  employee_list_periods: EmployeeListPeriodTable;
  workforce_revisions: WorkforceRevisionTable;
  company: CompanyTable;
  pay_runs: PayRunTable;
  pay_run_entries: PayRunEntryTable;
  jobs: JobTable;
  job_documents: JobDocumentTable;
  leave_requests: LeaveRequestTable;
  leave_types: LeaveTypeTable;
  leave_settings: LeaveSettingsTable;
  leave_bookings: LeaveBookingTable;
  leave_movements: LeaveMovementTable;
  lodgements: LodgementTable;
  payments: PaymentTable;
  payment_files: PaymentFileTable;
  year_to_date_openings: YearToDateOpeningTable;
  pay_run_exception_acks: PayRunExceptionAckTable;
  pay_schedules: PayScheduleTable;
  pay_items: PayItemTable;
  sites: SiteTable;
  employee_awards: EmployeeAwardTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_events: WebhookEventTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
}

/**
 * The modern award an employee is paid under: the award, the classification within it and the state or
 * territory they work in (whose public holidays attract the public-holiday rate). One row per employee.
 */
export interface EmployeeAwardTable {
  tenant_id: string;
  employee_id: string;
  award_code: string;
  classification: string;
  state: string;
  assigned_by: string;
  assigned_at: string;
  evidence_id: string;
}

/** A pay schedule: periods of one frequency from an anchor date, and when each is paid and closed. */
export interface PayScheduleTable {
  id: string;
  tenant_id: string;
  name: string;
  frequency: 'weekly' | 'fortnightly' | 'monthly' | 'quarterly';
  /** The first day of one pay period; every other period follows from it. */
  anchor_date: string;
  /** Days from a period's last day to its payment date (negative: paid before the period ends). */
  payment_offset_days: number;
  /** Where a payment date on a weekend or public holiday moves: the business day before, after, or nowhere. */
  bank_holiday_rule: 'before' | 'after' | 'none';
  /** Days before the payment date by which pay changes must be in. */
  cutoff_days: number;
  /** The state or Land whose holidays move its dates; null: the company's. */
  state: string | null;
  status: 'active' | 'archived';
  created_at: string;
  updated_at: string;
}

/** A tenant's own pay item, built on a pack pay item (`base_code`). */
export interface PayItemTable {
  tenant_id: string;
  code: string;
  name: string;
  base_code: string;
  status: 'active' | 'archived';
  created_at: string;
  updated_at: string;
}

/** A site (workplace) of a tenant, named by its code wherever a site is referred to. */
export interface SiteTable {
  tenant_id: string;
  code: string;
  name: string;
  /** The AU state or territory, or DE Land, the site is in (its public holidays). */
  state: string | null;
  address_json: string | null;
  status: 'active' | 'archived';
  created_at: string;
  updated_at: string;
}

export interface WebhookEndpointTable {
  id: string;
  partner_id: string;
  environment: 'sandbox' | 'live';
  url: string;
  description: string | null;
  /** JSON array of event types, or `["*"]`. */
  event_types_json: string;
  /** JSON array of tenant ids, or null for every tenant of the partner. */
  tenants_json: string | null;
  status: 'enabled' | 'disabled';
  /** Why the endpoint was disabled automatically, for the partner to read. */
  notice: string | null;
  secret_enc: string;
  /** The secret before the last rotation, which still signs until `previous_until`. */
  previous_secret_enc: string | null;
  previous_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventTable {
  seq: Generated<number>;
  id: string;
  /** The evidence chain: a tenant id, or a partner id for partner-level records. */
  chain: string;
  type: string;
  resource: string;
  evidence_id: string;
  created_at: string;
  /** 1 once its deliveries are written (and `payload` with them). */
  fanned_out: number;
  payload: string | null;
}

export interface WebhookDeliveryTable {
  seq: Generated<number>;
  id: string;
  event_id: string;
  endpoint_id: string;
  /** Tenant and resource: deliveries with the same key reach an endpoint in order. */
  order_key: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  retry_until: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  response_excerpt: string | null;
}
