// Company fields that belong to one country's statutory outputs: another country's tenant refuses them
// with a rule reference instead of keeping numbers no report of its own would use.
import type { RuleViolation } from '../packs/types.ts';

/** The German employer fields (Betriebsnummer, Steuernummer, Lohnsteuer-Anmeldung period, levy settings). */
export const DE_COMPANY_FIELDS = [
  'betriebsnummer',
  'steuernummer',
  'lsta_period',
  'u1_participation',
  'insurer_levy_rates',
  'insolvency_levy_exemption',
] as const;

/** The Australian employer fields single touch payroll names (ABN, its branch, the BMS id). */
export const AU_COMPANY_FIELDS = ['abn', 'branch', 'bms_id'] as const;

const OWNERS = [
  { fields: DE_COMPANY_FIELDS as readonly string[], name: 'German' },
  { fields: AU_COMPANY_FIELDS as readonly string[], name: 'Australian' },
];

/** Every other country's employer field the patch sends, each refused at its path. */
export function foreignCompanyFields(
  version: string,
  fields: Record<string, unknown>,
  country: string,
  own: readonly string[] = [],
): RuleViolation[] {
  return OWNERS.flatMap(({ fields: names, name }) =>
    names
      .filter((f) => !own.includes(f) && fields[f] !== undefined)
      .map((f) => ({
        rule: `${version}/company/field_not_applicable`,
        path: f,
        message: `${f} is ${name === 'Australian' ? 'an' : 'a'} ${name} employer field; a ${country} company does not take it.`,
      })),
  );
}
