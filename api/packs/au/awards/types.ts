// The shape of a modern award as the AU pack carries it: classifications with their minimum rates, and
// the percentages of the minimum hourly rate the award pays at each time. Money and percentages are
// decimal strings; every figure names the clause it comes from.

export type AwardEmployment = 'full_time' | 'part_time' | 'casual';

export interface AwardClassification {
  code: string;
  name: string;
  /** Minimum weekly rate of a full-time employee (38 ordinary hours). */
  weekly: string;
  /** Minimum hourly rate: the weekly rate / 38, to the cent. */
  hourly: string;
}

/**
 * The kinds of rate an award tabulates, in the order a pay guide lists them. Stated once here: the pack's
 * percentages, the API's award detail (`rate_kinds`, `rates`) and the SDK's rates table all follow it.
 */
export const AWARD_RATE_KINDS = [
  'ordinary',
  'evening',
  'saturday',
  'sunday',
  'public_holiday',
  'overtime_first',
  'overtime_after',
  'overtime_sunday',
  'overtime_public_holiday',
] as const;
export type AwardRateKind = (typeof AWARD_RATE_KINDS)[number];

/** Percentages of the minimum hourly rate (100 = the rate itself). Casual figures include the casual loading. */
export type AwardPercentages = Record<AwardRateKind, string>;

export interface AwardSource {
  title: string;
  url: string;
  /** The date the document was published or made, where known. */
  published: string | null;
}

export interface ModernAward {
  code: string;
  name: string;
  /** The first day the rates apply (from the first full pay period starting on or after it). */
  rates_from: string;
  /** How the rates were arrived at, in words a payroll officer can check. */
  rates_basis: string;
  sources: AwardSource[];
  classifications: AwardClassification[];
  casual_loading: string;
  percentages: Record<'permanent' | 'casual', AwardPercentages>;
  /** Span of ordinary hours per day type, local time `HH:MM`; work outside it is overtime. */
  span: Record<'weekday' | 'saturday' | 'sunday', { from: string; to: string }>;
  /** Weekday ordinary hours from this time attract the evening rate. */
  evening_from: string;
  overtime: { daily_hours: string; weekly_hours: string; first_tier_hours: string };
  clauses: Record<
    | 'minimum_rates'
    | 'casual_loading'
    | 'ordinary_hours'
    | 'overtime'
    | 'penalty_rates'
    | 'public_holiday'
    | 'evening'
    | 'saturday'
    | 'sunday',
    string
  >;
}
