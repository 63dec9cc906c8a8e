import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { hasMessage } from '../internal/i18n.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { addMoney } from '../internal/format.js';
import { balance, balanceRow, ytdBlock } from '../internal/figures.js';
import { skeletonLines, skeletonTable } from '../internal/states.js';
import { RUNS_PAGE } from '../internal/summary.js';
import { PayrailApiError } from '../client/errors.js';
import type { MessageKey } from '../internal/i18n.js';
import type { Payslip, PayslipLine } from '../client/models.js';
import styles from './payslip-viewer.styles.js';
import { card, header } from '../internal/card.js';

/**
 * One employee's payslip for a finalised pay run: earnings, deductions, employer contributions,
 * net pay and, with `show-ytd`, year-to-date totals. Every block adds up: gross less tax and social
 * insurance, plus employer subsidies paid out with the pay (e.g. the German private health insurance
 * subsidy), is net; the employer's own contributions are shown apart, as not part of net pay. A run
 * that is not finalised yet says its payslips are not available yet.
 *
 * @summary Payslip.
 * @event payrail-print - Print was pressed. Detail: `{ pay_run_id, employee_id }`. Unless cancelled, the page's print dialog opens.
 * @event payrail-download - Download PDF was pressed. Detail: `{ pay_run_id, employee_id, url }`; fetch `url` with the token server-side or through your proxy.
 * @event payrail-load - The payslip was shown. Detail: `{ sample }`.
 * @event payrail-error - The payslip could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The payslip surface.
 * @csspart header - Employer and actions.
 * @csspart table - The line-item tables.
 * @csspart net - The net pay panel.
 * @csspart button - Every button (print, download, "Try again").
 * @csspart action-button - Print and download; `[data-action]` tells them apart.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The message shown when there is no payslip to show.
 * @csspart leave-taken - Leave taken in the period.
 * @csspart leave-balances - The leave balances after the period.
 * @csspart tax-declaration - The TFN declaration and the tax-free threshold answer the pay was worked out with (AU).
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayslipViewer extends PayrailElement {
  static override tag = 'payslip-viewer';
  static override styles = [tokens, styles];

  /** Defaults to the most recent finalised run. */
  @property({ attribute: 'pay-run-id' }) payRunId?: string;
  /** Defaults to the first payslip in the run (or the one the token is pinned to). */
  @property({ attribute: 'employee-id' }) employeeId?: string;
  @property({ type: Boolean, attribute: 'show-ytd' }) showYtd = false;

  // One request for the payslip shown: that employee's, or the run's first (a pinned token's own).
  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.payRunId, this.employeeId] as const,
      task: async ([api, runId, empId], { signal }): Promise<Payslip> => {
        const id =
          runId ||
          (await api.payRuns({ limit: RUNS_PAGE }, { signal })).data.find(
            (r) => r.status === 'finalised' || r.status === 'lodged',
          )?.id;
        // No finalised run yet: payslips are not available yet, which no retry changes.
        if (!id) throw new PayrailApiError({ code: 'not_available', message: 'No finalised pay run', status: 409 });
        if (empId) return api.payslip(id, empId, { signal });
        const [first] = await api.payslips(id, { signal, limit: 1 });
        if (!first) throw new PayrailApiError({ code: 'not_found', message: 'No payslip', status: 404 });
        return first;
      },
    }),
  );

  protected override errorMessage(e: unknown): string | undefined {
    if (e instanceof PayrailApiError && (e.code === 'state_conflict' || e.code === 'not_available'))
      return this.t('notFinal');
    if (e instanceof PayrailApiError && e.status === 404) return this.t('noPayslip');
    return undefined;
  }

  #print(s: Payslip) {
    const ev = this.emit('payrail-print', { pay_run_id: s.pay_run_id, employee_id: s.employee_id });
    if (!ev.defaultPrevented) window.print();
  }

  #download(s: Payslip) {
    this.emit('payrail-download', {
      pay_run_id: s.pay_run_id,
      employee_id: s.employee_id,
      url: this.api.pdfUrl(s.pay_run_id, s.employee_id),
    });
  }

  override render() {
    return card(
      html`
        ${this.renderTask(
          this.#data,
          (s) => this.#slip(s),
          () => html`${skeletonLines(3, this.t('loading'))}${skeletonTable(5, 3, this.t('loading'))}`,
        )}
      `,
      'article',
    );
  }

  #slip(s: Payslip) {
    const c = s.currency;
    const ded = addMoney(...s.deductions.map((d) => d.amount));
    const extra = balance(s.gross, s.net, ded);
    return html` ${header(s.employer.name, {
        eyebrow: this.t('payslip'),
        sub: s.employer.abn
          ? `ABN ${s.employer.abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4')}`
          : nothing,
        end: html`${this.sampleBadge()}
          <div class="actions">
            <button class="btn" part="button action-button" data-action="print" @click=${() => this.#print(s)}>
              ${icons.print}${this.t('print')}
            </button>
            <button
              class="btn primary"
              part="button action-button"
              data-action="download"
              @click=${() => this.#download(s)}
            >
              ${icons.download}${this.t('download')}
            </button>
          </div>`,
      })}
      <dl class="facts">
        <div>
          <dt>${this.t('employee')}</dt>
          <dd>${s.employee_name}</dd>
        </div>
        <div>
          <dt>${this.t('period')}</dt>
          <dd>${this.f.period(s.period_start, s.period_end)}</dd>
        </div>
        <div>
          <dt>${this.t('payDate')}</dt>
          <dd>${this.f.date(s.payment_date)}</dd>
        </div>
        <div>
          <dt>${this.t('frequency')}</dt>
          <dd>${this.statusLabel(s.employee?.pay_frequency ?? '')}</dd>
        </div>
      </dl>
      <div class="body">
        <div class="lines">
          ${this.#lines('earnings', s.earnings, c, this.t('grossPay'), s.gross, true, s.total_hours)}
          ${this.#lines('deductions', s.deductions, c, this.t('totalDeductions'), ded)}
          ${
            s.contributions?.length
              ? html`${this.#lines(this.cc === 'AU' ? 'employerSuper' : 'contributions', s.contributions, c)}
                  <p class="note">${this.t('employerPaid')}</p>`
              : nothing
          }
        </div>
        <aside class="side">
          <div class="net" part="net">
            <span>${this.t('netPay')}</span>
            <strong>${this.f.money(s.net, c)}</strong>
            <dl class="calc">
              <div>
                <dt>${this.t('gross')}</dt>
                <dd>${this.f.money(s.gross, c)}</dd>
              </div>
              <div>
                <dt>${this.t('deductions')}</dt>
                <dd>−${this.f.money(ded, c)}</dd>
              </div>
              ${balanceRow(extra, c, (k) => this.t(k), this.f)}
            </dl>
            ${s.payment?.account_last3 ? html`<p class="paid">${this.t('paidTo', { acct: [s.payment.bsb, `•••${s.payment.account_last3}`].filter(Boolean).join(' ') })}</p>` : nothing}
          </div>
          ${
            s.leave?.length
              ? html`<section aria-labelledby="lv">
                  <h3 id="lv">${this.t('leave')}</h3>
                  <dl class="calc">
                    ${s.leave.map(
                      (l) =>
                        html`<div>
                          <dt>${l.label}</dt>
                          <dd>${this.t('hoursN', { n: this.f.num(l.hours, { maximumFractionDigits: 2 }) })}</dd>
                        </div>`,
                    )}
                  </dl>
                </section>`
              : nothing
          }
          ${this.#declaration(s)} ${this.#leave(s)}
          ${this.showYtd && s.ytd ? ytdBlock(s.ytd, c, (k) => this.t(k), this.f) : nothing}
        </aside>
      </div>`;
  }

  /** The TFN declaration on the payment date and the tax-free threshold answer, as the API states them. */
  #declaration(s: Payslip) {
    const d = s.tax_declaration;
    if (!d) return nothing;
    const stateKey = `decl_${d.state}`;
    const threshold = d.tax_free_threshold
      ? 'thresholdClaimed'
      : d.tax_free_threshold_answered
        ? 'thresholdNotClaimed'
        : 'thresholdOpen';
    // A group, not a landmark: a page may hold the tax declaration form, whose region has this name.
    return html`<div role="group" aria-labelledby="td" part="tax-declaration">
      <h3 id="td">${this.t('taxDeclaration')}</h3>
      <dl class="calc">
        <div>
          <dt>${this.t('tfnRow')}</dt>
          <dd>${hasMessage(stateKey) ? this.t(stateKey) : d.state}</dd>
        </div>
        <div>
          <dt>${this.t('taxFreeThresholdQ')}</dt>
          <dd>${this.t(threshold)}</dd>
        </div>
      </dl>
      ${d.no_tfn_rate ? html`<p class="note">${this.t('noTfnRate')}</p>` : nothing}
    </div>`;
  }

  /** Leave taken in the period (from its bookings) and the balances after it. */
  #leave(s: Payslip) {
    const qty = (v: string, unit: string) =>
      this.t(unit === 'hours' ? 'dayUnitH' : 'dayUnitD', {
        n: this.f.num(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      });
    const balKey = (type: string) => `bal_${type}`;
    return html`${
      s.leave_taken?.length
        ? html`<section aria-labelledby="lt" part="leave-taken">
            <h3 id="lt">${this.t('leaveTaken')}</h3>
            <dl class="calc">
              ${s.leave_taken.map(
                (l) =>
                  html`<div>
                    <dt>${l.label}${l.paid ? nothing : html` (${this.t('unpaidMark')})`}</dt>
                    <dd>${qty(l.quantity, l.unit)}</dd>
                  </div>`,
              )}
            </dl>
          </section>`
        : nothing
    }
    ${
      s.leave_balances?.length
        ? html`<section aria-labelledby="lb" part="leave-balances">
            <h3 id="lb">${this.t('leaveLeft')}</h3>
            <dl class="calc">
              ${s.leave_balances.map(
                (b) =>
                  html`<div>
                    <dt>
                      ${hasMessage(balKey(b.leave_type)) ? this.t(balKey(b.leave_type) as MessageKey) : b.leave_type}
                    </dt>
                    <dd>${qty(b.balance, b.unit)}</dd>
                  </div>`,
              )}
            </dl>
          </section>`
        : nothing
    }`;
  }

  #lines(
    title: MessageKey,
    rows: PayslipLine[],
    cur: string,
    totalLabel?: string,
    total?: string,
    detail = false,
    // The hours paid, each once (from the API: a loading's hours are already counted on another line).
    totalHours?: string | null,
  ) {
    const hoursTotal = totalHours ? this.f.num(totalHours, { maximumFractionDigits: 2 }) : '';
    const id = `t-${title}`;
    return html`<section aria-labelledby=${id}>
      <h3 id=${id}>${this.t(title)}</h3>
      <table part="table" aria-labelledby=${id}>
        <thead>
          <tr>
            <th scope="col">${this.t('description')}</th>
            ${
              detail
                ? html`<th scope="col" class="num if-wide">${this.t('hours')}</th>
                    <th scope="col" class="num if-wide">${this.t('rate')}</th>`
                : nothing
            }
            <th scope="col" class="num">${this.t('amount')}</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map((r) => {
            const h = r.hours != null && r.hours !== '' ? this.f.num(r.hours, { maximumFractionDigits: 2 }) : '';
            const rate = r.rate ? this.f.money(r.rate, cur) : '';
            // Narrow layouts drop the hours and rate columns and show them under the description.
            return html`<tr>
              <td>
                ${r.label}
                ${
                  detail && (h || rate)
                    ? html`<span class="qty if-narrow"
                        >${[h && this.t('hoursN', { n: h }), rate].filter(Boolean).join(' × ')}</span
                      >`
                    : nothing
                }
              </td>
              ${
                detail
                  ? html`<td class="num if-wide">${h || '—'}</td>
                      <td class="num if-wide">${rate || '—'}</td>`
                  : nothing
              }
              <td class="num">${this.f.money(r.amount, cur)}</td>
            </tr>`;
          })}
        </tbody>
        ${
          total != null
            ? html`<tfoot>
                <tr>
                  <th scope="row">
                    ${totalLabel}
                    ${
                      detail && hoursTotal
                        ? html`<span class="qty if-narrow"
                            >${this.t('totalHours')}: ${this.t('hoursN', { n: hoursTotal })}</span
                          >`
                        : nothing
                    }
                  </th>
                  ${
                    detail
                      ? html`<td class="num if-wide" aria-label=${this.t('totalHours')}>${hoursTotal}</td>
                          <td class="if-wide"></td>`
                      : nothing
                  }
                  <td class="num">${this.f.money(total, cur)}</td>
                </tr>
              </tfoot>`
            : nothing
        }
      </table>
    </section>`;
  }
}
