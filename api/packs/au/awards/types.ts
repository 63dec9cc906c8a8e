// The shape of a modern award as the AU pack carries it: classifications with their minimum rates, and
// the percentages of the minimum hourly rate the award pays at each time. Money and percentages are
// decimal strings; every figure names the clause it comes from.

export type AwardEmployment = 'full_time' | 'part_time' | 'casual';

/**
 * What an award pay line pays. A casual loading and a flat amount are paid on hours another line already
 * counts; a minimum engagement top-up pays hours not worked.
 */
export const AWARD_LINE_KINDS = [
  'ordinary',
  'casual_loading',
  'penalty',
  'overtime',
  'flat_amount',
  'minimum_engagement',
] as const;
export type AwardLineKind = (typeof AWARD_LINE_KINDS)[number];

export interface AwardClassification {
  code: string;
  name: string;
  /** Minimum weekly rate of a full-time employee (38 ordinary hours). */
  weekly: string;
  /** Minimum hourly rate: the weekly rate / 38, to the cent. */
  hourly: string;
  /** How far the rate is corroborated, where only one source states it. */
  note?: string;
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

/**
 * Percentages of the minimum hourly rate (100 = the rate itself). Casual figures include the casual loading.
 * Null where the award pays no such rate or its sources do not settle it: hours that would need it are refused
 * (501), never paid at a guess.
 */
export type AwardPercentages = Record<AwardRateKind, string | null>;

export type AwardDayType = 'weekday' | 'saturday' | 'sunday';

/** A flat amount per hour or part hour of ordinary weekday work in a window of the day (MA000009 cl. 29.2). */
export interface AwardFlatAmount {
  kind: 'evening' | 'night';
  /** Local time `HH:MM`; `to` may be `24:00` (midnight at the end of the day). */
  from: string;
  to: string;
  amount: string;
  clause: string;
}

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
  /**
   * Span of ordinary hours per day type, local time `HH:MM`; work outside it is overtime. Null: ordinary
   * hours may fall at any time of day.
   */
  span: Record<AwardDayType, { from: string; to: string }> | null;
  /** Weekday ordinary hours from this time attract the evening rate; null where the award has no such rate. */
  evening_from: string | null;
  /** Flat amounts on top of the rate for weekday evening and night work; empty where the award has none. */
  flat_amounts: AwardFlatAmount[];
  overtime: {
    daily_hours: string;
    weekly_hours: string;
    first_tier_hours: string;
    /** The days the first-tier overtime rate applies on; other days' overtime rates stand on their own. */
    first_tier_days: 'monday_to_saturday' | 'monday_to_friday';
    /** Why overtime the sources do not settle (a null overtime percentage, or Saturday) is refused. */
    unsettled: string | null;
  };
  /** A casual is paid at least this many hours for each engagement (a shift); the top-up is its own line. */
  minimum_engagement: { casual_hours: string; clause: string; note: string };
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

/** What changes from one year's pay guide to the next: the rates, their date and their sources. */
export type AwardRateSet = Pick<ModernAward, 'rates_from' | 'rates_basis' | 'sources' | 'classifications'>;
