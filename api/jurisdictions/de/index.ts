// Germany: the statutory profile (ELStAM, church tax, insurance) and the IBAN; the tax year is the
// calendar year.
import {
  DE_LEAVE_TYPES,
  deMinimumWage,
  dePack,
  MINOR_AGE,
  validateDeCompany,
  validateDeStatutory,
} from '../../packs/de/index.ts';
import { DE_COMPANY_FIELDS, foreignCompanyFields } from '../company-fields.ts';
import type { Fields, JurisdictionAdapter, Sealer } from '../types.ts';
import { dePatchSchema, type DePatch, type DeStatutory } from './model.ts';
import { deBankPatch, deStatutoryPatch } from './intake.ts';
import { deSettingsView, deView, deViewSchemas } from './view.ts';
import { deOpenings } from './year-to-date.ts';
import { deCompanyFields } from './company.ts';
import { dePackPayItems } from './pay-items.ts';

const compact = (v: unknown) => String(v ?? '').replace(/[\s-]/g, '');

/** The identifiers the statutory profile takes: the Steuer-ID, the IBAN and the SV-Nummer (by either name). */
const PROFILE_IDENTIFIERS = {
  tax_id: 'tax_id',
  iban: 'iban',
  svnr: 'social_security_number',
  social_security_number: 'social_security_number',
} as const;

function statutoryPatch(version: string, fields: Fields, sealer: Sealer) {
  const d = deStatutoryPatch(version, fields, sealer);
  return d.bank ? { de: d.de, bank: d.bank } : { de: d.de };
}

export const deJurisdiction: JurisdictionAdapter<DeStatutory, DePatch> = {
  code: 'DE',
  employerNumber: 'betriebsnummer',
  currency: dePack.currency,
  entryTotals: ['social'],
  viewKey: 'de',
  patchSchema: dePatchSchema,
  viewSchemas: deViewSchemas,
  intakeFields: {
    employee: PROFILE_IDENTIFIERS,
    // Pension settings are the insurance part of the same profile, so they take the same fields.
    settings: { tax: PROFILE_IDENTIFIERS, bank: { iban: 'iban' }, pension: PROFILE_IDENTIFIERS },
    companyBank: { iban: 'iban' },
    derivedSettings: {},
  },
  empty: () => ({ jurisdiction: 'DE', de: {}, bank: {} }),
  employeeIntake: statutoryPatch,
  employeeFieldPath: () => ['statutory', 'de'],
  settingsIntake(kind, version, body, _current, sealer) {
    if (kind === 'bank') return { bank: deBankPatch(version, body, sealer) };
    return statutoryPatch(version, body, sealer);
  },
  view: (s) => deView(s),
  settingsView: (kind, s) => deSettingsView(kind, s),
  // Regular pay belongs to the year its pay period ends in (§ 38a (1) EStG), not the day it went out, so a
  // late payment does not move it: the scheduled payment date stays the day it counts on.
  payDay: 'payment_date',
  taxYearStart: (date) => `${date.slice(0, 4)}-01-01`,
  companyBankViolations: (version, b) =>
    b.iban === undefined ? [] : validateDeStatutory(version, { iban: compact(b.iban).toUpperCase() }, 'company.bank'),
  companyViolations: (version, fields) => [
    ...foreignCompanyFields(version, fields, 'DE', DE_COMPANY_FIELDS),
    ...validateDeCompany(version, fields),
  ],
  companyOutputFields: {
    betriebsnummer: ['beitragsnachweis', 'minijob-beitragsnachweis'],
    steuernummer: ['lohnsteuer-anmeldung', 'minijob-beitragsnachweis'],
    lsta_period: ['lohnsteuer-anmeldung'],
  },
  payslipAccount: (s) => ({
    bsb: null,
    account_last3: s.bank.iban_last4 ?? null,
    account_name: s.bank.account_name ?? null,
  }),
  // German pay goes out by SEPA credit transfer to the sealed IBAN.
  paymentAccount: (s) =>
    s.bank.iban_enc
      ? { bsb: null, account_enc: s.bank.iban_enc, account_name: s.bank.account_name ?? null, bic: s.bank.bic ?? null }
      : null,
  retirementFund: () => null,
  taxIdAttested: (s) => s.de.tax_id_attested === true,
  openings: deOpenings,
  // The employer files both through certified software; Payrail draws them up.
  filingSteps: [
    { key: 'lohnsteuer_anmeldung', by: 'statutory_outputs', outputs: ['lohnsteuer-anmeldung'] },
    { key: 'beitragsnachweis', by: 'statutory_outputs', outputs: ['beitragsnachweis', 'minijob-beitragsnachweis'] },
  ],
  leavingReasonRequired: false,
  // Mindestlohn: the rate in force at the period end.
  minimumWage: {
    hourlyOn: deMinimumWage,
    exemptUnderAge: MINOR_AGE,
    exemptNote: ' Under 18: the minimum wage applies only with a completed vocational training (§ 22 (2) MiLoG).',
  },
  // Annual leave draws on the year's entitlement; sickness and other absences on no balance.
  leave: { types: DE_LEAVE_TYPES, balanceOf: (category) => (category === 'annual' ? 'annual' : null) },
  payItems: dePackPayItems,
  companyFieldsView: deCompanyFields,
  newCompanyFields: () => ({}),
  payslipLayout: 'entgeltabrechnung',
  reporting: {
    contributions: 'social',
    taxPayable: 'Wage tax, solidarity surcharge and church tax payable',
    yearToDate: 'lohnkonto',
    reports: ['ytd', 'de-monthly-summary'],
  },
};
