import { css, html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from './payrail-element.js';
import { firstEmployee } from './summary.js';
import { skeletonLines } from './states.js';
import { icons } from './icons.js';
import { hasMessage, type MessageKey } from './i18n.js';
import { mayWrite, SaveController } from './save-controller.js';
import { PayrailApiError } from '../client/errors.js';
import type { Country, OpenFlags, SettingsSegment, WriteBody } from '../client/models.js';
import { card, header } from './card.js';

/** A settings write's body: built from the form's fields, checked by the API, which names each refused field's path. */
type SettingsBody = WriteBody<`/employees/{employeeId}/${SettingsSegment}`, 'PATCH'>;

/** One input of a form, named by the body field the API takes. */
export interface Field {
  name: string;
  label: MessageKey;
  /** An identifier: checked here only, never sent to a draft check, dropped once the form is done. */
  secret?: boolean;
  required?: boolean;
  /** The browser's own rule (check digits, format): the message key of what is wrong, or null. */
  check?: (v: string) => MessageKey | null;
  numeric?: boolean;
  /** A choice from `options` (value, label) instead of free text. */
  options?: readonly (readonly [string, MessageKey | string])[];
  /** A yes/no box, sent as true or false. */
  box?: boolean;
  /** Takes a row of its own (a choice that decides the fields after it). */
  wide?: boolean;
  /** The input's type where it is not text (a date). */
  type?: 'date' | 'email';
  /** How the value is sent (a number where the API takes one); text by default. */
  parse?: (v: string) => Value;
}

/** What a payload field carries: text, a number (tax class) or a flag. */
export type Value = string | number | boolean;

/** A form's fields in each country that has the form. */
export type CountryFields = Partial<Record<Country, Field[]>>;

/** What a field needs from the element that shows it. */
export interface FieldContext {
  t: (key: MessageKey) => string;
  value: string;
  error?: string;
  set: (v: string) => void;
  /** The field was left (or a choice made): check it. */
  leave: () => void;
}

/** One labelled input, choice or box, its error against it (shared by every form and the onboarding wizard). */
export function renderField(f: Field, c: FieldContext): TemplateResult {
  const { value, error: err, set, leave } = c;
  const invalid = err ? 'true' : 'false';
  const described = err ? `e-${f.name}` : nothing;
  const control = f.box
    ? html`<input
        type="checkbox"
        id="f-${f.name}"
        name=${f.name}
        part="input"
        .checked=${value === 'true'}
        @change=${(e: Event) => set(String((e.target as HTMLInputElement).checked))}
      />`
    : f.options
      ? html`<select
          id="f-${f.name}"
          name=${f.name}
          part="input"
          aria-invalid=${invalid}
          aria-describedby=${described}
          @change=${(e: Event) => {
            set((e.target as HTMLSelectElement).value);
            leave();
          }}
        >
          <option value="" ?selected=${!value}>—</option>
          ${f.options.map(
            ([v, label]) =>
              html`<option value=${v} ?selected=${v === value}>${hasMessage(label) ? c.t(label) : label}</option>`,
          )}
        </select>`
      : html`<input
          id="f-${f.name}"
          name=${f.name}
          part="input"
          type=${f.type ?? 'text'}
          .value=${value}
          inputmode=${f.numeric ? 'numeric' : nothing}
          autocomplete="off"
          spellcheck="false"
          aria-invalid=${invalid}
          aria-describedby=${described}
          @input=${(e: InputEvent) => set((e.target as HTMLInputElement).value)}
          @blur=${leave}
        />`;
  const label = html`<label for="f-${f.name}"
    >${c.t(f.label)}${f.required || f.box ? nothing : html` <span class="opt">(${c.t('optional')})</span>`}</label
  >`;
  return html`<div class="field ${f.box ? 'box' : ''} ${f.wide ? 'wide' : ''}">
    ${f.box ? html`${control}${label}` : html`${label}${control}`}
    ${err ? html`<p class="ferr" id="e-${f.name}">${err}</p>` : nothing}
  </div>`;
}

/** The browser's own verdict on a field: required, then its check; the message, or ''. */
export function fieldError(f: Field, raw: string | undefined, t: (key: MessageKey) => string): string {
  const v = (raw ?? '').trim();
  if (!v) return f.required ? t('errRequired') : '';
  const key = f.check?.(v);
  return key ? t(key) : '';
}

/** The payload as the API takes it: filled fields only, trimmed, boxes as flags; identifiers only when asked. */
/** Sets `value` at a dotted path inside `target` (`health_insurance.insurer.name`), making the objects on the way. */
export function setAtPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

export function payloadOf(fields: Field[], values: Record<string, string>, withSecrets: boolean) {
  const out: Record<string, Value> = {};
  for (const f of fields) {
    const v = (values[f.name] ?? '').trim();
    if (f.secret && !withSecrets) continue;
    if (f.box) out[f.name] = v === 'true';
    else if (v) out[f.name] = f.parse ? f.parse(v) : v;
  }
  return out;
}

type Phase = 'edit' | 'saved' | 'handed';

/**
 * How every Payrail form writes (DESIGN.md, "How the SDK writes"). It checks each field as it is left
 * (identifiers by their check digits here, everything else against the API's own rules with a draft
 * check that writes nothing), then emits a cancelable `payrail-save` with the checked payload for the
 * page's backend to write with its governance reason. Only when the page lets the event through, the
 * token's component allowlist holds the form and the element has a `governance-reason` does it write
 * itself, with that reason. Either way the values typed are dropped afterwards, so what was on file
 * shows only masked.
 *
 * @attr employee-id - The employee whose settings the form edits (default: the token's pinned or first employee).
 * @attr governance-reason - The reason the element writes with when the page lets it write (3-500 characters).
 */
export abstract class PayrailForm extends PayrailElement {
  @property({ attribute: 'employee-id' }) employeeId?: string;
  @property({ attribute: 'governance-reason' }) governanceReason?: string;

  @state() protected values: Record<string, string> = {};
  @state() protected errors: Record<string, string> = {};
  @state() protected phase: Phase = 'edit';

  /** The component name a token's allowlist must hold for the element to write itself. */
  protected abstract readonly form: string;
  protected abstract readonly segment: SettingsSegment;
  protected abstract readonly heading: MessageKey;
  /** The form's fields by country (the first country's where the element's has none). */
  protected abstract readonly byCountry: CountryFields;
  protected fields(): Field[] {
    return this.byCountry[this.cc] ?? Object.values(this.byCountry)[0] ?? [];
  }
  /** What is on file, masked (never a full number). */
  protected abstract onFile(s: OpenFlags): TemplateResult | typeof nothing;
  /** The inputs, laid out (a form with groups of fields lays them out itself). */
  protected renderFields(input: (f: Field) => TemplateResult): TemplateResult {
    return html`<div class="fields">${this.fields().map(input)}</div>`;
  }
  /** The body the API takes (a form whose body nests builds it itself). */
  protected payloadFor(withSecrets: boolean): Record<string, unknown> {
    return payloadOf(this.fields(), this.values, withSecrets);
  }
  /** The field a violation's path is about (a nested path names one of the form's inputs). */
  protected fieldOfPath(path: string): string {
    return path;
  }
  /** The form is done or abandoned: state of its own beyond the typed values is cleared too. */
  protected resetForm(): void {}

  // `form` is the subclass's, set after this initialiser: it is read when a write is allowed.
  #save = new SaveController(this.port, {
    allow: (api) => mayWrite(api, this.form),
    reason: () => this.governanceReason,
    reload: () => this.data.run(),
    fieldOf: (path) => this.#fieldName(path),
  });

  protected data = this.watch(
    new Task(this, {
      args: () => [this.api, this.employeeId, this.segment] as const,
      task: async ([api, id, segment], { signal }) => {
        const eid = id || (await firstEmployee(api, signal)).data[0]?.id;
        if (!eid) throw new PayrailApiError({ code: 'not_found', message: 'No employees', status: 404 });
        return { id: eid, s: await api.settings(eid, segment, { signal }) };
      },
    }),
  );

  override render() {
    return card(
      this.renderTask(
        this.data,
        ({ id, s }) => this.#body(id, s),
        () => skeletonLines(6, this.t('loading')),
      ),
    );
  }

  #body(id: string, s: OpenFlags) {
    const note: Partial<Record<Phase, MessageKey>> = { saved: 'saved', handed: 'handedOver' };
    const busy = this.#save.busy;
    const shown = busy ? 'checking' : note[this.phase];
    const general = this.errors[''];
    return html`${header(this.t(this.heading), { end: this.sampleBadge() })}
      <div class="onfile" part="on-file">${this.onFile(s)}</div>
      <form novalidate @submit=${(e: Event) => this.#submit(e, id)}>
        ${this.renderFields((f) => this.#input(f, id))}
        ${general ? html`<p class="ferr" role="alert">${icons.alert}<span>${general}</span></p>` : nothing}
        <div class="bar">
          <p class="note" aria-live="polite">${shown ? this.t(shown) : ''}</p>
          <button type="button" class="btn" part="button cancel-button" @click=${() => this.#cancel(id)}>
            ${this.t('cancel')}
          </button>
          <button class="btn primary" part="button save-button" aria-disabled=${busy ? 'true' : 'false'}>
            ${this.t('save')}
          </button>
        </div>
      </form>`;
  }

  #input(f: Field, id: string) {
    return renderField(f, {
      t: (k) => this.t(k),
      value: this.values[f.name] ?? '',
      error: this.errors[f.name],
      set: (v) => {
        this.values = { ...this.values, [f.name]: v };
        if (this.errors[f.name]) this.errors = { ...this.errors, [f.name]: '' };
      },
      leave: () => void this.#leave(f, id),
    });
  }

  #clientError(f: Field): string {
    return fieldError(f, this.values[f.name], (k) => this.t(k));
  }

  #payload(withSecrets: boolean): Record<string, unknown> {
    return this.payloadFor(withSecrets);
  }

  /** The API's rules on everything but the identifiers; a field's error is the first rule it breaks. */
  async #serverErrors(id: string): Promise<Record<string, string>> {
    const v = await this.api.check(`/employees/{employeeId}/${this.segment}/validate`, [id], this.#payload(false));
    // An identifier typed here was withheld from the check: a rule on it is about its absence, not its value.
    const typed = new Set(
      this.fields()
        .filter((f) => f.secret && this.values[f.name]?.trim())
        .map((f) => f.name),
    );
    return this.#save.byField(v.violations.filter((x) => !typed.has(this.fieldOfPath(x.path))));
  }

  /** The input a path is about, '' where no input shows it. */
  #fieldName(path: string): string {
    const field = this.fieldOfPath(path);
    return this.fields().some((f) => f.name === field) ? field : '';
  }

  async #leave(f: Field, id: string) {
    const own = this.#clientError(f);
    if (own || f.secret || !this.values[f.name]) {
      this.errors = { ...this.errors, [f.name]: own };
      return;
    }
    const server = await this.#serverErrors(id).catch(() => ({}) as Record<string, string>);
    this.errors = { ...this.errors, [f.name]: server[f.name] ?? '' };
  }

  #focusFirst() {
    this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  #submit(e: Event, id: string) {
    e.preventDefault();
    if (this.#save.busy) return;
    const own = Object.fromEntries(this.fields().map((f) => [f.name, this.#clientError(f)]));
    this.errors = own;
    if (Object.values(own).some(Boolean)) return this.#focusFirst();
    this.#save.hold(async () => {
      const server = await this.#serverErrors(id).catch((err: unknown) => this.#save.errorsOf(err));
      if (Object.values(server).some(Boolean)) return this.#refused(server);
      const payload = this.#payload(true);
      return this.#save.send(
        { form: this.form, employee_id: id, payload },
        (reason) =>
          this.api.write('PATCH', `/employees/{employeeId}/${this.segment}`, [id], payload as SettingsBody, reason),
        (r) =>
          r.status === 'refused' ? this.#refused(r.errors) : this.#done(r.status === 'written' ? 'saved' : 'handed'),
      );
    });
  }

  #refused(errors: Record<string, string>) {
    this.errors = errors;
    this.phase = 'edit';
    this.#focusFirst();
  }

  /** Typed values are dropped: what stays on screen is what is on file, masked. */
  #done(phase: Phase) {
    this.values = {};
    this.errors = {};
    this.phase = phase;
    this.resetForm();
  }

  #cancel(id: string) {
    this.emit('payrail-cancel', { form: this.form, employee_id: id });
    this.#done('edit');
  }
}

export const formStyles = css`
  .onfile {
    padding: 14px 20px 0;
    color: var(--_muted);
  }
  .onfile b {
    color: var(--_text);
    font-weight: 500;
  }
  form {
    padding: 14px 20px 18px;
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
    gap: 14px 16px;
  }
  .field {
    display: grid;
    gap: 4px;
    align-content: start;
  }
  label {
    font-weight: 500;
    font-size: 13px;
  }
  .opt {
    color: var(--_muted);
    font-weight: 400;
  }
  input,
  select {
    height: 38px;
    padding: 0 10px;
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid color-mix(in srgb, var(--_text) 25%, var(--_surface));
    border-radius: var(--_radius-small);
    min-width: 0;
  }
  .field.wide {
    grid-column: 1 / -1;
    max-width: 28rem;
  }
  .field.box {
    grid-template-columns: auto 1fr;
    align-items: center;
    align-self: end;
    min-height: 38px;
  }
  .field.box input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: var(--_primary);
  }
  .field.box .ferr {
    grid-column: 1 / -1;
  }
  [aria-invalid='true'] {
    border-color: var(--_danger);
  }
  .ferr {
    display: flex;
    gap: 6px;
    align-items: center;
    margin: 0;
    color: var(--_danger);
    font-size: 13px;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: 8px;
    margin-top: 16px;
  }
  .note {
    margin: 0 auto 0 0;
    color: var(--_muted);
    font-size: 13px;
  }
`;
