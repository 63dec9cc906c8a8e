// DE year-to-date opening figures: what an employer that starts on Payrail during the year records once per
// employee and year. The SV wage per branch is what § 23a SGB IV measures one-off payments against (the wage
// already charged, up to the monthly ceilings); the Lohnsteuer-relevant pay and the taxes withheld are the
// payslip's year to date. Amounts are euros with up to two decimals, none negative, an SV wage at most the
// year's annual ceiling of its branch (de.md: 2025 KV/PV 66,150 and RV/AV 96,600; 2026 69,750 and 101,400).
import { SOCIAL_RATES } from '../../packs/de/index.ts';
import type { RuleViolation } from '../../packs/types.ts';
import { dec, money, sum } from '../../lib/money.ts';
import type { OpeningsPolicy } from '../types.ts';

const REQUIRED = ['sv_wage_kv_pv', 'sv_wage_rv_av', 'taxable_wage', 'income_tax'] as const;
const OPTIONAL = ['solidarity_surcharge', 'church_tax', 'employee_social', 'net'] as const;
const KNOWN = new Set<string>([...REQUIRED, ...OPTIONAL]);
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/** The figures as kept (2-decimal strings), or the rules they break (paths under `figures`). */
function intake(version: string, taxYearStart: string, given: Record<string, unknown>) {
  const violations: RuleViolation[] = [];
  const fail = (rule: string, key: string, message: string) =>
    violations.push({ rule: `${version}/year_to_date/${rule}`, path: `figures.${key}`, message });
  const figures: Record<string, string> = {};
  for (const key of Object.keys(given))
    if (!KNOWN.has(key))
      fail('unknown_figure', key, `Not a German year-to-date figure; these are: ${[...KNOWN].join(', ')}.`);
  for (const key of [...REQUIRED, ...OPTIONAL]) {
    const v = given[key];
    if (v === undefined || v === null) {
      if ((REQUIRED as readonly string[]).includes(key)) fail('figure_required', key, 'Required.');
      continue;
    }
    const text = typeof v === 'number' ? String(v) : v;
    if (typeof text !== 'string' || !MONEY.test(text)) {
      fail('amount_format', key, 'An amount in euros, not negative, with at most two decimals, e.g. "46500.03".');
      continue;
    }
    figures[key] = money(text);
  }
  const year = Number(taxYearStart.slice(0, 4)) as keyof typeof SOCIAL_RATES;
  const r = SOCIAL_RATES[year];
  if (!r) fail('year_not_covered', 'sv_wage_kv_pv', `The pack has no social-insurance figures for ${year}.`);
  else
    for (const [key, monthly] of [
      ['sv_wage_kv_pv', r.ceilingHealthMonthly],
      ['sv_wage_rv_av', r.ceilingPensionMonthly],
    ] as const)
      if (figures[key] && dec(figures[key]).gt(dec(monthly).mul(12)))
        fail(
          'above_annual_ceiling',
          key,
          `More than the ${year} annual ceiling of ${money(dec(monthly).mul(12))}: the SV wage is charged up to the ceilings.`,
        );
  return { figures, violations };
}

export const deOpenings: OpeningsPolicy = {
  check(given, at) {
    const { figures, violations } = intake(at.packVersion, at.taxYearStart, (given ?? {}) as Record<string, unknown>);
    return violations.length ? { violations } : { figures };
  },
  payslipTotals(f) {
    const at = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '0');
    const tax = money(sum([at('income_tax'), at('solidarity_surcharge'), at('church_tax')]));
    const social = money(at('employee_social'));
    const gross = money(at('taxable_wage'));
    const net = typeof f.net === 'string' ? money(f.net) : money(dec(gross).minus(tax).minus(social));
    return { gross, tax, net, social, super: null };
  },
};
