import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { emptyState, skeletonTable } from '../internal/states.js';
import { fieldError, formStyles, payloadOf, renderField, type Field } from '../internal/forms.js';
import { SaveController } from '../internal/save-controller.js';
import { PayrailApiError } from '../client/errors.js';
import type { PayItem, WriteBody } from '../client/models.js';
import type { MessageKey } from '../internal/i18n.js';
import { card, header } from '../internal/card.js';

/** The form's fields are generic (`payloadOf`), so its body is an open record until the API checks it. */
type PayItemBody<M extends 'POST' | 'PATCH'> = M extends 'POST'
  ? WriteBody<'/pay-items', 'POST'>
  : WriteBody<'/pay-items/{code}', 'PATCH'>;

const KINDS = [
  ['earning', 'earnings'],
  ['allowance', 'allowances'],
  ['deduction', 'deductions'],
] as const;
const FORM = 'pay-item-library';

const styles = css`
  table {
    table-layout: fixed;
  }
  th:first-child {
    width: 30%;
  }
  th:last-child {
    width: 6rem;
  }
  h3 {
    margin: 0;
    padding: 14px 20px 8px;
    font-size: 14px;
  }
  .flags {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .flag {
    padding: 2px 8px;
    border-radius: 999px;
    background: var(--_surface-soft);
    font-size: 12px;
  }
  .code {
    display: block;
    color: var(--_muted);
    font-size: 12px;
  }
  .edit {
    border-bottom: 1px solid var(--_border);
  }
  .note {
    margin: 0;
    padding: 0 20px 12px;
    color: var(--_muted);
  }
`;

/**
 * The pay items an employer pays with: the country's earnings, allowances and deductions and the employer's
 * own, each shown with how it is treated (AU: super, tax and the Single Touch Payroll category; DE: the
 * Lohnart and whether tax and social insurance apply). An employer's own item is built on one of the
 * country's and is paid and reported as that one; it can be added, renamed or archived here. The form checks
 * what it can, then emits a cancelable `payrail-save`; unless the page cancels it, the element writes itself
 * only with a `governance-reason` and a token that allows the pay-item library.
 *
 * @summary Pay-item library.
 * @attr governance-reason - The reason the element writes with when the page lets it write (3-500 characters).
 * @event payrail-save - A pay item passed its checks. Detail: `{ form, payload }` (`payload.code` names the item; `status` archives it). Cancel it when your backend writes it.
 * @event payrail-cancel - The form was closed. Detail: `{ form }`.
 * @event payrail-load - The pay items were shown. Detail: `{ sample }`.
 * @event payrail-error - They could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - Title and "Add pay item".
 * @csspart table - Each kind's table.
 * @csspart row - Each pay item's row.
 * @csspart input - Each input of the form.
 * @csspart button - Every button.
 * @csspart save-button - "Save".
 * @csspart cancel-button - "Cancel".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when there are no pay items.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayItemLibrary extends PayrailElement {
  static override tag = 'pay-item-library';
  static override styles = [tokens, formStyles, styles];

  @property({ attribute: 'governance-reason' }) governanceReason?: string;
  /** The item being edited, 'new' for a new one, or null. */
  @state() private editing: PayItem | 'new' | null = null;
  @state() private values: Record<string, string> = {};
  @state() private errors: Record<string, string> = {};
  @state() private note: MessageKey | null = null;

  #data = this.watch(
    new Task(this, { args: () => [this.api] as const, task: ([api], { signal }) => api.payItems({ signal }) }),
  );

  #save = new SaveController(this.port, {
    allow: FORM,
    reason: () => this.governanceReason,
    reload: () => this.#data.run(),
    // A code another item has is the one conflict the form can name.
    message: (err) => (err instanceof PayrailApiError && err.status === 409 ? this.t('errPiTaken') : undefined),
  });

  override render() {
    return card(html`
      ${header(this.t('piTitle'), {
        end: html`${this.sampleBadge()}
          <button class="btn" part="button" @click=${() => this.#open('new')}>${this.t('piAdd')}</button>`,
      })}
      ${this.note ? html`<p class="note" role="status">${this.t(this.note)}</p>` : nothing}
      ${this.renderTask(
        this.#data,
        (items) => this.#body(items),
        () => skeletonTable(6, 3, this.t('loading')),
      )}
    `);
  }

  #body(items: PayItem[]) {
    if (!items.length) return emptyState(this.t('piEmpty'));
    return html`${this.editing ? this.#form(items) : nothing}
    ${KINDS.map(([kind, label]) => {
      const rows = items.filter((i) => i.kind === kind);
      return rows.length
        ? html`<h3 id="k-${kind}">${this.t(label)}</h3>
            <table class="stack" part="table" aria-labelledby="k-${kind}">
              <thead>
                <tr>
                  <th scope="col">${this.t('name')}</th>
                  <th scope="col">${this.t('piBase')}</th>
                  <th scope="col"><span class="vh">${this.t('piEdit')}</span></th>
                </tr>
              </thead>
              <tbody>
                ${rows.map((i) => this.#row(i, items))}
              </tbody>
            </table>`
        : nothing;
    })}`;
  }

  #row(i: PayItem, all: PayItem[]) {
    const base = all.find((b) => b.code === i.base_code);
    return html`<tr part="row">
      <td>${i.name}<span class="code mono">${i.code}</span></td>
      <td class="s-wide">
        <div class="flags">
          ${base ? html`<span class="flag">${this.t('piOwn', { name: base.name })}</span>` : nothing}
          ${this.#flags(i).map((f) => html`<span class="flag">${f}</span>`)}
          ${i.status === 'archived' ? html`<span class="pill">${this.t('piArchived')}</span>` : nothing}
        </div>
      </td>
      <td class="s-top">
        ${
          i.source === 'tenant'
            ? html`<button
                class="btn"
                part="button"
                aria-label="${this.t('piEdit')}: ${i.name}"
                @click=${() => this.#open(i)}
              >
                ${this.t('piEdit')}
              </button>`
            : nothing
        }
      </td>
    </tr>`;
  }

  /** The treatment in an officer's words. */
  #flags(i: PayItem): string[] {
    const out: string[] = [];
    if (i.wage_type) out.push(this.t('piWageType', { n: i.wage_type }));
    if (i.kind !== 'deduction') {
      if (i.ote !== null) out.push(this.t(i.ote ? 'piSuper' : 'piNoSuper'));
      out.push(this.t(i.taxable ? 'piTaxable' : 'piTaxFree'));
    }
    if (i.contributory !== null && i.kind !== 'deduction') out.push(this.t(i.contributory ? 'piSocial' : 'piNoSocial'));
    if (i.stp) {
      // Allowance types (TD, OD-H1) are how officers know them; other categories read better without letters.
      const type = i.stp.category === 'allowance' ? [i.stp.type, i.stp.subtype].filter(Boolean).join('-') : '';
      out.push(this.t('piStp', { cat: this.t(`stp_${i.stp.category}` as MessageKey, { type }).trim() }));
    }
    return out;
  }

  #fields(items: PayItem[]): Field[] {
    const name: Field = { name: 'name', label: 'name', required: true };
    if (this.editing !== 'new') return [name, { name: 'status', label: 'piArchive', box: true }];
    const taken = new Set(items.map((i) => i.code));
    return [
      {
        name: 'code',
        label: 'piCode',
        required: true,
        check: (v) => (!/^[A-Z0-9][A-Z0-9_-]{0,29}$/.test(v) ? 'errPiCode' : taken.has(v) ? 'errPiTaken' : null),
      },
      name,
      {
        name: 'base_code',
        label: 'piBase',
        required: true,
        wide: true,
        options: items.filter((i) => i.source === 'pack').map((i) => [i.code, i.name] as const),
      },
    ];
  }

  #open(target: PayItem | 'new') {
    this.editing = target;
    this.note = null;
    this.errors = {};
    this.values = target === 'new' ? {} : { name: target.name, status: String(target.status === 'archived') };
  }

  #form(items: PayItem[]) {
    const fields = this.#fields(items);
    return html`<form class="edit" novalidate @submit=${(e: Event) => this.#submit(e, fields)}>
      <div class="fields">
        ${fields.map((f) =>
          renderField(f, {
            t: (k) => this.t(k),
            value: this.values[f.name] ?? '',
            error: this.errors[f.name],
            set: (v) => (this.values = { ...this.values, [f.name]: v }),
            leave: () =>
              (this.errors = { ...this.errors, [f.name]: fieldError(f, this.values[f.name], (k) => this.t(k)) }),
          }),
        )}
      </div>
      ${this.errors[''] ? html`<p class="ferr" role="alert">${this.errors['']}</p>` : nothing}
      <div class="bar">
        <button type="button" class="btn" part="button cancel-button" @click=${this.#cancel}>
          ${this.t('cancel')}
        </button>
        <button class="btn primary" part="button save-button">${this.t('save')}</button>
      </div>
    </form>`;
  }

  #cancel = () => {
    this.emit('payrail-cancel', { form: FORM });
    this.editing = null;
  };

  #submit(e: Event, fields: Field[]) {
    e.preventDefault();
    const own = Object.fromEntries(fields.map((f) => [f.name, fieldError(f, this.values[f.name], (k) => this.t(k))]));
    this.errors = own;
    if (Object.values(own).some(Boolean)) return;
    const target = this.editing;
    const body = payloadOf(fields, this.values, true);
    const payload =
      target === 'new' || !target
        ? body
        : { code: target.code, name: body.name, status: body.status ? 'archived' : 'active' };
    const { code, ...patch } = payload;
    this.#save.run(
      { form: FORM, payload },
      (reason) =>
        target === 'new'
          ? this.api.write('POST', '/pay-items', [], payload as PayItemBody<'POST'>, reason)
          : this.api.write('PATCH', '/pay-items/{code}', [String(code)], patch as PayItemBody<'PATCH'>, reason),
      (r) => {
        if (r.status === 'refused') return void (this.errors = r.errors);
        this.note = r.status === 'written' ? 'piSaved' : 'handedOver';
        this.editing = null;
      },
    );
  }
}
