// One finalised DE pay-run entry as the statutory outputs read it: the taxes and contributions it holds
// (from its wage types and employer costs, exactly as the run stored them) and the facts the run froze
// that place it on a form: the church-tax denomination, the health insurer, minijob or not.
import type { EntryResult } from '../../engines/types.ts';
import { money } from '../../lib/money.ts';

export interface DeInsurer {
  name: string;
  betriebsnummer: string;
}

export interface DeEntryFigures {
  pay_run_id: string;
  employee_id: string;
  employee_name: string;
  category: string;
  /** The employer pays the minijob's 2 % flat tax: its tax goes to the Minijob-Zentrale, not the Finanzamt. */
  flat_taxed: boolean;
  denomination: string | null;
  insurer: DeInsurer | null;
  health_type: 'statutory' | 'private';
  /** Positive 2-decimal strings; zero when the entry holds none. */
  lst: string;
  solz: string;
  kist: string;
  employee: { kv: string; pv: string; rv: string; av: string };
  employer: { kv: string; pv: string; rv: string; av: string };
  flat_tax: string;
  /** The employer's levies (DE-2026.3 on): U1, U2 and the Insolvenzgeldumlage. */
  levies: { u1: string; u2: string; u3: string };
  /** Whether the entry's pack version computes the levies (earlier versions leave them out). */
  levies_computed: boolean;
  /** The employer settings a levy of this entry needed and did not have when it was calculated. */
  levies_missing: string[];
}

const WAGE_TYPE = { lst: 'LST', solz: 'SOLZ', kist: 'KIST', kv: 'KV-AN', pv: 'PV-AN', rv: 'RV-AN', av: 'AV-AN' };
const EMPLOYER = {
  kv: 'health_insurance',
  pv: 'care_insurance',
  rv: 'pension_insurance',
  av: 'unemployment_insurance',
  flat: 'minijob_flat_tax',
  u1: 'u1_levy',
  u2: 'u2_levy',
  u3: 'insolvency_levy',
};

export function deEntryFigures(
  entry: { pay_run_id: string; employee_id: string; employee_name: string },
  result: EntryResult,
  frozen: { denomination: string | null; insurer: DeInsurer | null; health_type: 'statutory' | 'private' },
): DeEntryFigures {
  const wt = (code: string) => money(result.wage_types?.find((w) => w.code === code)?.amount ?? '0');
  const er = (type: string) => money(result.employer_costs.find((c) => c.type === type)?.amount ?? '0');
  const flatTax = er(EMPLOYER.flat);
  return {
    pay_run_id: entry.pay_run_id,
    employee_id: entry.employee_id,
    employee_name: entry.employee_name,
    category: String(result.detail.employment_category ?? 'regular'),
    flat_taxed: flatTax !== '0.00',
    ...frozen,
    lst: wt(WAGE_TYPE.lst),
    solz: wt(WAGE_TYPE.solz),
    kist: wt(WAGE_TYPE.kist),
    employee: { kv: wt(WAGE_TYPE.kv), pv: wt(WAGE_TYPE.pv), rv: wt(WAGE_TYPE.rv), av: wt(WAGE_TYPE.av) },
    employer: { kv: er(EMPLOYER.kv), pv: er(EMPLOYER.pv), rv: er(EMPLOYER.rv), av: er(EMPLOYER.av) },
    flat_tax: flatTax,
    levies: { u1: er(EMPLOYER.u1), u2: er(EMPLOYER.u2), u3: er(EMPLOYER.u3) },
    levies_computed: Array.isArray(result.detail.levies_missing),
    levies_missing: Array.isArray(result.detail.levies_missing) ? (result.detail.levies_missing as string[]) : [],
  };
}
