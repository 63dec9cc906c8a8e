// Payroll figures that must mean the same thing in every element: what reconciles gross with net,
// the year-to-date sum, the employer's costs on top of gross, an overdue pay date and a readiness
// verdict. Elements render these rather than re-deriving them.
import { now as clockNow } from './clock.js';
import { html, nothing } from 'lit';
import type { PayRun, PayslipYtd, Readiness } from '../client/models.js';
import { daysUntil, fromCents, toCents, type Fmt } from './format.js';
import type { MessageKey, PluralKey } from './i18n.js';
import { costSplit } from './summary.js';

type T = (k: MessageKey) => string;
type N = (k: PluralKey, n: number) => string;

/** Cents that reconcile gross less deductions with net: employer subsidies paid out (+) or other deductions (−). */
export const balance = (gross: string, net: string, ...deducted: (string | null | undefined)[]): number =>
  toCents(net) - toCents(gross) + deducted.reduce((a, d) => a + toCents(d), 0);

/** The reconciling line of a sum, only when there is one. */
export const balanceRow = (cents: number, cur: string, t: T, f: Fmt) =>
  cents
    ? html`<div data-balance>
        <dt>${t(cents > 0 ? 'employerSubsidies' : 'otherDeductions')}</dt>
        <dd>${cents > 0 ? '+' : '−'}${f.money(fromCents(Math.abs(cents)), cur)}</dd>
      </div>`
    : nothing;

const row = (label: string, v: string, f: Fmt, cur: string, sign = '') =>
  html`<div>
    <dt>${label}</dt>
    <dd>${sign}${f.money(v, cur)}</dd>
  </div>`;

/**
 * Year to date as a sum that adds up: gross − tax − social insurance ± the reconciling line = net.
 * The employer's super is not part of it and stands apart, labelled as such.
 */
export const ytdBlock = (y: PayslipYtd, cur: string, t: T, f: Fmt) =>
  html`<section class="ytd" aria-labelledby="ytd">
    <h3 id="ytd">${t('ytd')}</h3>
    <dl class="calc">
      ${row(t('gross'), y.gross, f, cur)} ${row(t('tax'), y.tax, f, cur, '−')}
      ${y.social != null ? row(t('employeeSocial'), y.social, f, cur, '−') : nothing}
      ${balanceRow(balance(y.gross, y.net, y.tax, y.social), cur, t, f)}
      <div class="total">
        <dt>${t('net')}</dt>
        <dd>${f.money(y.net, cur)}</dd>
      </div>
    </dl>
    ${
      y.super != null
        ? html`<dl class="calc employer">${row(t('employerSuper'), y.super, f, cur)}</dl>
            <p class="note">${t('employerPaid')}</p>`
        : nothing
    }
  </section>`;

const UNPAID = ['draft', 'previewed', 'approved'];
/** A run not yet paid whose payment date has passed. */
export const isOverdue = (r: Pick<PayRun, 'status' | 'payment_date'>, now = clockNow()): boolean =>
  UNPAID.includes(r.status) && daysUntil(r.payment_date, now) < 0;

/**
 * The readiness pill: "ready" only when nothing is missing. A gap that does not block finalising
 * still needs attention; pending verifications are said as such.
 */
export function readinessVerdict(r: Readiness): [pillClass: string, text: MessageKey] {
  if (r.blocks_finalise) return ['s-blocked', 'blocks'];
  if (Object.values(r.tabs ?? {}).some((t) => !tabDone(t))) return ['s-incomplete', 'needsAttention'];
  return r.unverified_requirements?.length ? ['s-previewed', 'unverified'] : ['s-complete', 'ready'];
}

export const tabDone = (t: Readiness['tabs'][string]): boolean => t.status === 'complete' && !t.missing?.length;

/** "in 3 days", "today" or "2 days overdue" for a pay date, and whether it is overdue. */
export function payDateCaption(iso: string | undefined, t: T, n: N): { caption: string; overdue: boolean } {
  const days = iso ? daysUntil(iso) : NaN;
  const caption = days > 0 ? n('inDays', days) : days === 0 ? t('today') : days < 0 ? n('daysOverdue', -days) : '';
  return { caption, overdue: days < 0 };
}

/**
 * When a run pays, in words: "Paid on …" once finalised and the day has come (the day pay actually went out
 * where one was recorded), "To be paid on …" while the day is ahead (or is today, for a run not paid yet), and
 * the date alone for an unpaid run whose date has passed (the overdue flag says the rest).
 */
export function payDateText(
  r: Pick<PayRun, 'status' | 'payment_date'> & { paid_on?: string | null },
  t: (k: MessageKey, vars?: Record<string, string | number>) => string,
  date: (d: string) => string,
  now = clockNow(),
): string {
  const paid = r.status === 'finalised' || r.status === 'lodged';
  const day = (paid ? r.paid_on : null) ?? r.payment_date;
  const ahead = daysUntil(day, now);
  // An unpaid run due today is still to be paid; a finalised one paid today has been.
  if (ahead > 0 || (!paid && ahead === 0)) return t('toBePaidOn', { date: date(day) });
  return paid ? t('paidOn', { date: date(day) }) : date(day);
}

/** The "Overdue" flag under an unpaid run's payment date. */
export const overdueFlag = (r: Pick<PayRun, 'status' | 'payment_date'>, t: T) =>
  isOverdue(r) ? html`<div class="sub overdue" part="overdue">${t('overdue')}</div>` : nothing;

const stat = (label: string, value: string) => html`<div class="stat"><span>${label}</span><b>${value}</b></div>`;

/**
 * What the employer pays on top of gross (super in AU, employer social insurance in DE) and the
 * employer's total cost, apart from the employees' figures and labelled as the employer's.
 */
export function employerTotals(run: PayRun, t: T, f: Fmt) {
  const cost = costSplit(run);
  const tt = run.totals;
  if (!cost || !tt) return nothing;
  const cur = tt.currency;
  return html`<div class="totals employer" part="totals employer-costs" aria-label=${t('employerCosts')}>
    ${stat(t(tt.super != null ? 'employerSuper' : 'employerSocial'), f.money(fromCents(toCents(cost.total) - toCents(tt.gross)), cur))}
    ${stat(t('employerCost'), f.money(cost.total, cur))}
    <p class="sub">${t('employerPaid')}</p>
  </div>`;
}
