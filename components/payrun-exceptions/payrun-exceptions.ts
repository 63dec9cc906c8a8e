import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { term } from '../internal/terms.js';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { leaveStyles } from '../internal/leave.styles.js';
import { emptyState, skeletonLines } from '../internal/states.js';
import { RUNS_PAGE } from '../internal/summary.js';
import type { MessageKey } from '../internal/i18n.js';
import { PayrailApiError } from '../client/errors.js';
import type { PayRun, PayRunException } from '../client/models.js';
import styles from './payrun-exceptions.styles.js';
import { card, header } from '../internal/card.js';

type Severity = PayRunException['severity'];
const GROUPS: [Severity, MessageKey][] = [
  ['error', 'sevError'],
  ['warning', 'sevWarning'],
  ['info', 'sevInfo'],
];

interface Loaded {
  run: PayRun;
  list: PayRunException[];
}

/**
 * A pay run's exceptions: what needs a person before approval (net pay nil or negative, a large change
 * in gross, pay below the minimum wage, missing bank details, new starters and leavers, long hours),
 * grouped errors first, with each employee's name and what is wrong in the officer's words. Where the
 * run's `allowed_actions` offer `acknowledge_exceptions`, an open error or warning can be acknowledged
 * with a reason: that only emits a request, because the write is governed and goes through the
 * integrator's backend with the reason, as pay-run actions do.
 *
 * @summary Pay-run exceptions review.
 * @event payrail-acknowledge-exception - "Acknowledge" was confirmed with a reason. Detail: `{ pay_run_id, id, reason }`. Unless cancelled, the element says it was passed on.
 * @event payrail-view-evidence - With `show-governance`, an acknowledgement's "Evidence" was pressed. Detail: `{ id, item: 'exception' }`.
 * @event payrail-load - The exceptions were shown. Detail: `{ sample }`.
 * @event payrail-error - They could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart group - Each severity's list.
 * @csspart exception - Each exception.
 * @csspart pill - The kind of each exception.
 * @csspart button - Every button.
 * @csspart acknowledge-button - "Acknowledge" and its confirmation.
 * @csspart evidence-link - An acknowledgement's "Evidence" (with `show-governance`).
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when nothing needs review.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayrunExceptions extends PayrailElement {
  static override tag = 'payrun-exceptions';
  static override styles = [tokens, leaveStyles, styles];

  /** Defaults to the most recent run. */
  @property({ attribute: 'pay-run-id' }) payRunId?: string;
  /** The exception whose reason is being written. */
  @state() private open?: string;
  @state() private reasons: Record<string, string> = {};
  /** Acknowledgements passed on from here (their events not cancelled), until the list reloads. */
  @state() private sent: Record<string, true> = {};

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.payRunId] as const,
      task: async ([api, id], { signal }): Promise<Loaded> => {
        this.sent = {};
        const newest = id ? undefined : (await api.payRuns({ limit: RUNS_PAGE }, { signal })).data[0];
        const runId = id || newest?.id;
        if (!runId) throw new PayrailApiError({ code: 'not_found', message: 'No pay runs', status: 404 });
        const [run, list] = await Promise.all([
          newest ?? api.payRun(runId, { signal }),
          api.exceptions(runId, { signal }),
        ]);
        return { run, list };
      },
    }),
  );

  override render() {
    const d = this.#data.value;
    const open = d ? d.list.filter((e) => !e.acknowledged && e.severity !== 'info').length : 0;
    return card(html`
      ${header(this.t('exceptions'), {
        sub: html`${d ? html`${this.f.period(d.run.period_start, d.run.period_end)} · ` : nothing}${this.t('exceptionsSub')}`,
        end: html`${this.sampleBadge()}
        ${open ? html`<span class="pill sev-warning">${this.t('toReview', { n: open })}</span>` : nothing}`,
      })}
      ${this.renderTask(
        this.#data,
        (x) =>
          x.list.length
            ? GROUPS.map(([sev, label]) => this.#group(x, sev, label))
            : emptyState(this.t('noExceptions'), this.t('noExceptionsHint')),
        () => skeletonLines(6, this.t('loading')),
      )}
    `);
  }

  #group(d: Loaded, sev: Severity, label: MessageKey) {
    const items = d.list.filter((e) => e.severity === sev);
    if (!items.length) return nothing;
    const id = `g-${sev}`;
    return html`<section class="group" part="group" aria-labelledby=${id}>
      <h3 id=${id}><span class="pill sev-${sev}">${this.t(label)}</span> ${items.length}</h3>
      ${sev === 'error' ? html`<p class="sub">${this.t('sevErrorHint')}</p>` : nothing}
      <ul class="plain">
        ${items.map((e) => this.#item(d.run, e))}
      </ul>
    </section>`;
  }

  #item(run: PayRun, e: PayRunException) {
    const may = (run.allowed_actions as string[]).includes('acknowledge_exceptions');
    const canAck = may && !e.acknowledged && e.severity !== 'info' && !this.sent[e.id];
    return html`<li class="item" part="exception" data-id=${e.id} data-kind=${e.kind}>
      <div class="top">
        <p class="strong">${e.employee_name}</p>
        <span class="pill sev-${e.severity}" part="pill">${this.t(`kind_${e.kind}` as MessageKey)}</span>
      </div>
      <p class="msg">${this.#message(e)}</p>
      ${
        e.acknowledged
          ? html`<p class="ack">
              <b>${this.t('acknowledgedOn', { date: this.f.date(e.acknowledged_at) })}</b
              >${e.reason ? html` · ${e.reason}` : nothing}
              ${this.evidenceLink(e.evidence_id, 'exception', e.employee_name)}
            </p>`
          : nothing
      }
      ${this.sent[e.id] ? html`<p class="sent" role="status">${this.t('ackSent')}</p>` : nothing}
      ${canAck ? (this.open === e.id ? this.#form(run, e) : this.#ackButton(e)) : nothing}
    </li>`;
  }

  #ackButton(e: PayRunException) {
    return html`<div class="actions">
      <button class="btn" part="button acknowledge-button" @click=${() => (this.open = e.id)}>
        ${this.t('acknowledge')}
      </button>
    </div>`;
  }

  #form(run: PayRun, e: PayRunException) {
    const reason = (this.reasons[e.id] ?? '').trim();
    const field = `why-${e.id}`;
    return html`<form
      @submit=${(ev: Event) => {
        ev.preventDefault();
        this.#acknowledge(run, e, reason);
      }}
    >
      <label for=${field}
        >${this.t('acknowledgeWhy')}
        <textarea
          id=${field}
          required
          minlength="3"
          maxlength="500"
          .value=${this.reasons[e.id] ?? ''}
          @input=${(ev: Event) =>
            (this.reasons = { ...this.reasons, [e.id]: (ev.target as HTMLTextAreaElement).value })}
        ></textarea>
      </label>
      <div class="actions">
        <button type="button" class="btn" part="button" @click=${() => (this.open = undefined)}>
          ${this.t('cancel')}
        </button>
        <button class="btn primary" part="button acknowledge-button" ?disabled=${reason.length < 3}>
          ${this.t('acknowledgeSend')}
        </button>
      </div>
    </form>`;
  }

  #acknowledge(run: PayRun, e: PayRunException, reason: string) {
    if (reason.length < 3) return;
    const ev = this.emit('payrail-acknowledge-exception', { pay_run_id: run.id, id: e.id, reason });
    this.open = undefined;
    if (!ev.defaultPrevented) this.sent = { ...this.sent, [e.id]: true };
  }

  /** The finding in the reader's language, from its kind and figures (the API's message is English). */
  #message(e: PayRunException): string {
    const d = e.detail as Record<string, string | boolean | null>;
    const s = (k: string) => String(d[k] ?? '');
    const cur = s('currency');
    const money = (k: string) => this.f.money(s(k), cur);
    const num = (k: string, digits = 2) =>
      this.f.num(s(k), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    switch (e.kind) {
      case 'net_pay_not_positive':
        return Number(s('gross')) > 0 || Number(s('net')) < 0
          ? this.t('exNetNegative', { net: money('net'), gross: money('gross') })
          : this.t('exNoPay');
      case 'gross_changed': {
        const pct = Number(s('change_percent'));
        return this.t(pct < 0 ? 'exGrossDown' : 'exGrossUp', {
          gross: money('gross'),
          pct: this.f.num(Math.abs(pct), { maximumFractionDigits: 0 }),
          prev: money('previous_gross'),
          date: this.f.date(s('previous_period_end')),
        });
      }
      case 'below_minimum_wage': {
        const text = this.t('exMinWage', {
          hourly: money('hourly_pay'),
          hours: num('hours'),
          min: money('minimum_wage'),
        });
        return d.under_18 === true ? `${text} ${this.t('exMinWageMinor')}` : text;
      }
      case 'missing_bank_details':
        return this.t('exBank');
      case 'new_starter':
        return this.t('exStarter', { date: this.f.date(s('start_date')) });
      case 'leaver':
        return this.t('exLeaver', { date: this.f.date(s('end_date')) });
      case 'high_hours':
        return this.t('exHours', {
          hours: num('hours'),
          weekly: num('weekly_hours', 1),
          limit: this.f.num(s('threshold_weekly_hours')),
        });
      case 'tax_free_threshold_second_job':
        return this.t('exTftSecondJob');
      // The run's validation: what is not confirmed yet (or keeps someone from being paid), in words.
      case 'validation_warning':
        return s('validation_code') === 'cannot_calculate' || !d.requirements
          ? e.message
          : this.t(s('validation_code') === 'blocks_finalise' ? 'exBlocks' : 'exUnverified', {
              items: s('requirements')
                .split(', ')
                .map((k) => term(k, this.lng))
                .join(', '),
            });
      default:
        return e.message;
    }
  }
}
