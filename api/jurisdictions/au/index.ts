// Australia: TFN declaration, BSB account and super fund; the financial year starts on 1 July.
import { AU_COMPANY_FIELDS, foreignCompanyFields } from '../company-fields.ts';
import {
  accrualRatesFor,
  accrueNesLeave,
  ANNUAL_LEAVE_LOADING,
  AU_LEAVE_TYPES,
  auBalanceOf,
  auLeaveNotOffered,
  auPack,
  NES_MINIMUM_WEEKS,
  validateAbn,
  validateAccountName,
  validateAccountNumber,
  validateBsb,
} from '../../packs/au/index.ts';
import type { RuleViolation } from '../../packs/types.ts';
import type { JurisdictionAdapter } from '../types.ts';
import { auPatchSchema, superFundAttested, type AuPatch, type AuStatutory } from './model.ts';
import { auBankPatch, auPensionPatch, auTaxPatch, bankAttested } from './intake.ts';
import { auSettingsView, auView, auViewSchemas } from './view.ts';
import { auOpenings } from './openings.ts';
import { payslipDeclaration } from './declaration.ts';
import { auDeclarationFindings } from './findings.ts';
import { auCompanyFields, newBmsId } from './company.ts';
import { auPackPayItems } from './pay-items.ts';
import { auPayItems } from '../../packs/au/pay-items.ts';
import { AWARD_LEAVE_LOADING, TERMS_LEAVE_LOADING } from '../../packs/au/termination.ts';
import { awardInForce } from '../../packs/au/awards/catalogue.ts';
import { superDueDate } from '../../packs/au/super-due.ts';

const digits = (v: unknown) => String(v ?? '').replace(/[\s-]/g, '');

export const auJurisdiction: JurisdictionAdapter<AuStatutory, AuPatch> = {
  code: 'AU',
  employerNumber: 'abn',
  currency: auPack.currency,
  entryTotals: ['super'],
  viewKey: 'au',
  patchSchema: auPatchSchema,
  viewSchemas: auViewSchemas,
  intakeFields: {
    employee: { tfn: 'tax_file_number' },
    settings: {
      tax: { tfn: 'tax_file_number' },
      bank: { bank_account_number: 'account_number', 'splits.account_number': 'account_number' },
      pension: { super_member_number: 'member_number', smsf_account_number: 'account_number' },
    },
    companyBank: { account_number: 'account_number' },
    derivedSettings: {
      bank: {
        bsb: 'send bank_bsb, which Payrail checks and keeps formatted.',
        account_name: 'send bank_account_name, which Payrail checks.',
      },
    },
  },
  empty: () => ({ jurisdiction: 'AU', tax: {}, bank: {}, pension: {} }),
  // A hire may come before the TFN declaration: the declaration's state decides the withholding meanwhile.
  employeeIntake: (version, fields, sealer, today) => ({ tax: auTaxPatch(version, fields, sealer, today) }),
  employeeFieldPath: () => ['statutory', 'au'],
  settingsIntake(kind, version, body, current, sealer, today) {
    if (kind === 'tax') return { tax: auTaxPatch(version, body, sealer, today) };
    if (kind === 'pension') return { pension: auPensionPatch(version, body, sealer) };
    const bank = auBankPatch(version, body, sealer);
    // Ending a split that never was changes nothing: a single account's settings stay as they were.
    if (bank.splits === null && !current.bank.splits) delete bank.splits;
    return { bank: { ...bank, attested: bankAttested({ ...current.bank, ...bank }) } };
  },
  view: auView,
  settingsView: (kind, s) => auSettingsView(kind, s),
  // Pay is income in the year it is paid: the ATO's pay event reports the date paid, and that date decides
  // the financial year (and so the year to date) of a run paid late across 30 June.
  payDay: 'date_paid',
  taxYearStart(date) {
    const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
    return `${m >= 7 ? y : y - 1}-07-01`;
  },
  companyBankViolations(version, b) {
    return [
      b.bsb !== undefined ? validateBsb(version, digits(b.bsb), 'bsb') : null,
      b.account_number !== undefined
        ? validateAccountNumber(version, digits(b.account_number), 'account_number')
        : null,
      b.account_name !== undefined ? validateAccountName(version, b.account_name, 'account_name') : null,
      b.abn !== undefined ? validateAbn(version, digits(b.abn), 'abn') : null,
    ].filter((v): v is RuleViolation => v !== null);
  },
  companyViolations: (version, fields) => foreignCompanyFields(version, fields, 'AU', AU_COMPANY_FIELDS),
  payslipAccount: (s) => ({
    bsb: s.bank.bsb ?? null,
    account_last3: s.bank.account_last3 ?? null,
    account_name: s.bank.account_name ?? null,
  }),
  paymentAccount: (s) =>
    s.bank.account_enc
      ? {
          bsb: s.bank.bsb ?? null,
          account_enc: s.bank.account_enc,
          account_name: s.bank.account_name ?? null,
          ...(s.bank.splits?.length ? { splits: s.bank.splits } : {}),
        }
      : null,
  retirementFund(s) {
    const p = s.pension;
    if (!superFundAttested(p)) return null;
    return {
      name: String(p.super_fund_name ?? p.smsf_account_name ?? 'Super fund'),
      usi: p.super_usi ?? null,
      abn: p.fund_abn ?? p.smsf_abn ?? null,
      smsf: p.smsf_attested === true,
      member_number_enc: p.member_number_enc ?? null,
    };
  },
  payslipDeclaration: (s, startDate, paymentDate) => payslipDeclaration(s.tax, startDate, paymentDate),
  taxIdAttested: (s) => s.tax.tfn_attested === true,
  openings: auOpenings,
  filingSteps: [
    { key: 'super_batch', by: 'retirement_batch' },
    { key: 'stp_lodged', by: 'lodgement_sent' },
    { key: 'stp_accepted', by: 'lodgement_accepted' },
  ],
  // The pay event reports a leaver's reason, and a redundancy is paid and taxed differently.
  leavingReasonRequired: true,
  declarationFindings: (s, startDate, paymentDate) => auDeclarationFindings(s.tax, startDate, paymentDate),
  leave: {
    types: AU_LEAVE_TYPES,
    balanceOf: auBalanceOf,
    // NES: a casual has no paid annual leave.
    notOffered: auLeaveNotOffered,
    // Fair Work Act 2009 s 93(3) (s 94 award/agreement-free): 4 weeks remain after a cash-out.
    cashOutKeepsWeeks: NES_MINIMUM_WEEKS.annual,
    accrual: { ratesFor: accrualRatesFor, accrue: accrueNesLeave },
  },
  leaveLoading: {
    awards: AWARD_LEAVE_LOADING,
    awardBasis: {
      MA000004: 'A 17.5 % annual leave loading under the General Retail Industry Award 2020',
      MA000009: 'A 17.5 % annual leave loading under the Hospitality Industry (General) Award 2020',
    },
    terms: { fraction: ANNUAL_LEAVE_LOADING, basis: 'A 17.5 % annual leave loading under the employee’s contract' },
    termsOnLeaving: TERMS_LEAVE_LOADING,
  },
  awardInForce,
  storedLineName: (version, code) => auPayItems(version).find((p) => p.code === code)?.name,
  retirementDueDate: superDueDate,
  payItems: auPackPayItems,
  companyFieldsView: auCompanyFields,
  // Single-touch payroll reports carry this instance of the software's id from the employer's first day.
  newCompanyFields: () => ({ bms_id: newBmsId() }),
  payslipLayout: 'standard',
  reporting: {
    contributions: 'super',
    taxPayable: 'PAYG withholding payable',
    yearToDate: 'stp_categories',
    reports: ['ytd', 'super-liability', 'payg-summary'],
  },
};
