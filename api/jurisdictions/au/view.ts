// How an AU employee's statutory sections are shown: attestation flags, settings and the fund, never
// a TFN, its hash or a sealed number.
import { z } from 'zod';
import { DECLARATION_STATES, getAuVersion } from '../../packs/au/index.ts';
import { declarationStateOf, thresholdAnswered } from './declaration.ts';
import type { Fields, SettingsKind, StatutoryView, ViewSchemas } from '../types.ts';
import { publicSection } from '../public-section.ts';
import { AU_MEDICARE_EXEMPTION, AU_RESIDENCY, superFundAttested, type AuStatutory } from './model.ts';

function superGuaranteeRate(packVersion: string): string | null {
  try {
    return getAuVersion(packVersion).superGuaranteeRate;
  } catch {
    return null;
  }
}

export function auView(s: AuStatutory, packVersion: string): StatutoryView {
  const t = s.tax;
  const p = s.pension;
  const declaration = {
    tfn_declaration: declarationStateOf(t),
    // Question 9: claimed only when answered yes; unanswered reads as not claimed, and says so.
    tax_free_threshold: t.tax_free_threshold === true,
    tax_free_threshold_answered: thresholdAnswered(t),
  };
  return {
    section: {
      tfn_attested: t.tfn_attested === true,
      ...declaration,
      residency: t.residency ?? 'resident',
      medicare_levy_exemption: t.medicare_levy_exemption ?? 'none',
      study_loan: t.study_loan === true,
      bank_attested: s.bank.attested === true,
      super_fund_attested: superFundAttested(p),
    },
    tax_profile: {
      treatment_code: t.treatment_code ?? null,
      residency: t.residency ?? 'resident',
      tfn_attested: t.tfn_attested === true,
      ...declaration,
      study_loan: t.study_loan === true,
    },
    retirement: {
      super_guarantee_rate: superGuaranteeRate(packVersion),
      fund_name: p.super_fund_name ?? null,
      usi: p.super_usi ?? null,
      member_number_attested: p.member_number_attested === true,
      smsf: p.smsf_attested === true,
    },
  };
}

export function auSettingsView(kind: SettingsKind, s: AuStatutory): Fields {
  if (kind === 'tax')
    return {
      tfn_attested: s.tax.tfn_attested === true,
      tfn_declaration: declarationStateOf(s.tax),
      ...publicSection(s.tax),
    };
  if (kind === 'bank') {
    // `splits` shows only while pay is split: a single account reads as it always has.
    const { splits, ...bank } = publicSection(s.bank);
    return { attested: s.bank.attested === true, ...bank, ...(splits ? { splits } : {}) };
  }
  return { super_fund_attested: superFundAttested(s.pension), ...publicSection(s.pension) };
}

const residency = z.enum(AU_RESIDENCY);
const declarationView = {
  /**
   * Where the TFN declaration stands: tfn_quoted, not_received (hired before the declaration arrived: the
   * no-TFN rate applies), applied_for (the ordinary scale for 28 days from the declaration), under_18 or
   * pensioner (exemptions from quoting), not_quoted or invalid_quoted (the no-TFN rate).
   */
  tfn_declaration: z.enum(DECLARATION_STATES),
  /** The tax-free threshold applied: claimed on the declaration (question 9 answered yes). */
  tax_free_threshold: z.boolean(),
  /** Question 9 of the declaration was answered (false: the threshold is not applied until it is). */
  tax_free_threshold_answered: z.boolean(),
};

export const auViewSchemas: ViewSchemas = {
  section: z.looseObject({
    tfn_attested: z.boolean(),
    ...declarationView,
    residency,
    medicare_levy_exemption: z.enum(AU_MEDICARE_EXEMPTION),
    study_loan: z.boolean(),
    bank_attested: z.boolean(),
    super_fund_attested: z.boolean(),
  }),
  taxProfile: z.looseObject({
    treatment_code: z.string().nullable(),
    residency,
    tfn_attested: z.boolean(),
    ...declarationView,
    study_loan: z.boolean(),
  }),
  retirement: z.looseObject({
    super_guarantee_rate: z.string().nullable(),
    fund_name: z.string().nullable(),
    usi: z.string().nullable(),
    member_number_attested: z.boolean(),
    smsf: z.boolean(),
  }),
  settings: {
    tax: z.looseObject({
      tfn_attested: z.boolean(),
      tfn_declaration: declarationView.tfn_declaration,
      country: z.string().optional(),
    }),
    bank: z.looseObject({
      attested: z.boolean(),
      bsb: z.string().optional(),
      account_last3: z.string().optional(),
      account_name: z.string().optional(),
      /** Net pay split across accounts (null or absent: all to the one account), each masked. */
      splits: z
        .array(
          z.object({
            bsb: z.string(),
            account_last4: z.string(),
            account_name: z.string(),
            /** A fixed amount, or a percentage of what the fixed amounts leave; neither on the last (the rest). */
            amount: z.string().nullable(),
            percent: z.string().nullable(),
          }),
        )
        .nullable()
        .optional(),
    }),
    pension: z.looseObject({
      super_fund_attested: z.boolean(),
      member_number_last3: z.string().optional(),
      /** apra, smsf, employer_default or stapled_requested. */
      fund_choice: z.string().nullable().optional(),
      super_fund_name: z.string().nullable().optional(),
      super_usi: z.string().nullable().optional(),
      smsf_esa: z.string().nullable().optional(),
      smsf_account_last3: z.string().optional(),
    }),
  },
};
