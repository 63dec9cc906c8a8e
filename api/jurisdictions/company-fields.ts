// Company fields that belong to one country's statutory outputs: another country's tenant refuses them
// with a rule reference instead of keeping numbers no report of its own would use.
import type { RuleViolation } from '../packs/types.ts';

/** The German employer fields (Betriebsnummer, Steuernummer, Lohnsteuer-Anmeldung period). */
export const DE_COMPANY_FIELDS = ['betriebsnummer', 'steuernummer', 'lsta_period'] as const;

export function foreignCompanyFields(
  version: string,
  fields: Record<string, unknown>,
  country: string,
): RuleViolation[] {
  return DE_COMPANY_FIELDS.filter((f) => fields[f] !== undefined).map((f) => ({
    rule: `${version}/company/field_not_applicable`,
    path: f,
    message: `${f} is a German employer field; a ${country} company does not take it.`,
  }));
}
