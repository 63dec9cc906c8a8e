import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { stepper } from '../internal/stepper.styles.js';
import { fieldError, formStyles, renderField } from '../internal/forms.js';
import { SaveController } from '../internal/save-controller.js';
import { skeletonLines } from '../internal/states.js';
import { icons } from '../internal/icons.js';
import { hasMessage } from '../internal/i18n.js';
import { asked, assemble, fieldAt, STEPS, type Draft, type Step, type StepField } from './steps.js';
import type { SettingsSegment, WriteBody } from '../client/models.js';
import { card, header } from '../internal/card.js';

type Settings<S extends SettingsSegment> = WriteBody<`/employees/{employeeId}/${S}`, 'PATCH'>;

type Phase = 'edit' | 'created' | 'handed';
const FORM = 'employee-onboarding';

/** An identifier as the review shows it: its last four characters only. */
const masked = (v: string) => `•••• ${v.replace(/[\s-]/g, '').slice(-4)}`;

const styles = css`
  h3 {
    margin: 0 0 12px;
    font-size: 15px;
  }
  h3:focus {
    outline: none;
  }
  .hint,
  .done {
    display: flex;
    gap: 8px;
    align-items: center;
    margin: 0 0 12px;
    color: var(--_muted);
    font-size: 13px;
  }
  .done {
    padding: 20px;
    margin: 0;
    color: var(--_text);
  }
  .review {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr));
    gap: 16px;
  }
  .review h4 {
    margin: 0 0 6px;
    font-size: 13px;
    color: var(--_muted);
    font-weight: 600;
  }
  .review dl {
    margin: 0;
    display: grid;
    gap: 4px;
  }
  .review dl > div {
    display: flex;
    justify-content: space-between;
    gap: 12px;
    font-size: 13px;
  }
  .review dt {
    color: var(--_muted);
  }
  .review dd {
    margin: 0;
    text-align: right;
    overflow-wrap: anywhere;
  }
`;

/**
 * A new employee, step by step: personal details, employment, tax, super (AU) or social insurance (DE),
 * bank account, review. Each step is checked as it is left against the API's own rules (a draft check
 * that writes nothing); identifiers (TFN, Steuer-ID, SV-Nummer, account number, IBAN) are checked by their
 * check digits here and never sent to the check. Progress survives a reload (session storage, without
 * identifiers). Finishing emits a cancelable `payrail-save` with the draft for the page's backend to
 * write; the element writes itself only when the page lets the event through, the token allows this form
 * and it has a `governance-reason`. Then `payrail-complete` follows.
 *
 * @summary Employee onboarding wizard.
 * @attr governance-reason - The reason the element writes with when the page lets it write (3-500 characters).
 * @event payrail-save - The draft passed every check. Detail: `{ form, payload: { employee, bank, pension? } }`, identifiers as typed; cancel it when your backend writes it.
 * @event payrail-complete - The employee was added (`employee_id`) or passed on. Detail: `{ form, employee, employee_id? }`, identifiers masked.
 * @event payrail-cancel - The wizard was abandoned; what was typed is dropped. Detail: `{ form }`.
 * @event payrail-load - The wizard is ready. Detail: `{ sample }`.
 * @event payrail-error - It could not start. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title.
 * @csspart stepper - The progress steps.
 * @csspart input - Each input and choice.
 * @csspart review - The review of what will be sent.
 * @csspart button - Every button.
 * @csspart back-button - "Back".
 * @csspart next-button - "Next", and "Add employee" on the review.
 * @csspart cancel-button - "Cancel".
 * @csspart retry-button - "Try again" after a failed start.
 * @csspart error - The error message of a failed start.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailEmployeeOnboarding extends PayrailElement {
  static override tag = 'employee-onboarding';
  static override styles = [tokens, stepper, formStyles, styles];

  @property({ attribute: 'governance-reason' }) governanceReason?: string;

  @state() private step = 0;
  @state() private values: Record<string, string> = {};
  @state() private errors: Record<string, string> = {};
  @state() private phase: Phase = 'edit';
  @state() private restored = false;
  /** Set once the employee exists, so a retry after a failed bank or fund write does not add them twice. */
  #created?: string;
  #storedFor?: string;

  /** Who the token is: its allowlist decides whether the element may write itself. */
  protected me = this.watch(
    new Task(this, { args: () => [this.api] as const, task: ([api], { signal }) => api.me({ signal }) }),
  );

  #save = new SaveController(this.port, {
    // The token's allowlist as loaded: the wizard is shown only once `me` is known.
    allow: () => !!this.me.value && ['*', FORM].some((c) => this.me.value!.components.includes(c)),
    reason: () => this.governanceReason,
    // A write answers with the path inside its own body: the bank and fund writes' fields are theirs.
    fieldOf: (path) =>
      (fieldAt(this.#fields, path) ?? this.#fields.find((x) => x.name === path.split('.').at(-1)))?.name ?? '',
  });

  get #steps(): Step[] {
    return STEPS[this.cc] ?? STEPS.AU!;
  }
  get #fields(): StepField[] {
    return this.#steps.flatMap((s) => s.fields);
  }
  get #key() {
    return `payrail-onboarding:${this.tenantId ?? 'sample'}:${this.cc}`;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (this.#storedFor !== this.#key) this.#restore();
  }

  /** Progress from earlier in this tab: the step and what was typed, identifiers never among it. */
  #restore() {
    this.#storedFor = this.#key;
    try {
      const kept = JSON.parse(sessionStorage.getItem(this.#key) ?? 'null') as {
        step: number;
        values: Record<string, string>;
      } | null;
      if (!kept) return;
      this.values = kept.values;
      this.step = Math.min(kept.step, this.#steps.length - 1);
      this.restored = this.step > 0 || Object.keys(kept.values).length > 0;
    } catch {
      sessionStorage.removeItem(this.#key);
    }
  }

  #keep() {
    const secret = new Set(this.#fields.filter((f) => f.secret).map((f) => f.name));
    const values = Object.fromEntries(Object.entries(this.values).filter(([k, v]) => v && !secret.has(k)));
    try {
      sessionStorage.setItem(this.#key, JSON.stringify({ step: this.step, values }));
    } catch {
      // Storage refused (private mode, full): progress is then kept only while the page is open.
    }
  }

  #forget() {
    sessionStorage.removeItem(this.#key);
    this.values = {};
    this.errors = {};
    this.step = 0;
    this.restored = false;
    this.#created = undefined;
  }

  override render() {
    return card(html`
      ${header(this.t('onboarding'), { end: this.sampleBadge() })}
      ${this.renderTask(
        this.me,
        () => this.#body(),
        () => skeletonLines(6, this.t('loading')),
      )}
    `);
  }

  #body() {
    if (this.phase === 'created' || this.phase === 'handed')
      return html`<p class="done" role="status">
        ${icons.check}<span>${this.t(this.phase === 'created' ? 'created' : 'onboardingHanded')}</span>
      </p>`;
    const steps = this.#steps;
    const step = steps[this.step];
    const last = this.step === steps.length - 1;
    const general = this.errors[''];
    return html`${this.#stepper(steps)}
      <form novalidate @submit=${(e: Event) => this.#next(e)}>
        <h3 id="step" tabindex="-1">
          ${this.t('stepOf', { n: this.step + 1, total: steps.length, step: this.t(step.label) })}
        </h3>
        ${this.restored ? html`<p class="hint" role="note">${icons.info}<span>${this.t('restored')}</span></p>` : nothing}
        ${
          last
            ? this.#review(steps)
            : html`<div class="fields">${asked(step.fields, this.values).map((f) => this.#input(f))}</div>`
        }
        ${general ? html`<p class="ferr" role="alert">${icons.alert}<span>${general}</span></p>` : nothing}
        <div class="bar">
          <p class="note" aria-live="polite">${this.#save.busy ? this.t('checking') : ''}</p>
          <button type="button" class="btn" part="button cancel-button" @click=${this.#cancel}>
            ${this.t('cancel')}
          </button>
          ${
            this.step > 0
              ? html`<button
                  type="button"
                  class="btn"
                  part="button back-button"
                  @click=${() => this.#go(this.step - 1)}
                >
                  ${this.t('back')}
                </button>`
              : nothing
          }
          <button class="btn primary" part="button next-button" aria-disabled=${this.#save.busy ? 'true' : 'false'}>
            ${this.t(last ? 'finish' : 'next')}
          </button>
        </div>
      </form>`;
  }

  #stepper(steps: Step[]) {
    return html`<ol class="steps" part="stepper" aria-label=${this.t('onboardingSteps')}>
      ${steps.map((s, i) => {
        const state = i < this.step ? 'done' : i === this.step ? 'current' : 'todo';
        return html`<li class=${state} aria-current=${i === this.step ? 'step' : 'false'}>
          <span class="dot">${state === 'done' ? icons.check : i + 1}</span><span>${this.t(s.label)}</span>
        </li>`;
      })}
    </ol>`;
  }

  #input(f: StepField) {
    return renderField(f, {
      t: (k) => this.t(k),
      value: this.values[f.name] ?? '',
      error: this.errors[f.name],
      set: (v) => {
        this.values = { ...this.values, [f.name]: v };
        if (this.errors[f.name]) this.errors = { ...this.errors, [f.name]: '' };
        this.#keep();
      },
      leave: () => void this.#leave(f),
    });
  }

  /** What will be sent, step by step; identifiers by their last digits only. */
  #review(steps: Step[]) {
    return html`<p class="hint">${this.t('reviewNote')}</p>
      <div class="review" part="review">
        ${steps.slice(0, -1).map(
          (s) =>
            html`<section>
              <h4>${this.t(s.label)}</h4>
              <dl>
                ${asked(s.fields, this.values).map((f) => {
                  const shown = this.#shown(f);
                  return shown === null
                    ? nothing
                    : html`<div>
                        <dt>${this.t(f.label)}</dt>
                        <dd>${shown}</dd>
                      </div>`;
                })}
              </dl>
            </section>`,
        )}
      </div>`;
  }

  #shown(f: StepField): string | null {
    const v = (this.values[f.name] ?? '').trim();
    if (f.box) return this.t(v === 'true' ? 'yes' : 'no');
    if (!v) return null;
    if (f.secret) return masked(v);
    const option = f.options?.find(([o]) => o === v)?.[1];
    if (option) return hasMessage(option) ? this.t(option) : option;
    if (f.options && hasMessage(v)) return this.t(v);
    if (f.name === 'annual_salary' || f.name === 'hourly_rate')
      return this.f.money(String(f.parse ? f.parse(v) : v), this.cc === 'DE' ? 'EUR' : 'AUD');
    return f.type === 'date' ? this.f.date(v) : v;
  }

  #clientErrors(all: StepField[]): Record<string, string> {
    const fields = asked(all, this.values);
    const out = Object.fromEntries(fields.map((f) => [f.name, fieldError(f, this.values[f.name], (k) => this.t(k))]));
    // A pay rate is either a salary or an hourly rate; the pay run cannot go ahead without one.
    if (
      fields.some((f) => f.name === 'annual_salary') &&
      !this.values.annual_salary?.trim() &&
      !this.values.hourly_rate?.trim()
    )
      out.annual_salary ||= this.t('errPayRate');
    return out;
  }

  /** The API's rules on the draft so far, without identifiers: each field's first broken rule, '' for the rest. */
  async #serverErrors(): Promise<Record<string, string>> {
    if (!this.api.live) return {};
    const fields = this.#fields;
    const draft = assemble(fields, this.values, false, this.cc);
    if (this.cc !== 'AU') delete draft.pension;
    const v = await this.api.check('/employees/validate', [], draft);
    const out: Record<string, string> = {};
    for (const x of v.violations) {
      const f = fieldAt(fields, x.path);
      // An identifier typed here was withheld from the check: a rule on it is about its absence, not its value.
      if (f?.secret && this.values[f.name]?.trim()) continue;
      out[f?.name ?? ''] ||= x.message;
    }
    return out;
  }

  async #leave(f: StepField) {
    const own = fieldError(f, this.values[f.name], (k) => this.t(k));
    if (own || f.secret || !this.values[f.name]?.trim()) {
      this.errors = { ...this.errors, [f.name]: own };
      return;
    }
    const server = await this.#serverErrors().catch(() => ({}) as Record<string, string>);
    this.errors = { ...this.errors, [f.name]: server[f.name] ?? '' };
  }

  #go(step: number) {
    this.step = step;
    this.errors = {};
    this.#keep();
    this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#step')?.focus());
  }

  #focusFirst() {
    this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  /** The first step holding one of these errors, with the errors of that step shown. */
  #showAt(errors: Record<string, string>, upTo: number): boolean {
    const steps = this.#steps;
    for (let i = 0; i <= upTo; i++) {
      const names = new Set(steps[i].fields.map((f) => f.name));
      const here = Object.fromEntries(Object.entries(errors).filter(([k, v]) => v && names.has(k)));
      if (Object.keys(here).length === 0) continue;
      if (i !== this.step) this.step = i;
      this.errors = here;
      this.#focusFirst();
      return true;
    }
    return false;
  }

  #next(e: Event) {
    e.preventDefault();
    if (this.#save.busy) return;
    const steps = this.#steps;
    const last = this.step === steps.length - 1;
    const upTo = last ? steps.length - 2 : this.step;
    const own = this.#clientErrors(steps.slice(0, upTo + 1).flatMap((s) => s.fields));
    if (this.#showAt(own, upTo)) return;
    this.#save.hold(async () => {
      let server: Record<string, string>;
      try {
        server = await this.#serverErrors();
      } catch (err) {
        return this.#refused(this.#save.errorsOf(err));
      }
      if (this.#showAt(server, upTo)) return;
      if (!last) return this.#go(this.step + 1);
      if (server['']) return void (this.errors = { '': server[''] });
      return this.#finish();
    });
  }

  #finish() {
    const draft = assemble(this.#fields, this.values, true, this.cc);
    if (this.cc !== 'AU') delete draft.pension;
    return this.#save.send(
      { form: FORM, payload: draft },
      (reason) => this.#write(draft, reason),
      (r) => {
        if (r.status === 'refused') return this.#refused(r.errors);
        const id = r.status === 'written' ? r.value : undefined;
        const employee = this.#masked();
        this.#forget();
        this.phase = id ? 'created' : 'handed';
        this.emit('payrail-complete', { form: FORM, employee, ...(id ? { employee_id: id } : {}) });
      },
    );
  }

  /** The employee, then the bank account and the fund on it, each a governed write with the element's reason. */
  async #write(draft: Draft, reason: string): Promise<string> {
    // The draft is assembled from the steps' generic fields (see `assemble`), so its parts are open records: the
    // API's validation (checked before this) holds them to the schema, not the compiler.
    const employee = draft.employee as WriteBody<'/employees', 'POST'>;
    const bank = draft.bank as Settings<'bank-accounts'> | undefined;
    const pension = draft.pension as Settings<'pension'> | undefined;
    const id = (this.#created ??= (await this.api.write('POST', '/employees', [], employee, reason)).id);
    if (bank) await this.api.write('PATCH', '/employees/{employeeId}/bank-accounts', [id], bank, reason);
    if (pension) await this.api.write('PATCH', '/employees/{employeeId}/pension', [id], pension, reason);
    return id;
  }

  /** The draft as the review shows it: identifiers by their last digits. */
  #masked(): Draft {
    const shown = Object.fromEntries(
      this.#fields.map((f) => [
        f.name,
        f.secret && this.values[f.name]?.trim() ? masked(this.values[f.name]) : this.values[f.name],
      ]),
    ) as Record<string, string>;
    return assemble(this.#fields, shown, true, this.cc);
  }

  /** The refusal at the first step it names, else in one line. */
  #refused(errors: Record<string, string>) {
    if (this.#showAt(errors, this.#steps.length - 2)) return;
    this.errors = { '': errors[''] || this.t('errGeneric') };
  }

  #cancel = () => {
    this.emit('payrail-cancel', { form: FORM });
    this.#forget();
    this.phase = 'edit';
  };
}
