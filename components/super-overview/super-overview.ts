import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { emptyState, skeletonTable } from '../internal/states.js';
import { icons } from '../internal/icons.js';
import { addMoney } from '../internal/format.js';
import { moneyStyles } from '../internal/money.js';
import type { MessageKey } from '../internal/i18n.js';
import { PayrailApiError } from '../client/errors.js';
import type { SuperLiability } from '../client/models.js';
import styles from './super-overview.styles.js';
import { card, header } from '../internal/card.js';

/** How many of the newest runs are shown before earlier ones are folded away. */
const RECENT = 3;

/** Liabilities, or `null` where the employer's country has no superannuation (the API answers 501). */
type Loaded = SuperLiability[] | null;

/**
 * Super owed after finalised pay runs: per pay run and fund, the super guarantee and salary sacrificed,
 * the due date by the rule of the run's pinned pack, whether a batch was generated, and overdue flagged.
 * Australian employers only: elsewhere it says that the country has no superannuation.
 *
 * @summary Super liabilities.
 * @event payrail-view-pay-run - A pay run's heading was pressed. Detail: `{ id }`.
 * @event payrail-load - The liabilities were shown. Detail: `{ sample }`.
 * @event payrail-error - They could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart run - Each pay run's group.
 * @csspart table - A run's table of funds.
 * @csspart row - Each fund's row.
 * @csspart pill - A status pill.
 * @csspart link - A pay run's heading, which opens the run.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when nothing is owed, or the country has no super.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailSuperOverview extends PayrailElement {
  static override tag = 'super-overview';
  static override styles = [tokens, moneyStyles, styles];

  /** Only this run's liabilities; every finalised run's without it. */
  @property({ attribute: 'pay-run-id' }) payRunId?: string;
  /** Earlier runs whose super was all sent are folded away until asked for. */
  @state() private all = false;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.payRunId] as const,
      task: async ([api, id], { signal }): Promise<Loaded> => {
        try {
          return await api.superLiabilities(id || undefined, { signal });
        } catch (e) {
          // A pack without super is a fact about the country, not a failure.
          if (e instanceof PayrailApiError && e.status === 501) return null;
          throw e;
        }
      },
    }),
  );

  override render() {
    return card(html`
      ${header(this.t('superTitle'), { sub: this.t('superSub'), end: this.sampleBadge() })}
      ${this.renderTask(
        this.#data,
        (d) =>
          d === null
            ? html`<div class="state info" part="empty" role="status" data-kind="no-super">
                <span class="state-icon">${icons.info}</span>
                <p class="state-title">${this.t('superNone')}</p>
                <p class="state-text">${this.t('superNoneHint')}</p>
              </div>`
            : d.length
              ? this.#runs(d)
              : emptyState(this.t('noSuper'), this.t('noSuperHint')),
        () => skeletonTable(4, 5, this.t('loading')),
      )}
    `);
  }

  #runs(all: SuperLiability[]) {
    const runs = new Map<string, SuperLiability[]>();
    for (const l of all) runs.set(l.pay_run_id, [...(runs.get(l.pay_run_id) ?? []), l]);
    // Newest payday first: what is due next is what a payroll officer looks for. Older runs whose batches
    // were all generated fold away; one still owed is always shown.
    const newest = [...runs.values()].reverse();
    const shown = this.all ? newest : newest.filter((ls, i) => i < RECENT || ls.some((l) => !l.batches.length));
    const folded = newest.length - shown.length;
    return html`${shown.map((ls, i) => this.#run(ls, i))}
    ${
      folded
        ? html`<div class="more">
            <button class="btn" part="button load-more-button" @click=${() => (this.all = true)}>
              ${this.t('superEarlier', { n: folded })}
            </button>
          </div>`
        : nothing
    }`;
  }

  #run(ls: SuperLiability[], i: number) {
    const first = ls[0];
    // Only AU packs owe super, and liabilities are in the employer's currency.
    const cur = 'AUD';
    const id = `run-${i}`;
    // Employees' own after-tax contributions get a column only in a run that has some.
    const personal = ls.some((l) => Number(l.personal) > 0);
    return html`<section class="run" part="run" aria-labelledby=${id}>
      <div class="run-head">
        <h3 id=${id}>
          <button class="link" part="link" @click=${() => this.emit('payrail-view-pay-run', { id: first.pay_run_id })}>
            ${this.t('superPaidOn', { date: this.f.date(first.payment_date) })}
          </button>
        </h3>
        <span class="sub">${this.t('total')}: <b>${this.f.money(addMoney(...ls.map((l) => l.total)), cur)}</b></span>
      </div>
      <div class="scroll">
        <table class="stack" part="table" aria-labelledby=${id}>
          <thead>
            <tr>
              <th scope="col">${this.t('fund')}</th>
              <th scope="col" class="num">${this.t('employees')}</th>
              <th scope="col" class="num">${this.t('superGuarantee')}</th>
              <th scope="col" class="num">${this.t('salarySacrifice')}</th>
              ${personal ? html`<th scope="col" class="num">${this.t('personalContributions')}</th>` : nothing}
              <th scope="col" class="num">${this.t('total')}</th>
              <th scope="col">${this.t('dueDate')}</th>
              <th scope="col">${this.t('status')}</th>
            </tr>
          </thead>
          <tbody>
            ${ls.map((l) => this.#row(l, cur, personal))}
          </tbody>
        </table>
      </div>
    </section>`;
  }

  #row(l: SuperLiability, cur: string, personal: boolean) {
    // Stacked on a phone, cells fill two columns: the one that lands in the right-hand column aligns right.
    const end = personal ? { total: '', due: 's-end', status: '' } : { total: 's-end', due: '', status: 's-end' };
    const state = l.batches.length ? 'generated' : l.overdue ? 'overdue' : 'due';
    const label = state === 'generated' ? this.t('batchGenerated') : this.t(state === 'overdue' ? 'overdue' : 'due');
    return html`<tr part="row">
      <td class="s-wide">
        <span class="strong">${l.fund.name}</span>
        ${l.fund.smsf ? html`<span class="sub"> · ${this.t('selfManaged')}</span>` : nothing}
      </td>
      <td class="num" data-label=${this.t('employees')}>${l.employee_count}</td>
      <td class="num" data-label=${this.t('superGuarantee')}>${this.f.money(l.super_guarantee, cur)}</td>
      <td class="num" data-label=${this.t('salarySacrifice')}>${this.f.money(l.salary_sacrifice, cur)}</td>
      ${
        personal
          ? html`<td class="num" data-label=${this.t('personalContributions')}>${this.f.money(l.personal, cur)}</td>`
          : nothing
      }
      <td class="num strong ${end.total}" data-label=${this.t('total')}>${this.f.money(l.total, cur)}</td>
      <td class=${end.due} data-label=${this.t('dueDate')}>
        ${this.f.date(l.due_date)}
        <span class="rule">${this.t(`rule_${l.due_rule}` as MessageKey)}</span>
      </td>
      <td class=${end.status} data-label=${this.t('status')}>
        <span class="pill s-${state}" part="pill">${label}</span>
      </td>
    </tr>`;
  }
}
