// One-off payments (einmalig gezahltes Arbeitsentgelt) against the pro-rata annual ceiling, § 23a SGB IV,
// per branch: KV/PV against the health ceiling, RV/AV against the pension ceiling.
//
// - Abs. 3: a one-off payment is liable as far as the wage already charged in the calendar year (with this
//   period's recurring pay) stays below the pro-rata ceiling: the annual ceiling's share for the SV days of
//   the employment with this employer in the year up to the end of the period it belongs to (a whole month
//   counts 30 days, a part month its calendar days).
// - Abs. 4 (Märzklausel): a one-off payment made from 1 January to 31 March that does not fit the current
//   year's pro-rata ceiling belongs to the last pay period of the previous year, when the employment existed
//   then: it is then measured against the previous year's ceiling and charged at that year's rates.
// - Abs. 5: for an employee in the statutory health insurance, the health ceiling alone decides whether it
//   fits (and so the clause applies); otherwise the pension ceiling does.
// (Gesetzestext: gesetze-im-internet.de/sgb_4/__23a.html; Deutsche Rentenversicherung, rvRecht, GRA zu
// § 23a SGB IV.) Abs. 3 Satz 2: time not covered by contributions from recurring pay (sickness past continued
// pay, unpaid leave) is left out of the SV days; the caller counts them (`sv_days_left_out`).
import { D, type Dec } from '../../lib/money.ts';
import type { PapYear } from './pap-types.ts';
import { SOCIAL_RATES } from './social-rates.ts';

/** What a year holds for one employee before the period: SV days to the period's end and the wage charged. */
export interface ChargedYear {
  /** SV days of the employment in the year, up to the end of the period (the previous year: to 31 December). */
  sv_days: number;
  /** SV days left out as not covered by contributions from recurring pay (§ 23a Abs. 3 Satz 2 SGB IV). */
  sv_days_left_out?: number;
  /** Wage already charged in the year per branch, before this period (decimal strings). */
  kv_pv: string;
  rv_av: string;
  /** False when part of the year's employment has neither a finalised run nor opening figures. */
  complete?: boolean;
}

/** The year a one-off payment is measured in is not fully on record: no figure can be given. */
export class YearToDateMissing extends Error {
  constructor(readonly year: number) {
    super(`the wage charged in ${year} is not fully on record`);
  }
}

export interface OneOffYearToDate {
  /** Month (1–12) of the period the one-off payment is made in. */
  month: number;
  current: ChargedYear;
  /** The previous calendar year, when the employment existed then. */
  previous: ChargedYear | null;
}

export interface BranchCeiling {
  annual_ceiling: string;
  sv_days: number;
  /** Days without contributions from recurring pay the SV days leave out (§ 23a Abs. 3 Satz 2 SGB IV). */
  sv_days_left_out?: number;
  pro_rata_ceiling: string;
  charged_before: string;
  /** This period's recurring pay as charged (capped at the monthly ceiling); 0.00 under the March clause. */
  regular_this_period: string;
  room: string;
  liable: string;
  not_liable: string;
}

export interface OneOffCeiling {
  rule: string;
  one_off: string;
  /** `current_year`: charged in this period; `previous_year`: the March clause placed it in December before. */
  attributed_to: 'current_year' | 'previous_year';
  year: number;
  kv_pv: BranchCeiling;
  rv_av: BranchCeiling;
  explanation: string[];
}

const cents = (v: Dec): Dec => v.toDecimalPlaces(2, D.ROUND_HALF_UP);
const positive = (v: Dec): Dec => (v.isNegative() ? new D(0) : v);
const min = (a: Dec, b: Dec): Dec => (a.lt(b) ? a : b);
const fmt = (v: Dec) => v.toFixed(2);

function branch(annualMonthly: string, charged: ChargedYear, side: 'kv_pv' | 'rv_av', regular: Dec, oneOff: Dec) {
  const annual = new D(annualMonthly).times(12);
  const proRata = cents(new D(annualMonthly).times(charged.sv_days).div(30));
  const before = new D(charged[side]);
  const room = positive(proRata.minus(before).minus(regular));
  const liable = min(oneOff, room);
  return {
    annual_ceiling: fmt(annual),
    sv_days: charged.sv_days,
    ...(charged.sv_days_left_out ? { sv_days_left_out: charged.sv_days_left_out } : {}),
    pro_rata_ceiling: fmt(proRata),
    charged_before: fmt(before),
    regular_this_period: fmt(regular),
    room: fmt(room),
    liable: fmt(liable),
    not_liable: fmt(oneOff.minus(liable)),
  };
}

const say = (label: string, b: BranchCeiling, year: number) =>
  `${label}: pro-rata ceiling ${year} for ${b.sv_days} SV days${
    b.sv_days_left_out ? ` (${b.sv_days_left_out} days without contributions from recurring pay left out)` : ''
  } ${b.pro_rata_ceiling}, minus wage charged before ` +
  `${b.charged_before}${b.regular_this_period !== '0.00' ? ` and this period's ${b.regular_this_period}` : ''} ` +
  `leaves ${b.room}: ${b.liable} of the one-off payment is liable, ${b.not_liable} is not.`;

/**
 * The liable part of the period's one-off payments per branch. `regular` is this period's recurring pay as
 * charged per branch (each capped at the period's ceiling).
 */
export function oneOffCeiling(
  year: PapYear,
  oneOff: Dec,
  regular: { kv_pv: Dec; rv_av: Dec },
  ytd: OneOffYearToDate,
  statutoryHealth: boolean,
): OneOffCeiling {
  const r = SOCIAL_RATES[year];
  if (ytd.current.complete === false) throw new YearToDateMissing(year);
  const kv = branch(r.ceilingHealthMonthly, ytd.current, 'kv_pv', regular.kv_pv, oneOff);
  const rv = branch(r.ceilingPensionMonthly, ytd.current, 'rv_av', regular.rv_av, oneOff);
  const deciding = statutoryHealth ? kv : rv;
  const previousYear = (year - 1) as PapYear;
  const march =
    ytd.month <= 3 &&
    ytd.previous !== null &&
    ytd.previous.sv_days > 0 &&
    SOCIAL_RATES[previousYear] !== undefined &&
    deciding.not_liable !== '0.00';
  const rule = 'SGB IV § 23a';
  if (!march) {
    return {
      rule,
      one_off: fmt(oneOff),
      attributed_to: 'current_year',
      year,
      kv_pv: kv,
      rv_av: rv,
      explanation: [say('KV/PV', kv, year), say('RV/AV', rv, year)],
    };
  }
  if (ytd.previous!.complete === false) throw new YearToDateMissing(previousYear);
  const p = SOCIAL_RATES[previousYear];
  const zero = new D(0);
  const pkv = branch(p.ceilingHealthMonthly, ytd.previous!, 'kv_pv', zero, oneOff);
  const prv = branch(p.ceilingPensionMonthly, ytd.previous!, 'rv_av', zero, oneOff);
  return {
    rule: `${rule} Abs. 4`,
    one_off: fmt(oneOff),
    attributed_to: 'previous_year',
    year: previousYear,
    kv_pv: pkv,
    rv_av: prv,
    explanation: [
      `Paid in January to March and more than the ${statutoryHealth ? 'KV/PV' : 'RV/AV'} room of ${year} ` +
        `(${deciding.room}): the one-off payment belongs to December ${previousYear} (March clause) and is ` +
        `charged at ${previousYear}'s rates.`,
      say('KV/PV', pkv, previousYear),
      say('RV/AV', prv, previousYear),
    ],
  };
}
