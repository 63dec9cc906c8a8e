import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { emptyState, skeletonLines } from '../internal/states.js';
import { icons } from '../internal/icons.js';
import { fieldKey, fieldWords, financialYearOf, moneyStyles, runFor, stamp } from '../internal/money.js';
import { formStyles, renderField, type Field } from '../internal/forms.js';
import type { Lodgement, Me, PayRun, RailMessage, StpCorrection } from '../client/models.js';
import styles from './stp-submission.styles.js';
import { card, header } from '../internal/card.js';

interface Loaded {
  run: PayRun;
  lodgements: Lodgement[];
  me: Me | null;
  /** Voided runs that were lodged, whose payees' year to date the ATO still holds with their figures. */
  corrections: StpCorrection[];
}

/** The rail is still working on these: the element asks again until it answers. */
const OPEN: Lodgement['status'][] = ['submitted', 'processing'];
/** How often an open lodgement is read again. */
export const POLL_MS = 1500;

/** What the declaration is being made for: a run's pay event, a replacement, a correction, or a year's finalisation. */
type Declaring =
  | { kind: 'submit'; run: PayRun; resubmit: boolean }
  | { kind: 'replace'; lodgement: Lodgement }
  | { kind: 'correction'; correction: StpCorrection }
  | { kind: 'finalise-year'; year: number };
type Requested = Declaring['kind'];
/** Who may send reports to the ATO. */
const SENDERS = ['approver', 'admin'];

const DECLARER: Field = { name: 'declarer', label: 'stpDeclarer', required: true };
const ACCEPT: Field = { name: 'accept', label: 'stpDeclAccept', box: true };

/**
 * A pay run's Single Touch Payroll lodgements: each attempt with its status, times, and the ATO's errors
 * and warnings named by payee and field. An approver may submit a finalised run (and submit again after a
 * rejection) when the run's `allowed_actions` hold `submit`; an admin may ask for the year-end
 * finalisation. A voided run that was lodged leaves a correction pending (its payees' year to date, sent
 * by an update event), and an approver may replace the run's latest accepted pay event in full when it was
 * wrong. Each asks first for the payer's declaration the ATO requires with every report: the
 * declarer's name and that they accept its statement. Both are requests for the host's backend, which writes
 * them (declaration included) with its governance reason.
 * While the rail works on a lodgement the element reads it again until the ATO has answered.
 *
 * @summary Single Touch Payroll submission.
 * @event payrail-stp-submit - The declaration for "Submit to the ATO" or "Submit again" was made. Detail: `{ id, resubmit, declaration: { name, accepted: true } }`. Cancel it when your page handles it.
 * @event payrail-stp-replace - The declaration for "Replace this report" was made. Detail: `{ lodgement_id, declaration: { name, accepted: true } }`: send it to `POST …/lodgements/{lodgement_id}/replace`.
 * @event payrail-stp-send-correction - The declaration for "Send the correction" was made. Detail: `{ pay_run_id, financial_year, employee_ids, declaration }`: send it to `POST …/stp/update-events`.
 * @event payrail-stp-finalise-year - The declaration for "Finalise the year" was made. Detail: `{ financial_year, declaration: { name, accepted: true } }` (its starting year).
 * @event payrail-load - The lodgements were shown. Detail: `{ sample }`.
 * @event payrail-error - They could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - Title, run and the submit action.
 * @csspart lodgement - Each submission attempt.
 * @csspart messages - The ATO's errors or warnings of an attempt.
 * @csspart pill - A status pill.
 * @csspart button - Every button.
 * @csspart action-button - Submit, submit again and finalise the year; `[data-action]` tells them apart.
 * @csspart corrections - The corrections pending after a lodged run was voided.
 * @csspart year-end - The year-end finalisation section.
 * @csspart declaration - The payer's declaration asked for before a report is sent.
 * @csspart send-button - "Send to the ATO" of the declaration.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown before the first submission.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailStpSubmission extends PayrailElement {
  static override tag = 'stp-submission';
  static override styles = [tokens, moneyStyles, formStyles, styles];

  /** Defaults to the newest finalised run. */
  @property({ attribute: 'pay-run-id' }) payRunId?: string;
  @state() private requested?: Requested;
  @state() private year?: number;
  @state() private declaring?: Declaring;
  /** The declaration as typed: the declarer's name (null: the signed-in user's) and whether it is accepted. */
  @state() private decl: { name: string | null; accept: boolean } = { name: null, accept: false };
  @state() private declErrs: Record<string, string | undefined> = {};
  #poll?: ReturnType<typeof setTimeout>;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.payRunId] as const,
      task: async ([api, id], { signal }): Promise<Loaded> => {
        const run = await runFor(api, id, { signal });
        const [lodgements, me, corrections] = await Promise.all([
          api.lodgements(run.id, { signal }),
          api.me({ signal }).catch(() => null),
          // Corrections are an AU pack's (another pack answers 501) and never block the lodgements.
          this.cc === 'AU' ? api.stpCorrections({ signal }).catch(() => []) : Promise.resolve([]),
        ]);
        return { run, lodgements, me, corrections };
      },
    }),
  );

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#poll);
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    // Poll while the rail has not answered; each read skips the shared cache so it sees the new status.
    const latest = this.#data.value?.lodgements.at(-1);
    clearTimeout(this.#poll);
    if (latest && OPEN.includes(latest.status))
      this.#poll = setTimeout(() => {
        this.api.reset?.();
        void this.#data.run();
      }, POLL_MS);
  }

  override render() {
    return card(
      this.renderTask(
        this.#data,
        (d) => this.#body(d),
        // A poll keeps what is on screen until the new status arrives.
        () =>
          this.#data.value
            ? this.#body(this.#data.value)
            : html`${header(this.t('stpTitle'))} ${skeletonLines(5, this.t('loading'))}`,
      ),
    );
  }

  #body({ run, lodgements, me, corrections }: Loaded) {
    const latest = lodgements.at(-1);
    const canSubmit = (run.allowed_actions ?? []).includes('submit');
    const resubmit = latest?.status === 'rejected';
    const admin = me?.role === 'admin' && this.cc === 'AU';
    const sender = SENDERS.includes(me?.role ?? '') && this.cc === 'AU';
    // The latest pay event, accepted, of a run still lodged is the one the ATO lets be replaced in full.
    const replaceable =
      sender && run.status === 'lodged' && latest && ['accepted', 'accepted_with_warnings'].includes(latest.status)
        ? latest
        : undefined;
    return html`${header(this.t('stpTitle'), {
      sub: this.t('stpSub', { period: this.f.period(run.period_start, run.period_end) }),
      end: html`${this.sampleBadge()}
      ${latest ? html`<span class="pill s-${latest.status}" part="pill">${this.statusLabel(latest.status)}</span>` : nothing}
      ${
        canSubmit
          ? html`<div class="actions">
              <button
                class="btn primary"
                part="button action-button"
                data-action=${resubmit ? 'resubmit' : 'submit'}
                @click=${() => this.#declare({ kind: 'submit', run, resubmit })}
              >
                ${this.t(resubmit ? 'stpResubmit' : 'stpSubmit')}
              </button>
            </div>`
          : nothing
      }`,
    })}
    ${this.declaring?.kind === 'submit' ? this.#declaration(me) : nothing}
    ${corrections.length ? this.#corrections(corrections, me, sender) : nothing}
    ${
      latest && OPEN.includes(latest.status)
        ? html`<p class="note polling" role="status">${icons.clock}${this.t('stpPolling')}</p>`
        : nothing
    }
    ${
      lodgements.length
        ? html`<ol class="plain attempts">
            ${[...lodgements].reverse().map((l) => this.#lodgement(l))}
          </ol>`
        : emptyState(this.t('noLodgements'), this.t(canSubmit ? 'noLodgementsHint' : 'noLodgementsReadOnly'))
    }
    ${
      replaceable
        ? html`<div class="replace">
            <p class="sub">${this.t('stpReplaceHint')}</p>
            <button
              class="btn"
              part="button action-button"
              data-action="replace"
              @click=${() => this.#declare({ kind: 'replace', lodgement: replaceable })}
            >
              ${this.t('stpReplace')}
            </button>
            ${this.declaring?.kind === 'replace' ? this.#declaration(me) : nothing}
          </div>`
        : nothing
    }
    ${canSubmit || this.requested === 'submit' ? this.#hint('submit') : nothing}
    ${this.requested === 'replace' ? this.#hint('replace') : nothing} ${admin ? this.#yearEnd(run, me) : nothing}`;
  }

  #hint(kind: Requested) {
    const action = (
      {
        submit: 'stpSubmit',
        replace: 'stpReplace',
        correction: 'stpSendCorrection',
        'finalise-year': 'finaliseYear',
      } as const
    )[kind];
    return html`<p class="hint" aria-live="polite">
      ${
        this.requested === kind
          ? html`<span class="sent">${this.t('requested', { action: this.t(action) })}</span>`
          : this.t('actionsHint')
      }
    </p>`;
  }

  /** Voided runs the ATO still counts: each names its payment date and payees, with the update event to send. */
  #corrections(list: StpCorrection[], me: Me | null, sender: boolean) {
    return html`<section class="corrections" part="corrections" aria-labelledby="corr-title">
      <h3 id="corr-title">${this.t('stpCorrectionsTitle')}</h3>
      <p class="sub">${this.t('stpCorrectionsHint')}</p>
      <ul class="plain">
        ${list.map(
          (c) =>
            html`<li class="correction">
              <div class="top">
                <p>
                  ${this.t('stpCorrectionOf', {
                    date: this.f.date(c.payment_date),
                    n: c.employee_ids.length,
                  })}
                </p>
                <span class="pill s-processing" part="pill">${this.t('stpCorrectionPending')}</span>
              </div>
              ${
                sender
                  ? html`<button
                      class="btn"
                      part="button action-button"
                      data-action="send-correction"
                      @click=${() => this.#declare({ kind: 'correction', correction: c })}
                    >
                      ${this.t('stpSendCorrection')}
                    </button>`
                  : nothing
              }
              ${
                this.declaring?.kind === 'correction' && this.declaring.correction.pay_run_id === c.pay_run_id
                  ? this.#declaration(me)
                  : nothing
              }
            </li>`,
        )}
      </ul>
      ${this.requested === 'correction' ? this.#hint('correction') : nothing}
    </section>`;
  }

  #lodgement(l: Lodgement) {
    const id = `ldg-${l.attempt}`;
    const attempt = this.t('attemptN', { n: l.attempt });
    const title = l.full_file_replacement ? `${attempt} · ${this.t('stpReplacement')}` : attempt;
    return html`<li class="attempt" part="lodgement" aria-labelledby=${id}>
      <div class="top">
        <h3 id=${id}>${title}</h3>
        <span class="pill s-${l.status}">${this.statusLabel(l.status)}</span>
      </div>
      <dl class="figs">
        <div>
          <dt>${this.t('submittedAt')}</dt>
          <dd>${stamp(this.f.dateLocale, l.submitted_at)}</dd>
        </div>
        <div>
          <dt>${this.t('processedAt')}</dt>
          <dd>${stamp(this.f.dateLocale, l.processed_at)}</dd>
        </div>
        <div>
          <dt>${this.t('stpPayees')}</dt>
          <dd>${l.employee_count}</dd>
        </div>
      </dl>
      ${this.#messages('error', l.errors)} ${this.#messages('warning', l.warnings)}
      ${l.status === 'rejected' ? html`<p class="sub">${this.t('stpRejectedHint')}</p>` : nothing}
    </li>`;
  }

  #messages(kind: 'error' | 'warning', list: RailMessage[]) {
    if (!list.length) return nothing;
    return html`<div part="messages">
      <p class="label">${this.t(kind === 'error' ? 'stpErrors' : 'stpWarnings')}</p>
      <ul class="msgs">
        ${list.map((m) => {
          const key = fieldKey(m.field);
          const field = key ? this.t(key) : m.field ? fieldWords(m.field) : '';
          const who = m.employee_name ?? this.t('stpWhole');
          return html`<li class="msg ${kind}">
            <p><b>${field ? this.t('stpFieldOf', { name: who, field }) : who}</b></p>
            <p>${m.message}</p>
          </li>`;
        })}
      </ul>
    </div>`;
  }

  #yearEnd(run: PayRun, me: Me | null) {
    const fy = financialYearOf(run.payment_date);
    const year = this.year ?? fy;
    const label = (y: number) => `${y}–${String((y + 1) % 100).padStart(2, '0')}`;
    return html`<section class="year" part="year-end" aria-labelledby="year-title">
      <div>
        <h3 id="year-title">${this.t('yearEnd')}</h3>
        <p class="sub">${this.t('yearEndHint')}</p>
      </div>
      <div class="year-row">
        <label for="fy">${this.t('financialYear')}</label>
        <select id="fy" @change=${(e: Event) => (this.year = Number((e.target as HTMLSelectElement).value))}>
          ${[fy, fy - 1].map((y) => html`<option value=${y} ?selected=${y === year}>${label(y)}</option>`)}
        </select>
        <button
          class="btn"
          part="button action-button"
          data-action="finalise-year"
          @click=${() => this.#declare({ kind: 'finalise-year', year })}
        >
          ${this.t('finaliseYear')}
        </button>
      </div>
      ${this.declaring?.kind === 'finalise-year' ? this.#declaration(me) : nothing}
      ${this.requested === 'finalise-year' ? this.#hint('finalise-year') : nothing}
    </section>`;
  }

  #declare(d: Declaring) {
    this.declaring = d;
    this.decl = { name: null, accept: false };
    this.declErrs = {};
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#f-declarer')?.focus());
  }

  /** The ATO's payer declaration: the statement, who makes it, and the box that accepts it. */
  #declaration(me: Me | null) {
    const name = this.decl.name ?? me?.user?.name ?? '';
    const field = (f: Field, value: string, set: (v: string) => void) =>
      renderField(f, {
        t: (k) => this.t(k),
        value,
        error: this.declErrs[f.name],
        set,
        leave: () => {},
      });
    return html`<form
      class="declaration"
      part="declaration"
      novalidate
      aria-labelledby="decl-title"
      @submit=${(e: Event) => this.#send(e, name)}
    >
      <h3 id="decl-title">${this.t('stpDeclTitle')}</h3>
      <p class="statement">${this.t('stpDeclStatement')}</p>
      ${field(DECLARER, name, (v) => (this.decl = { ...this.decl, name: v }))}
      ${field(ACCEPT, String(this.decl.accept), (v) => (this.decl = { ...this.decl, accept: v === 'true' }))}
      <div class="decl-row">
        <button class="btn primary" part="button send-button" data-action="send-declaration">
          ${this.t('stpDeclSend')}
        </button>
        <button class="btn" part="button" type="button" @click=${() => (this.declaring = undefined)}>
          ${this.t('cancel')}
        </button>
      </div>
    </form>`;
  }

  #send(e: Event, typed: string) {
    e.preventDefault();
    const d = this.declaring;
    if (!d) return;
    const name = typed.trim();
    this.declErrs = {
      declarer: name ? undefined : this.t('errDeclarer'),
      accept: this.decl.accept ? undefined : this.t('errDeclAccept'),
    };
    if (!name || !this.decl.accept) {
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"], input[type="checkbox"]')?.focus(),
      );
      return;
    }
    const declaration = { name, accepted: true as const };
    const ev =
      d.kind === 'submit'
        ? this.emit('payrail-stp-submit', { id: d.run.id, resubmit: d.resubmit, declaration })
        : d.kind === 'replace'
          ? this.emit('payrail-stp-replace', { lodgement_id: d.lodgement.id, declaration })
          : d.kind === 'correction'
            ? this.emit('payrail-stp-send-correction', {
                pay_run_id: d.correction.pay_run_id,
                financial_year: d.correction.financial_year,
                employee_ids: d.correction.employee_ids,
                declaration,
              })
            : this.emit('payrail-stp-finalise-year', { financial_year: d.year, declaration });
    this.declaring = undefined;
    if (!ev.defaultPrevented) this.requested = d.kind;
  }
}
