import { now as clockNow } from './clock.js';
import type { Country } from '../client/models.js';

export const LOCALES: Record<Country, string> = { AU: 'en-AU', DE: 'de-DE', NZ: 'en-NZ', UK: 'en-GB', US: 'en-US' };
export const CURRENCIES: Record<Country, string> = { AU: 'AUD', DE: 'EUR', NZ: 'NZD', UK: 'GBP', US: 'USD' };
export const COUNTRIES = Object.keys(LOCALES) as Country[];

export const toCountry = (v: unknown): Country | undefined => {
  const c = String(v ?? '').toUpperCase();
  return (COUNTRIES as string[]).includes(c) ? (c as Country) : c === 'GB' ? 'UK' : undefined;
};

// Intl constructors are slow relative to format(), and tables format hundreds of cells.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
const nf = (locale: string, o: Intl.NumberFormatOptions) => {
  const k = `n${locale}${JSON.stringify(o)}`;
  let f = cache.get(k) as Intl.NumberFormat | undefined;
  if (!f) cache.set(k, (f = new Intl.NumberFormat(locale, o)));
  return f;
};
const df = (locale: string, o: Intl.DateTimeFormatOptions) => {
  const k = `d${locale}${JSON.stringify(o)}`;
  let f = cache.get(k) as Intl.DateTimeFormat | undefined;
  // Wire dates are calendar dates; formatting them in UTC keeps them from shifting a day.
  if (!f) cache.set(k, (f = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...o })));
  return f;
};

type Num = string | number | null | undefined;
// Intl formats decimal strings exactly, so "1234.565" is never routed through a binary float.
const lit = (v: Num) => (typeof v === 'number' ? v : (String(v ?? '0').trim() as Intl.StringNumericLiteral));
const utc = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

export type NumberFormat = 'money' | 'number' | 'percent';

/**
 * Formatting bound to one locale, so components can write `f.money(v, cur)` in templates. Dates may
 * take another locale: the text's language in the country's region (`en-DE` for English text about a
 * German employer), so month names match the words around them while numbers keep the country's style.
 */
export class Fmt {
  constructor(
    readonly locale: string,
    readonly dateLocale = locale,
  ) {}

  /** `digits` caps the fraction digits, e.g. 0 for whole amounts in a chart centre. */
  money(v: Num, currency: string, compact = false, digits?: number): string {
    if (v == null || v === '') return '—';
    const d = digits == null ? {} : { minimumFractionDigits: 0, maximumFractionDigits: digits };
    if (!/^[A-Z]{3}$/.test(currency)) return this.num(v, { minimumFractionDigits: 2, maximumFractionDigits: 2, ...d });
    return nf(
      this.locale,
      compact
        ? { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }
        : { style: 'currency', currency, ...d },
    ).format(lit(v));
  }

  num(v: Num, o: Intl.NumberFormatOptions = {}): string {
    return v == null || v === '' ? '—' : nf(this.locale, o).format(lit(v));
  }

  /** Percent values arrive as percentages (`4.2` means 4.2 %), as people write them. */
  pct(v: Num, signed = false): string {
    if (v == null || v === '') return '—';
    return nf(this.locale, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: signed ? 'exceptZero' : 'auto',
    }).format(Number(v) / 100);
  }

  value(v: Num, format: NumberFormat | undefined, currency: string, compact = false, digits?: number): string {
    if (format === 'money') return this.money(v, currency, compact, digits);
    if (format === 'percent') return this.pct(v);
    if (format === 'number') return this.num(v, compact ? { notation: 'compact' } : {});
    return v == null ? '—' : String(v);
  }

  date(iso: string | null | undefined, o: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
    return iso ? df(this.dateLocale, o).format(utc(iso)) : '—';
  }

  period(start: string, end: string): string {
    return df(this.dateLocale, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(utc(start), utc(end));
  }

  shortDate(iso: string): string {
    return this.date(iso, { day: 'numeric', month: 'short' });
  }
}

const fmts = new Map<string, Fmt>();
export const fmt = (locale: string, dateLocale = locale): Fmt => {
  const key = `${locale} ${dateLocale}`;
  let f = fmts.get(key);
  if (!f) fmts.set(key, (f = new Fmt(locale, dateLocale)));
  return f;
};

/** The locale for dates in `lang`: the locale itself when it is in that language, else `lang` in its region. */
export const dateLocaleFor = (locale: string, lang: string, country: string): string => {
  const l = new Intl.Locale(locale);
  return l.language === lang ? locale : `${lang}-${l.region ?? (country === 'UK' ? 'GB' : country)}`;
};

/** Days from today (UTC calendar) to an ISO date; negative in the past. */
export const daysUntil = (iso: string, now = clockNow()): number =>
  Math.round((utc(iso).getTime() - Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())) / 864e5);

export const humanize = (key: string): string => {
  const s = key.replace(/[_-]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** Integer cents to the wire's 2-decimal string, without a float in between. */
export const fromCents = (cents: number): string => {
  const s = String(Math.abs(Math.round(cents))).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
};
/** Exact for any 2-decimal amount below ~90 trillion: each value is rounded back to whole cents. */
export const toCents = (v: string | number | null | undefined): number => Math.round(Number(v ?? 0) * 100);
export const addMoney = (...vs: (string | null | undefined)[]): string =>
  fromCents(vs.reduce((a, v) => a + toCents(v), 0));

export const initials = (e: { first_name?: string; last_name?: string }): string =>
  `${e.first_name?.[0] ?? ''}${e.last_name?.[0] ?? ''}`.toUpperCase();
