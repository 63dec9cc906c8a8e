// "New pay run" on the pay-runs list: the next period of each pay schedule that has no run yet, or an
// off-cycle run on dates the preparer chooses. The list never creates a run on its own authority: it hands
// the checked dates to the page (`payrail-save`), which writes them with its governance reason.
import { html, nothing, type TemplateResult } from 'lit';
import { PayrailApiError } from '../client/errors.js';
import type { PayRun, PaySchedule, PayrailApi, WriteBody } from '../client/models.js';
import { fieldError, renderField, type Field } from '../internal/forms.js';
import { SaveController } from '../internal/save-controller.js';
import type { ElementPort } from '../internal/payrail-element.js';
import type { MessageKey } from '../internal/i18n.js';
import type { PayrailEventMap } from '../internal/events.js';

/** A schedule's next period that no run covers yet. */
export interface RunOffer {
  schedule: string;
  name: string;
  frequency: PaySchedule['frequency'];
  period_start: string;
  period_end: string;
  payment_date: string;
}

const covers = (r: PayRun, frequency: string, start: string, end: string) =>
  r.status !== 'voided' && r.pay_frequency === frequency && r.period_start <= end && r.period_end >= start;

/** Each active schedule's first upcoming period without a run of its frequency (none when all have one). */
export function nextRuns(schedules: PaySchedule[], runs: PayRun[]): RunOffer[] {
  return schedules
    .filter((s) => s.status === 'active')
    .flatMap((s) => {
      const p = s.next_pay_dates.find((d) => !runs.some((r) => covers(r, s.frequency, d.period_start, d.period_end)));
      return p
        ? [
            {
              schedule: s.id,
              name: s.name,
              frequency: s.frequency,
              period_start: p.period_start,
              period_end: p.period_end,
              payment_date: p.payment_date,
            },
          ]
        : [];
    });
}

const OFF_CYCLE = 'off-cycle';
const FREQUENCIES = ['weekly', 'fortnightly', 'monthly', 'quarterly'] as const;
const DATES: Field[] = [
  { name: 'period_start', label: 'periodStart', type: 'date', required: true },
  { name: 'period_end', label: 'periodEnd', type: 'date', required: true },
  { name: 'payment_date', label: 'payDate', type: 'date', required: true },
];
const FREQUENCY: Field = {
  name: 'pay_frequency',
  label: 'frequency',
  options: FREQUENCIES.map((f) => [f, f] as const),
};

/** What the panel needs from the list that holds it. */
export interface NewRunHost {
  api(): PayrailApi;
  /** The list as the controller of its writes sees it. */
  port(): ElementPort;
  governanceReason(): string | undefined;
  t(key: MessageKey, vars?: Record<string, string | number>): string;
  period(start: string, end: string): string;
  date(iso: string): string;
  emit<K extends 'payrail-save' | 'payrail-cancel'>(name: K, detail: PayrailEventMap[K]): CustomEvent;
  requestUpdate(): void;
  updated(): Promise<boolean>;
  root(): HTMLElement | DocumentFragment;
  /** The run was created here (the element wrote it itself): show the list again from the start. */
  created(): void;
}

type Phase = 'closed' | 'loading' | 'edit';

/** The form's state and markup; the list shows its button in the header and the form under it. */
export class NewRunPanel {
  #phase: Phase = 'closed';
  #offers: RunOffer[] = [];
  #choice = OFF_CYCLE;
  #values: Record<string, string> = {};
  #errors: Record<string, string> = {};
  #note: MessageKey | null = null;

  #save: SaveController;

  constructor(private readonly host: NewRunHost) {
    this.#save = new SaveController(host.port(), {
      allow: 'pay-runs-list',
      reason: () => host.governanceReason(),
      reload: () => host.created(),
      fieldOf: (path) => (this.#fields().some((f) => f.name === path) ? path : ''),
      message: (err) => (err instanceof PayrailApiError && err.status === 409 ? host.t('runOverlaps') : undefined),
    });
  }

  get open(): boolean {
    return this.#phase !== 'closed';
  }

  #update() {
    this.host.requestUpdate();
  }

  /** "New pay run": loads what the schedules offer next and opens the form on the first of it. */
  async start(): Promise<void> {
    this.#phase = 'loading';
    this.#note = null;
    this.#errors = {};
    this.#update();
    try {
      const schedules = await this.host.api().paySchedules();
      const frequencies = [...new Set(schedules.map((s) => s.frequency))];
      const runs = (
        await Promise.all(
          frequencies.map((f) =>
            this.host
              .api()
              .payRuns({ q: f, limit: 10 })
              .then((l) => l.data),
          ),
        )
      ).flat();
      this.#offers = nextRuns(schedules, runs);
    } catch {
      // Without the schedules an off-cycle run can still be entered.
      this.#offers = [];
    }
    this.#pick(this.#offers[0]?.schedule ?? OFF_CYCLE);
    this.#phase = 'edit';
    this.#update();
    await this.host.updated();
    this.host.root().querySelector<HTMLInputElement>('input[name="run-kind"]:checked')?.focus();
  }

  /** The period of the chosen schedule, or empty dates for an off-cycle run. */
  #pick(choice: string) {
    this.#choice = choice;
    const o = this.#offers.find((x) => x.schedule === choice);
    this.#values = o
      ? { period_start: o.period_start, period_end: o.period_end, payment_date: o.payment_date }
      : { pay_frequency: '' };
    this.#errors = {};
    this.#update();
  }

  #fields(): Field[] {
    return this.#choice === OFF_CYCLE ? [...DATES, FREQUENCY] : DATES;
  }

  #payload(): Record<string, string> {
    const o = this.#offers.find((x) => x.schedule === this.#choice);
    const frequency = o?.frequency ?? this.#values.pay_frequency;
    return {
      period_start: this.#values.period_start,
      period_end: this.#values.period_end,
      payment_date: this.#values.payment_date,
      ...(frequency ? { pay_frequency: frequency } : {}),
    };
  }

  #submit(e: Event) {
    e.preventDefault();
    if (this.#save.busy) return;
    const t = (k: MessageKey) => this.host.t(k);
    const own = Object.fromEntries(this.#fields().map((f) => [f.name, fieldError(f, this.#values[f.name], t)]));
    this.#errors = own;
    if (Object.values(own).some(Boolean)) return this.#focusInvalid();
    const payload = this.#payload();
    this.#save.run(
      { form: 'pay-runs-list', payload, request: { method: 'POST', path: '/pay-runs' } },
      // The fields are generic (text by name), so the body is a record of strings; the API checks the dates.
      (reason) => this.host.api().write('POST', '/pay-runs', [], payload as WriteBody<'/pay-runs', 'POST'>, reason),
      (r) => {
        if (r.status !== 'refused') return this.#close(r.status === 'written' ? 'runCreated' : 'handedOver');
        this.#errors = r.errors;
        void this.#focusInvalid();
      },
    );
  }

  async #focusInvalid() {
    this.#update();
    await this.host.updated();
    this.host.root().querySelector<HTMLElement>('.new-run [aria-invalid="true"], .new-run .ferr')?.focus();
  }

  #close(note: MessageKey | null) {
    this.#phase = 'closed';
    this.#values = {};
    this.#errors = {};
    this.#note = note;
    this.#update();
  }

  async #cancel() {
    this.host.emit('payrail-cancel', { form: 'pay-runs-list' });
    this.#close(null);
    await this.host.updated();
    this.host.root().querySelector<HTMLElement>('[part~="new-run-button"]')?.focus();
  }

  /** The header's button (while the form is closed) and what became of the last run handed over. */
  button(): TemplateResult {
    return html`${
      this.#note
        ? html`<p class="nr-note" part="new-run-note" aria-live="polite">${this.host.t(this.#note)}</p>`
        : nothing
    }
    ${
      this.open
        ? nothing
        : html`<button type="button" class="btn primary" part="button new-run-button" @click=${() => void this.start()}>
            ${this.host.t('newPayRun')}
          </button>`
    }`;
  }

  /** The form under the header while it is open. */
  panel(): TemplateResult | typeof nothing {
    if (this.#phase === 'closed') return nothing;
    const t = (k: MessageKey) => this.host.t(k);
    if (this.#phase === 'loading')
      return html`<div class="new-run" part="new-run" role="status"><p class="nr-lead">${t('loading')}</p></div>`;
    const general = this.#errors[''];
    const kinds = [
      ...this.#offers.map((o) => ({
        value: o.schedule,
        label: this.host.t('nextScheduled', { name: o.name }),
        sub: this.host.t('periodPaid', {
          period: this.host.period(o.period_start, o.period_end),
          date: this.host.date(o.payment_date),
        }),
      })),
      { value: OFF_CYCLE, label: t('offCycleRun'), sub: t('offCycleHint') },
    ];
    return html`<form
      class="new-run"
      part="new-run"
      novalidate
      aria-labelledby="nr-title"
      @submit=${(e: Event) => void this.#submit(e)}
    >
      <h3 id="nr-title">${t('newPayRun')}</h3>
      <fieldset class="kinds">
        <legend>${t('runKind')}</legend>
        ${kinds.map(
          (k) =>
            html`<label class="kind">
              <input
                type="radio"
                name="run-kind"
                .value=${k.value}
                .checked=${this.#choice === k.value}
                @change=${() => this.#pick(k.value)}
              />
              <span><b>${k.label}</b><span class="sub">${k.sub}</span></span>
            </label>`,
        )}
      </fieldset>
      <div class="fields">
        ${this.#fields().map((f) =>
          renderField(f, {
            t,
            value: this.#values[f.name] ?? '',
            error: this.#errors[f.name],
            set: (v) => {
              this.#values = { ...this.#values, [f.name]: v };
              if (this.#errors[f.name]) this.#errors = { ...this.#errors, [f.name]: '' };
              this.#update();
            },
            leave: () => {
              this.#errors = { ...this.#errors, [f.name]: fieldError(f, this.#values[f.name], t) };
              this.#update();
            },
          }),
        )}
      </div>
      ${general ? html`<p class="ferr" role="alert" tabindex="-1">${general}</p>` : nothing}
      <div class="bar">
        <button type="button" class="btn" part="button cancel-button" @click=${() => void this.#cancel()}>
          ${t('cancel')}
        </button>
        <button class="btn primary" part="button create-button" aria-disabled=${this.#save.busy ? 'true' : 'false'}>
          ${t('createPayRun')}
        </button>
      </div>
    </form>`;
  }
}
