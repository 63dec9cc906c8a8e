// "Before Payrail" on a German employee's page: the year-to-date figures of an employer that moved to Payrail
// during the year, entered once. They count for one-off payments (the pro-rata annual ceiling, § 23a SGB IV),
// the wage tax on them (the expected annual wage, § 39b Abs. 3 EStG) and the payslip's year to date. A chunk
// of its own, loaded when the officer opens the section. Like every form it hands the checked figures to the
// page (`payrail-save`) and writes them itself only where the page lets it, the token allows the employee
// page and the element has a governance reason.
import { html, nothing, type TemplateResult } from 'lit';
import { PayrailApiError } from '../client/errors.js';
import type { WriteBody, YearToDateOpening } from '../client/models.js';
import { fieldError, renderField, type Field } from '../internal/forms.js';
import { SaveController, type SaveResult } from '../internal/save-controller.js';
import type { Lang, MessageKey } from '../internal/i18n.js';
import type { ElementPort } from '../internal/payrail-element.js';

const TEXT = {
  de: {
    title: 'Werte vor Payrail',
    lead:
      'Hat Ihr Unternehmen dieses Jahr vor Payrail mit einem anderen Programm abgerechnet, erfassen Sie hier einmal die ' +
      'Jahreswerte bis zum letzten dort abgerechneten Tag, wie sie im Lohnkonto stehen. Sie zählen für Einmalzahlungen ' +
      '(anteilige Jahresbeitragsbemessungsgrenze), die Lohnsteuer auf sonstige Bezüge und die Jahressummen der ' +
      'Entgeltabrechnung. Gespeichert lassen sie sich nicht mehr ändern.',
    none: 'Für dieses Jahr sind keine Werte vor Payrail erfasst.',
    onFile: 'Erfasst bis {asAt}',
    enter: 'Werte erfassen',
    record: 'Werte speichern',
    amount: 'Ein Betrag in Euro, nicht negativ, mit höchstens zwei Nachkommastellen, z. B. 46500,03.',
    ceiling: 'Mehr als die Jahresbeitragsbemessungsgrenze dieses Zweigs: das SV-Brutto zählt nur bis zu ihr.',
    recorded: 'Gespeichert.',
    twice: 'Für dieses Jahr sind bereits Werte erfasst.',
    overlap: 'Das Datum liegt in einem Zeitraum, den Payrail schon abgerechnet hat.',
    as_at: 'Stand (letzter abgerechneter Tag)',
    sv_wage_kv_pv: 'SV-Brutto Kranken- und Pflegeversicherung',
    sv_wage_rv_av: 'SV-Brutto Renten- und Arbeitslosenversicherung',
    taxable_wage: 'Steuerpflichtiger Arbeitslohn',
    income_tax: 'Einbehaltene Lohnsteuer',
    solidarity_surcharge: 'Solidaritätszuschlag',
    church_tax: 'Kirchensteuer',
    employee_social: 'Arbeitnehmeranteile zur Sozialversicherung',
    net: 'Nettobezüge',
    source: 'Herkunft der Werte (z. B. Lohnkonto des bisherigen Programms)',
  },
  en: {
    title: 'Before Payrail',
    lead:
      'If your company ran this year’s payroll in another system before Payrail, enter the year’s figures up to the ' +
      'last day paid there once, as the payroll account shows them. They count for one-off payments (the pro-rata ' +
      'annual ceiling), the wage tax on them and the payslip’s year to date. Once saved they cannot be changed.',
    none: 'No figures from before Payrail are recorded for this year.',
    onFile: 'Recorded up to {asAt}',
    enter: 'Enter figures',
    record: 'Save figures',
    amount: 'An amount in euros, not negative, with at most two decimals, e.g. 46500.03.',
    ceiling: 'More than this branch’s annual contribution ceiling: the social insurance wage counts up to it only.',
    recorded: 'Saved.',
    twice: 'Figures for this year are already recorded.',
    overlap: 'The date falls in a period Payrail has already paid.',
    as_at: 'As at (last day paid)',
    sv_wage_kv_pv: 'Social insurance wage, health and care',
    sv_wage_rv_av: 'Social insurance wage, pension and unemployment',
    taxable_wage: 'Taxable pay',
    income_tax: 'Wage tax withheld',
    solidarity_surcharge: 'Solidarity surcharge',
    church_tax: 'Church tax',
    employee_social: 'Employee social insurance contributions',
    net: 'Net pay',
    source: 'Where the figures come from (e.g. the previous system’s payroll account)',
  },
} as const;
type Key = keyof (typeof TEXT)['de'];

/**
 * "46.500,03", "46500,03", "46500.03" or "46.500" as the API takes it ("46500.03", "46500"): a comma is the
 * decimal mark, and dots before groups of three digits with no comma are thousands, as a German officer types.
 */
export function amountOf(v: string): string {
  const s = v.replace(/\s|€/g, '');
  if (s.includes(',')) return s.replace(/\./g, '').replace(',', '.');
  return /^\d{1,3}(\.\d{3})+$/.test(s) ? s.replace(/\./g, '') : s;
}
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const amount = (name: Key, required = false): Field => ({
  name,
  label: name as MessageKey,
  required,
  check: (v) => (AMOUNT.test(amountOf(v)) ? null : ('amount' as MessageKey)),
});
const FIELDS: Field[] = [
  { name: 'as_at', label: 'as_at' as MessageKey, type: 'date', required: true, wide: true },
  amount('sv_wage_kv_pv', true),
  amount('sv_wage_rv_av', true),
  amount('taxable_wage', true),
  amount('income_tax', true),
  amount('solidarity_surcharge'),
  amount('church_tax'),
  amount('employee_social'),
  amount('net'),
  { name: 'source', label: 'source' as MessageKey, wide: true },
];
const SHOWN: Key[] = [
  'sv_wage_kv_pv',
  'sv_wage_rv_av',
  'taxable_wage',
  'income_tax',
  'solidarity_surcharge',
  'church_tax',
  'employee_social',
  'net',
];

const NAMES = new Set(FIELDS.map((f) => f.name));

/** What the section needs from the employee page that holds it, beside the page's own port for writes. */
export interface OpeningsHost extends ElementPort {
  lang(): Lang;
  governanceReason(): string | undefined;
  money(v: string): string;
  date(iso: string): string;
  evidence(id: string | null | undefined): unknown;
  updated(): Promise<boolean>;
  root(): HTMLElement | DocumentFragment;
}

type Phase = 'loading' | 'shown' | 'edit' | 'failed';

export class OpeningsPanel {
  #phase: Phase = 'loading';
  #onFile: YearToDateOpening = null;
  #values: Record<string, string> = {};
  #errors: Record<string, string> = {};
  #note: Key | 'handedOver' | null = null;
  readonly #save: SaveController;

  constructor(
    private readonly host: OpeningsHost,
    private readonly employeeId: string,
  ) {
    this.#save = new SaveController(host, {
      allow: 'employee-detail',
      reason: () => host.governanceReason(),
      // An answer about `figures.income_tax` belongs at that field; one the form has no field for, at the whole.
      fieldOf: (path) => {
        const name = path.replace(/^figures\./, '');
        return NAMES.has(name) ? name : '';
      },
      message: (err) => {
        const code = err instanceof PayrailApiError ? err.code : undefined;
        if (code === 'year_to_date_openings_recorded') return this.#text('twice');
        if (code === 'year_to_date_openings_overlap') return this.#text('overlap');
        return undefined;
      },
    });
  }

  #text = (k: string): string => {
    const own = TEXT[this.host.lang() === 'de' ? 'de' : 'en'] as Record<string, string>;
    return own[k] ?? this.host.t(k as MessageKey);
  };

  #update() {
    this.host.host.requestUpdate();
  }

  async load(): Promise<void> {
    this.#phase = 'loading';
    this.#update();
    try {
      this.#onFile = await this.host.api().openings(this.employeeId);
      this.#phase = 'shown';
    } catch {
      this.#phase = 'failed';
    }
    this.#update();
  }

  #payload(): WriteBody<'/employees/{employeeId}/year-to-date-openings', 'PUT'> {
    const figures: Record<string, string> = {};
    for (const f of FIELDS) {
      const v = (this.#values[f.name] ?? '').trim();
      if (v && f.check) figures[f.name] = amountOf(v);
    }
    const source = this.#values.source?.trim();
    // `as_at` is a required field of the form: it is there once the form's own checks pass (and the API checks it).
    return { as_at: this.#values.as_at?.trim() as string, figures, ...(source ? { source } : {}) };
  }

  #submit(e: Event) {
    e.preventDefault();
    if (this.#save.busy) return;
    const own = Object.fromEntries(FIELDS.map((f) => [f.name, fieldError(f, this.#values[f.name], this.#text)]));
    this.#errors = own;
    if (Object.values(own).some(Boolean)) return void this.#focusInvalid();
    const payload = this.#payload();
    const path = `/employees/${encodeURIComponent(this.employeeId)}/year-to-date-openings`;
    this.#save.run(
      { form: 'year-to-date-openings', employee_id: this.employeeId, payload, request: { method: 'PUT', path } },
      (reason) =>
        this.host
          .api()
          .write('PUT', '/employees/{employeeId}/year-to-date-openings', [this.employeeId], payload, reason),
      (r) => this.#saved(r),
    );
  }

  #saved(r: SaveResult<unknown>) {
    if (r.status === 'handed') return this.#done('handedOver');
    if (r.status === 'written') {
      this.#done('recorded');
      return void this.load();
    }
    // The amounts' format was checked here, so an SV wage the API refuses is above the year's ceiling; a rule
    // the form cannot phrase keeps the API's words.
    this.#errors = Object.fromEntries(
      Object.entries(r.errors).map(([k, v]) => [k, k.startsWith('sv_wage_') ? this.#text('ceiling') : v]),
    );
    this.#phase = 'edit';
    void this.#focusInvalid();
  }

  async #focusInvalid() {
    this.#update();
    await this.host.updated();
    this.host.root().querySelector<HTMLElement>('.ytd [aria-invalid="true"], .ytd .ferr')?.focus();
  }

  #done(note: OpeningsPanel['note']) {
    this.#values = {};
    this.#errors = {};
    this.#note = note;
    this.#phase = 'shown';
    this.#update();
  }

  get note(): Key | 'handedOver' | null {
    return this.#note;
  }

  #cancel() {
    this.host.emit('payrail-cancel', { form: 'year-to-date-openings', employee_id: this.employeeId });
    this.#done(null);
  }

  render(): TemplateResult {
    const x = this.#text;
    return html`<div class="panel wide ytd" part="section openings" role="group" aria-labelledby="ytd-title">
      <h3 id="ytd-title">${x('title')}</h3>
      ${this.#body()} ${this.#note ? html`<p class="note" aria-live="polite">${x(this.#note)}</p>` : nothing}
    </div>`;
  }

  #body(): TemplateResult | typeof nothing {
    const x = this.#text;
    if (this.#phase === 'loading') return html`<p role="status">${x('loading')}</p>`;
    if (this.#phase === 'failed') return html`<p class="ferr" role="alert">${x('errGeneric')}</p>`;
    const o = this.#onFile;
    if (o)
      return html`<p class="sub">
          ${x('onFile').replace('{asAt}', this.host.date(o.as_at))} ${this.host.evidence(o.evidence_id)}
        </p>
        <dl>
          ${SHOWN.filter((k) => typeof o.figures[k] === 'string').map(
            (k) =>
              html`<div>
                <dt>${x(k)}</dt>
                <dd>${this.host.money(o.figures[k] as string)}</dd>
              </div>`,
          )}
        </dl>`;
    if (this.#phase === 'shown')
      return html`<p class="sub">${x('none')}</p>
        <p class="sub">${x('lead')}</p>
        <button
          type="button"
          class="btn sm"
          part="button action-button"
          @click=${() => {
            this.#phase = 'edit';
            this.#note = null;
            this.#update();
          }}
        >
          ${x('enter')}
        </button>`;
    const general = this.#errors[''];
    return html`<p class="sub">${x('lead')}</p>
      <form novalidate aria-labelledby="ytd-title" @submit=${(e: Event) => void this.#submit(e)}>
        <div class="fields">${FIELDS.map((f) => this.#field(f))}</div>
        ${general ? html`<p class="ferr" role="alert" tabindex="-1">${general}</p>` : nothing}
        <div class="bar">
          <button type="button" class="btn" part="button cancel-button" @click=${() => this.#cancel()}>
            ${x('cancel')}
          </button>
          <button class="btn primary" part="button save-button" aria-disabled=${this.#save.busy ? 'true' : 'false'}>
            ${x('record')}
          </button>
        </div>
      </form>`;
  }

  #field(f: Field): TemplateResult {
    return renderField(f, {
      t: this.#text,
      value: this.#values[f.name] ?? '',
      error: this.#errors[f.name],
      set: (v) => {
        this.#values = { ...this.#values, [f.name]: v };
        if (this.#errors[f.name]) this.#errors = { ...this.#errors, [f.name]: '' };
        this.#update();
      },
      leave: () => {
        this.#errors = { ...this.#errors, [f.name]: fieldError(f, this.#values[f.name], this.#text) };
        this.#update();
      },
    });
  }
}
