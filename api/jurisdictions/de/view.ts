// How a DE employee's statutory sections are shown: the profile and attestation flags, never the
// Steuer-ID, the SV-Nummer, their hashes or the sealed IBAN.
import { z } from 'zod';
import type { Fields, SettingsKind, StatutoryView, ViewSchemas } from '../types.ts';
import { publicSection } from '../public-section.ts';
import { deProfileSchema, deTaxClass, type DeStatutory } from './model.ts';

export function deView(s: DeStatutory): StatutoryView {
  const d = s.de;
  const taxIdAttested = d.tax_id_attested === true;
  return {
    section: { ...publicSection(d), tax_id_attested: taxIdAttested, iban_attested: s.bank.iban_attested === true },
    tax_profile: {
      tax_class: d.tax_class ?? null,
      church_tax: d.church_tax ?? false,
      church_tax_denomination: d.church_tax_denomination ?? null,
      state: d.state ?? null,
      child_allowances: d.children ?? 0,
      tax_id_attested: taxIdAttested,
    },
    retirement: { pension_insurance: d.pension_insurance !== false },
  };
}

export function deSettingsView(kind: SettingsKind, s: DeStatutory): Fields {
  if (kind === 'bank') return { ...publicSection(s.bank), iban_attested: s.bank.iban_attested === true };
  if (kind === 'pension') return { pension_insurance: s.de.pension_insurance !== false };
  return { ...publicSection(s.de), tax_id_attested: s.de.tax_id_attested === true };
}

const profile = deProfileSchema.omit({ tax_id_hash: true, svnr_hash: true });

export const deViewSchemas: ViewSchemas = {
  section: profile.extend({ tax_id_attested: z.boolean(), iban_attested: z.boolean() }),
  taxProfile: z.looseObject({
    tax_class: deTaxClass.nullable(),
    church_tax: z.boolean(),
    church_tax_denomination: z.string().nullable(),
    state: z.string().nullable(),
    child_allowances: z.number(),
    tax_id_attested: z.boolean(),
  }),
  retirement: z.looseObject({ pension_insurance: z.boolean() }),
  settings: {
    tax: profile.extend({ tax_id_attested: z.boolean() }),
    bank: z.looseObject({
      iban_attested: z.boolean(),
      iban_last4: z.string().optional(),
      bic: z.string().nullable().optional(),
      account_name: z.string().nullable().optional(),
    }),
    pension: z.object({ pension_insurance: z.boolean() }),
  },
};
