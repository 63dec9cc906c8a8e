import { dec, money } from '../../lib/money.ts';
import { toDate } from '../../lib/dates.ts';

/** Locale-aware formatters for one payslip; amounts arrive as 2dp strings. */
export interface PayslipFormat {
  money(amount: string): string;
  rate(amount: string): string;
  hours(value: string): string;
  date(iso: string): string;
}

export function payslipFormat(locale: string, currency: string): PayslipFormat {
  const moneyFmt = new Intl.NumberFormat(locale, { style: 'currency', currency });
  // Award rates often carry more than two decimals; show them as stored, up to four.
  const rateFmt = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  const hoursFmt = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const dateFmt = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    money: (a) => moneyFmt.format(Number(money(a))),
    rate: (a) => rateFmt.format(dec(a).toNumber()),
    hours: (h) => hoursFmt.format(dec(h).toNumber()),
    date: (iso) => dateFmt.format(toDate(iso)),
  };
}

/** `51824753556` as the ABN is printed: `51 824 753 556`. */
export function formatAbn(abn: string): string {
  const d = abn.replace(/\D/g, '');
  return d.length === 11 ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : abn.trim();
}

export function formatBsb(bsb: string): string {
  const d = bsb.replace(/\D/g, '');
  return d.length === 6 ? `${d.slice(0, 3)}-${d.slice(3)}` : bsb.trim();
}

/** Only the last three digits of an account are ever printed. */
export const maskedAccount = (last3: string): string => `\u2022\u2022\u2022\u2022${last3.replace(/\D/g, '').slice(-3)}`;

/** A German account as its payslip prints it: the IBAN's last four characters only. */
export const maskedIban = (last4: string): string =>
  `\u2022\u2022\u2022\u2022 ${last4.replace(/\s/g, '').slice(-4).toUpperCase()}`;
