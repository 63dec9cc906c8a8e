// The company (employer) record and its bank account. Bank changes are checked against the tenant's
// pack (BSB, account number and name, ABN for AU; IBAN for DE); account numbers and IBANs are sealed,
// and only their last digits and an attested flag are ever shown.
import type { Repos } from '../store/index.ts';
import type { Change } from './unit-of-work.ts';
import type { UseCaseContext } from './use-case.ts';
import { jurisdictionOf } from './jurisdiction.ts';
import { storedObject, type BankPatch } from '../schemas/company.ts';
import { packValidationFailed } from '../lib/errors.ts';
import { decodeJson } from '../lib/json-column.ts';
import { assertClientFields, companyBankPolicy, withoutIdentifiers } from './sensitive.ts';

const digits = (v: unknown) => String(v ?? '').replace(/[\s-]/g, '');

async function loadCompany(uc: UseCaseContext, r: Repos) {
  const tenantId = uc.requireTenant().tenant.id;
  const row = await r.getCompany(tenantId);
  return {
    data: row ? decodeJson(storedObject, row.data_json, `company.data_json of ${tenantId}`) : {},
    bank: row ? decodeJson(storedObject, row.bank_json, `company.bank_json of ${tenantId}`) : {},
  };
}

/** The bank account as shown: sealed values and anything identifier-like left out, masked digits kept. */
export function publicBank(bank: Record<string, unknown>) {
  return { ...withoutIdentifiers(bank), attested: !!(bank.account_enc || bank.iban_enc) };
}

/** The company details with the tenant's jurisdiction, pinned pack, engine and currency. */
export async function companyDetails(uc: UseCaseContext) {
  const t = uc.requireTenant();
  const { data, bank } = await loadCompany(uc, uc.store.repos);
  return {
    ...data,
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
