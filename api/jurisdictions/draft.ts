// Countries whose packs are listed as drafts (NZ, UK, US): employees hold their canonical fields only,
// and statutory settings answer 501 until the pack has them.
import { foreignCompanyFields } from './company-fields.ts';
import { z } from 'zod';
import { nzPack, ukPack, usPack } from '../packs/draft-packs.ts';
import { capabilityNotSupported } from '../lib/errors.ts';
import type { JurisdictionAdapter } from './types.ts';

export const DRAFT_JURISDICTIONS = ['NZ', 'UK', 'US'] as const;
type DraftCode = (typeof DRAFT_JURISDICTIONS)[number];

export const draftStatutorySchema = z.object({ jurisdiction: z.enum(DRAFT_JURISDICTIONS) });
export type DraftStatutory = z.output<typeof draftStatutorySchema>;

const none = z.object({});
const draftPatchSchema = z.strictObject({});
const PACKS = { NZ: nzPack, UK: ukPack, US: usPack };
const TAX_YEAR_START: Record<DraftCode, string> = { NZ: '04-01', UK: '04-06', US: '01-01' };

export function draftJurisdiction(
  code: DraftCode,
): JurisdictionAdapter<DraftStatutory, z.output<typeof draftPatchSchema>> {
  const noSettings = (kind: string, version: string): never => {
    throw capabilityNotSupported(`${kind}_settings`, version, [], `${version} has no ${kind} settings yet.`);
  };
  return {
    code,
    currency: PACKS[code].currency,
    employerNumber: null,
    entryTotals: [],
    viewKey: null,
    patchSchema: draftPatchSchema,
    intakeFields: {
      employee: {},
      settings: { tax: {}, bank: {}, pension: {} },
      companyBank: {},
      derivedSettings: {},
    },
    viewSchemas: {
      section: null,
      taxProfile: none,
      retirement: none,
      settings: { tax: none, bank: none, pension: none },
    },
    empty: () => ({ jurisdiction: code }),
    employeeIntake: () => ({}),
    employeeFieldPath: () => [],
    settingsIntake: (kind, version) => noSettings(kind, version),
    view: () => ({ section: null, tax_profile: {}, retirement: {} }),
    settingsView: (kind, _s, version) => noSettings(kind, version),
    payDay: 'payment_date',
    taxYearStart(date) {
      const start = `${date.slice(0, 4)}-${TAX_YEAR_START[code]}`;
      return date >= start ? start : `${Number(date.slice(0, 4)) - 1}-${TAX_YEAR_START[code]}`;
    },
    companyBankViolations: () => [],
    companyViolations: (version, fields) => foreignCompanyFields(version, fields, code),
    payslipAccount: () => ({ bsb: null, account_last3: null, account_name: null }),
    paymentAccount: () => null,
    retirementFund: () => null,
    taxIdAttested: () => false,
    // A draft pack calculates and files nothing yet: its checklist and reports take the default layout, and
    // the filing steps show as not applicable while the pack has no capability for them.
    filingSteps: [
      { key: 'super_batch', by: 'retirement_batch' },
      { key: 'stp_lodged', by: 'lodgement_sent' },
      { key: 'stp_accepted', by: 'lodgement_accepted' },
    ],
    leavingReasonRequired: false,
    companyFieldsView: () => ({}),
    newCompanyFields: () => ({}),
    payslipLayout: 'standard',
    reporting: {
      contributions: 'super',
      taxPayable: 'PAYG withholding payable',
      yearToDate: 'stp_categories',
      reports: [],
    },
  };
}
