// The company (employer) record and its bank account. Bank changes are checked against the tenant's
// pack (BSB, account number and name, ABN for AU; IBAN for DE); account numbers and IBANs are sealed,
// and only their last digits and an attested flag are ever shown.
import type { Repos } from '../../store/index.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { jurisdictionOf } from './jurisdiction.ts';
import type { BankPatch, CompanyPatch } from '../../schemas/company.ts';
import { DEFAULT_WORK_WEEK, WEEKDAYS, type Weekday } from '../../lib/work-week.ts';
import { AppError, badRequest, packValidationFailed } from '../../lib/errors.ts';
import { decodeJsonObject } from '../../lib/json-column.ts';
import { assertClientFields, companyBankPolicy, withoutIdentifiers } from '../../model/sensitive.ts';

const digits = (v: unknown) => String(v ?? '').replace(/[\s-]/g, '');

/** The company record as stored: its declared details and its bank account. */
export async function loadCompany(uc: UseCaseContext, r: Repos) {
  const tenantId = uc.requireTenant().tenant.id;
  const row = await r.getCompany(tenantId);
  return {
    data: row ? decodeJsonObject(row.data_json, `company.data_json of ${tenantId}`) : {},
    bank: row ? decodeJsonObject(row.bank_json, `company.bank_json of ${tenantId}`) : {},
  };
}

/** The bank account as shown: sealed values and anything identifier-like left out, masked digits kept. */
export function publicBank(bank: Record<string, unknown>) {
  return { ...withoutIdentifiers(bank), attested: !!(bank.account_enc || bank.iban_enc) };
}

/** The declared company fields every country answers: null (or the default) until given. */
function declaredFields(data: Record<string, unknown>) {
  return {
    legal_name: (data.legal_name as string | undefined) ?? null,
    trading_name: (data.trading_name as string | null | undefined) ?? null,
    payroll_contact: (data.payroll_contact as { name: string; email: string; phone: string } | undefined) ?? null,
    address: (data.address as CompanyPatch['address']) ?? null,
    default_pay_schedule: (data.default_pay_schedule as string | null | undefined) ?? null,
    work_week: workWeekOf(data),
    single_person_payroll: singlePersonPayroll(data),
  };
}

/**
 * The employer's choice that it has one payroll person, who may approve a run they prepared (four eyes
 * waived). Off until an administrator sets it, with a reason, in the company settings.
 */
export const singlePersonPayroll = (data: Record<string, unknown>): boolean => data.single_person_payroll === true;

/** The company's working days in week order (Monday to Friday until it names its own). */
export function workWeekOf(data: Record<string, unknown>): Weekday[] {
  const days = data.work_week as Weekday[] | undefined;
  return days ? WEEKDAYS.filter((d) => days.includes(d)) : [...DEFAULT_WORK_WEEK];
}

/** The employer's working days, for counting leave and the like. */
export async function companyWorkWeek(uc: UseCaseContext, r: Repos = uc.store.repos): Promise<Weekday[]> {
  return workWeekOf((await loadCompany(uc, r)).data);
}

/** The company details with the tenant's jurisdiction, pinned pack, engine and currency. */
export async function companyDetails(uc: UseCaseContext, r: Repos = uc.store.repos) {
  const t = uc.requireTenant();
  const { data, bank } = await loadCompany(uc, r);
  // Fields of another country (kept from before a check refused them) are not answered.
  const {
    steuernummer: _s,
    abn: _a,
    branch: _b,
    bms_id: _i,
    key_identifier_change: _k,
    betriebsnummer: _n,
    lsta_period: _l,
    u1_participation: _u,
    insurer_levy_rates: _r,
    insolvency_levy_exemption: _x,
    ...shown
  } = data;
  return {
    ...shown,
    ...declaredFields(data),
    ...jurisdictionOf(t.tenant.jurisdiction).companyFieldsView(data),
    tenant_id: t.tenant.id,
    jurisdiction: t.tenant.jurisdiction,
    pack_version: t.binding.pack_version,
    engine: t.binding.engine,
    currency: t.pack.currency,
    bank_attested: publicBank(bank).attested,
  };
}

export async function companyBank(uc: UseCaseContext) {
  return publicBank((await loadCompany(uc, uc.store.repos)).bank);
}

/** Checks the patch against the tenant's pack; 422 `pack_validation_failed` listing each broken rule. */
function validateBankPatch(uc: UseCaseContext, patch: Record<string, unknown>) {
  const t = uc.requireTenant();
  const { account_number, bsb, abn, iban, account_name } = patch;
  const failed = jurisdictionOf(t.tenant.jurisdiction).companyBankViolations(t.binding.pack_version, {
    bsb,
    account_number,
    account_name,
    abn,
    iban,
  });
  if (failed.length) throw packValidationFailed(failed);
}

/** Merges the patch into the bank account (extra fields forwarded), sealing the account number or IBAN. */
export async function updateCompanyBank(
  uc: UseCaseContext,
  r: Repos,
  input: BankPatch,
): Promise<Change<ReturnType<typeof publicBank>>> {
  const t = uc.requireTenant();
  const { governance_reason: _g, ...patch } = input as Record<string, unknown>;
  // Only the country's account field is taken (and sealed); sealed, masked and attested fields are
  // Payrail's, and no person's identifier belongs here under any name.
  assertClientFields(patch, companyBankPolicy(jurisdictionOf(t.tenant.jurisdiction)));
  validateBankPatch(uc, patch);
  const { account_number, bsb, abn, iban, ...rest } = patch;
  const { data, bank } = await loadCompany(uc, r);
  const next: Record<string, unknown> = { ...bank, ...rest };
  if (bsb !== undefined) next.bsb = `${digits(bsb).slice(0, 3)}-${digits(bsb).slice(3)}`;
  if (account_number !== undefined) {
    next.account_enc = uc.deps.secrets.encrypt(digits(account_number));
    next.account_number_last3 = digits(account_number).slice(-3);
  }
  if (iban !== undefined) {
    next.iban_enc = uc.deps.secrets.encrypt(digits(iban).toUpperCase());
    next.iban_last4 = digits(iban).slice(-4);
  }
  const nextData = abn !== undefined ? { ...data, abn: digits(abn) } : data;
  await r.upsertCompany(t.tenant.id, JSON.stringify(nextData), JSON.stringify(next), uc.now.toISOString());
  return {
    data: publicBank(next),
    evidence: { action: 'company.bank_updated', resource: `${t.tenant.id}/company/bank` },
  };
}

/** The default pay schedule must be an active schedule of the tenant (422 at its path otherwise). */
async function requireActiveSchedule(uc: UseCaseContext, r: Repos, id: string) {
  const row = await r.getPaySchedule(uc.requireTenant().tenant.id, id);
  if (!row || row.status !== 'active') {
    const message = row ? 'That pay schedule is archived.' : 'No pay schedule with that id: create it first.';
    throw new AppError(422, 'unprocessable_entity', message, { errors: [{ path: 'default_pay_schedule', message }] });
  }
}

/** The BMS id is Payrail's own: an employer's earlier software's id is reported once, as a key-identifier change. */
const bmsIdFixed = () => {
  const message =
    'The BMS id identifies this payroll software for the ATO: Payrail generated it and it does not change. ' +
    "To carry over the year to date from the software you used before, record that software's BMS id with " +
    'POST /v1/tenants/{tenantId}/stp/key-identifier-changes.';
  return badRequest(message, [{ path: 'bms_id', message }]);
};

/**
 * Merges declared company fields into the company record. The ABN is checked against the tenant's pack
 * (422 with a rule reference) and kept as digits; the BMS id is read-only (the same value is accepted); every
 * other field is as sent.
 */
export async function updateCompany(
  uc: UseCaseContext,
  r: Repos,
  input: CompanyPatch,
): Promise<Change<Awaited<ReturnType<typeof companyDetails>>>> {
  const t = uc.requireTenant();
  const { governance_reason: _g, ...patch } = input;
  const own = jurisdictionOf(t.tenant.jurisdiction).companyViolations(t.binding.pack_version, patch);
  if (own.length) throw packValidationFailed(own);
  if (patch.abn !== undefined) {
    const failed = jurisdictionOf(t.tenant.jurisdiction).companyBankViolations(t.binding.pack_version, {
      abn: patch.abn,
    });
    if (failed.length) throw packValidationFailed(failed);
  }
  if (patch.default_pay_schedule) await requireActiveSchedule(uc, r, patch.default_pay_schedule);
  const { data, bank } = await loadCompany(uc, r);
  if (patch.bms_id !== undefined && patch.bms_id !== data.bms_id) throw bmsIdFixed();
  const next: Record<string, unknown> = { ...data, ...patch };
  if (patch.abn !== undefined) next.abn = digits(patch.abn);
  if (patch.betriebsnummer !== undefined) next.betriebsnummer = digits(patch.betriebsnummer);
  if (patch.steuernummer !== undefined) next.steuernummer = patch.steuernummer.trim();
  if (patch.insurer_levy_rates !== undefined)
    next.insurer_levy_rates = patch.insurer_levy_rates.map((x) => ({ ...x, betriebsnummer: digits(x.betriebsnummer) }));
  await r.upsertCompany(t.tenant.id, JSON.stringify(next), JSON.stringify(bank), uc.now.toISOString());
  return {
    data: await companyDetails(uc, r),
    evidence: {
      action: 'company.updated',
      resource: `${t.tenant.id}/company`,
      // The four-eyes choice is recorded by its value: the audit trail shows who waived it, when and why.
      decision: {
        fields: Object.keys(patch),
        ...(patch.single_person_payroll === undefined ? {} : { single_person_payroll: patch.single_person_payroll }),
        // An exemption from the Insolvenzgeldumlage removes a levy from every later run: recorded by its value.
        ...(patch.insolvency_levy_exemption === undefined
          ? {}
          : { insolvency_levy_exemption: patch.insolvency_levy_exemption }),
      },
    },
  };
}
