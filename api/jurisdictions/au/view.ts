// How an AU employee's statutory sections are shown: attestation flags, settings and the fund, never
// a TFN, its hash or a sealed number.
import { z } from 'zod';
import { getAuVersion } from '../../packs/au/index.ts';
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
  return {
    section: {
      tfn_attested: t.tfn_attested === true,
      tax_free_threshold: t.tax_free_threshold !== false,
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
      tax_free_threshold: t.tax_free_threshold !== false,
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
  if (kind === 'tax') return { tfn_attested: s.tax.tfn_attested === true, ...publicSection(s.tax) };
  if (kind === 'bank') {
    // `splits` shows only while pay is split: a single account reads as it always has.
    const { splits, ...bank } = publicSection(s.bank);
    return { attested: s.bank.attested === true, ...bank, ...(splits ? { splits } : {}) };
  }
  return { super_fund_attested: superFundAttested(s.pension), ...publicSection(s.pension) };
}

const residency = z.enum(AU_RESIDENCY);

export const auViewSchemas: ViewSchemas = {
  section: z.looseObject({
    tfn_attested: z.boolean(),
    tax_free_threshold: z.boolean(),
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
    tax_free_threshold: z.boolean(),
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
    tax: z.looseObject({ tfn_attested: z.boolean(), country: z.string().optional() }),
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
