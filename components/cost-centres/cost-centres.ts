import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { SetupElement, setupStyles } from '../internal/setup.js';
import { tokens } from '../internal/styles.js';
import { fieldError, formStyles, renderField, type Field } from '../internal/forms.js';
import { emptyState, skeletonLines } from '../internal/states.js';
import { term } from '../internal/terms.js';
import type { MessageKey } from '../internal/i18n.js';
import type { CostCentre, CostCentreRule, PayFrequency, WriteBody } from '../client/models.js';
import { card, header } from '../internal/card.js';

interface Loaded {
  centres: CostCentre[];
  rules: CostCentreRule[];
}

/** A new cost centre: its name, the code reports and mapping rules use, and the centre it sits under. */
const centreFields = (centres: CostCentre[]): Field[] => [
  { name: 'name', label: 'ccName', required: true },
  {
    name: 'code',
    label: 'ccCode',
    required: true,
    check: (v) => (/^[A-Za-z0-9][A-Za-z0-9-]{0,49}$/.test(v) ? null : 'errCcCode'),
    parse: (v) => v.toUpperCase(),
  },
  {
    name: 'parent_code',
    label: 'ccParent',
    options: centres.filter((c) => c.status === 'active').map((c) => [c.code, c.name] as const),
  },
];

const SOURCES = [
  ['employee', 'ruleEmployee'],
  ['pay_item', 'ruleItem'],
] as const;
type Source = (typeof SOURCES)[number][0];

type Choice = readonly [string, MessageKey];
/** A detail a rule can match on: the API's dot-path on the employee or pay item, and its values where fixed. */
type Attribute = readonly [path: string, label: MessageKey, values?: readonly Choice[]];

const own = (keys: readonly MessageKey[]): Choice[] => keys.map((k) => [k, k]);
const FREQUENCIES = ['weekly', 'fortnightly', 'monthly', 'quarterly'] as const satisfies readonly PayFrequency[];

/**
 * The details the API resolves rules on, in words a payroll officer knows: employee terms as the employee
 * schema fixes them (employment type, pay frequency) or as entered (site, position); a pay item's category
 * (only amounts are moved, never deductions or salary sacrifice) or its code.
 */
const ATTRIBUTES: Record<Source, readonly Attribute[]> = {
  employee: [
    ['employment.type', 'employmentType', own(['full_time', 'part_time', 'casual'])],
    ['employment.pay_frequency', 'frequency', own(FREQUENCIES)],
    ['site', 'site'],
    ['position', 'ruleAttrPosition'],
  ],
  pay_item: [
    [
      'category',
      'ruleAttrCategory',
      [
        ['ordinary', 'ruleCatOrdinary'],
        ['overtime', 'ruleCatOvertime'],
        ['allowance', 'ruleCatAllowance'],
        ['bonus', 'ruleCatBonus'],
        ['leave', 'ruleCatLeave'],
      ],
    ],
    ['code', 'ruleAttrCode'],
  ],
};
const attributeOf = (source: string, path: string): Attribute | undefined =>
  ATTRIBUTES[source as Source]?.find(([p]) => p === path);

/**
 * The employer's cost centres as a tree (each under its parent), with add, archive and restore, and the
 * mapping rules that place employees and pay items on a cost centre by one of their details, with add
 * and remove. Every change is emitted as a cancelable `payrail-save` naming the request for the page's
 * backend; the element writes itself only as `SetupElement` says.
 *
 * @summary Cost centres: the tree, add, archive and restore, and mapping rules.
 * @event payrail-save - A checked change. Detail: `{ form: 'cost-centres', payload, request: { method, path } }`.
 * @event payrail-load - The cost centres were shown. Detail: `{ sample }`.
 * @event payrail-error - They could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart section - The tree and the rules.
 * @csspart centre - Each cost centre.
 * @csspart rule - Each mapping rule.
 * @csspart button - Every button.
 * @csspart input - Every input.
 * @csspart error - The error message.
 * @csspart empty - The message shown when there are no cost centres.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailCostCentres extends SetupElement {
  static override tag = 'cost-centres';
  static override styles = [tokens, formStyles, setupStyles];
  protected readonly form = 'cost-centres';

  @state() private rule: Record<string, string> = { source: 'employee', priority: '100' };
  @state() private centre: Record<string, string> = {};
  /** The form whose write the note and errors are about. */
  @state() private at: 'centre' | 'rule' = 'centre';

  #data = this.watch(
    new Task(this, {
      args: () => [this.api] as const,
      task: async ([api], { signal }): Promise<Loaded> => {
        const [centres, rules] = await Promise.all([api.costCentres({ signal }), api.costCentreRules({ signal })]);
        return { centres, rules };
      },
    }),
  );

  protected refresh() {
    void this.#data.run();
  }

  override render() {
    return card(html`
      ${header(this.t('costCentres'), { end: this.sampleBadge() })}
      ${this.renderTask(
        this.#data,
        (d) =>
          d.centres.length
            ? html`<div class="part" part="section">${this.#tree(d.centres, null)}</div>
                ${this.#add(d)} ${this.#rules(d)}`
            : html`${emptyState(this.t('noCostCentres'))} ${this.#add(d)}`,
        () => skeletonLines(6, this.t('loading')),
      )}
      ${this.errs[''] ? html`<p class="ferr part" role="alert" part="error">${this.errs['']}</p>` : nothing}
    `);
  }

  /** The centres under `parent` (the top ones for null; a centre whose parent is gone shows at the top). */
  #tree(all: CostCentre[], parent: string | null): TemplateResult | typeof nothing {
    const codes = new Set(all.map((c) => c.code));
    const here = all.filter((c) => (parent ? c.parent_code === parent : !c.parent_code || !codes.has(c.parent_code)));
    if (!here.length) return nothing;
    return html`<ul class="plain">
      ${here.map((c) => {
        const archived = c.status === 'archived';
        const label = this.t(archived ? 'restore' : 'archive');
        return html`<li part="centre">
          <div class="row">
            <span
              ><b>${c.name}</b>
              <span class="sub">${[c.code, c.site].filter(Boolean).join(' · ')}</span>
              ${archived ? html`<span class="pill">${this.t('archivedPill')}</span>` : nothing}</span
            >
            <button
              type="button"
              class="btn"
              part="button"
              aria-label="${label}: ${c.name}"
              @click=${() => {
                this.at = 'centre';
                void this.save('PATCH', '/cost-centres/{code}', [c.code], {
                  status: archived ? 'active' : 'archived',
                });
              }}
            >
              ${label}
            </button>
          </div>
          ${this.#tree(all, c.code)}
        </li>`;
      })}
    </ul>`;
  }

  #ruleFields(d: Loaded): Field[] {
    const values = attributeOf(this.rule.source, this.rule.attribute ?? '')?.[2];
    return [
      { name: 'source', label: 'ruleWhen', required: true, options: SOURCES },
      {
        name: 'attribute',
        label: 'ruleField',
        required: true,
        options: (ATTRIBUTES[this.rule.source as Source] ?? []).map(([p, label]) => [p, label] as const),
      },
      {
        name: 'match_value',
        label: 'ruleValue',
        required: true,
        options: values ? [...values, ['*', 'ruleAny'] as const] : undefined,
      },
      {
        name: 'cost_centre_code',
        label: 'costCentre',
        required: true,
        options: d.centres.filter((c) => c.status === 'active').map((c) => [c.code, c.name] as const),
      },
      {
        name: 'priority',
        label: 'rulePriority',
        numeric: true,
        check: (v) => (/^\d{1,7}$/.test(v) ? null : 'errRequired'),
        parse: Number,
      },
    ];
  }

  #rules(d: Loaded) {
    const fields = this.#ruleFields(d);
    const name = (code: string) => d.centres.find((c) => c.code === code)?.name ?? code;
    const source = (s: string) => this.t(SOURCES.find(([k]) => k === s)?.[1] ?? 'ruleEmployee');
    return html`<form novalidate part="section" @submit=${(e: Event) => this.#submit(e, 'rule', fields)}>
      <h3>${this.t('ccRules')}</h3>
      <p class="sub">${this.t('ccRulesHint')}</p>
      ${
        d.rules.length
          ? html`<ul class="plain">
              ${d.rules.map((r) => {
                const known = attributeOf(r.source, r.attribute);
                const field = known ? this.t(known[1]) : term(r.attribute, this.lng);
                const value = known?.[2]?.find(([v]) => v === r.match_value)?.[1];
                const text = this.t('ruleText', {
                  source: source(r.source),
                  field: this.lng === 'en' ? field.toLowerCase() : field,
                  value: value ? this.t(value) : String(r.match_value),
                  centre: name(r.cost_centre_code),
                });
                return html`<li class="row" part="rule">
                  <span>${text} <span class="sub">· ${this.t('rulePriority')} ${r.priority}</span></span>
                  <button
                    type="button"
                    class="btn"
                    part="button"
                    aria-label="${this.t('remove')}: ${text}"
                    @click=${() => {
                      this.at = 'rule';
                      void this.save('DELETE', '/cost-centre-mappings/{id}', [r.id], undefined);
                    }}
                  >
                    ${this.t('remove')}
                  </button>
                </li>`;
              })}
            </ul>`
          : html`<p class="sub">${this.t('noRules')}</p>`
      }
      <div class="fields">
        ${fields.map((f) =>
          renderField(f, {
            t: (k) => this.t(k),
            value: this.rule[f.name] ?? '',
            error: this.at === 'rule' ? this.errs[f.name] : undefined,
            // A new source or detail offers other details or values: the earlier choice no longer applies.
            set: (v) =>
              (this.rule = {
                ...this.rule,
                ...(f.name === 'source' ? { attribute: '', match_value: '' } : {}),
                ...(f.name === 'attribute' ? { match_value: '' } : {}),
                [f.name]: v,
              }),
            leave: () => undefined,
          }),
        )}
      </div>
      <div class="bar">
        <p class="note" aria-live="polite">${this.at === 'rule' ? this.note : ''}</p>
        <button class="btn" part="button">${this.t('ruleAdd')}</button>
      </div>
    </form>`;
  }

  #add(d: Loaded) {
    const fields = centreFields(d.centres);
    return html`<form novalidate part="section" @submit=${(e: Event) => this.#submit(e, 'centre', fields)}>
      <h3>${this.t('ccAdd')}</h3>
      <div class="fields">
        ${fields.map((f) =>
          renderField(
            { ...f, name: `cc-${f.name}` },
            {
              t: (k) => this.t(k),
              value: this.centre[f.name] ?? '',
              error: this.at === 'centre' ? this.errs[f.name] : undefined,
              set: (v) => (this.centre = { ...this.centre, [f.name]: v }),
              leave: () => undefined,
            },
          ),
        )}
      </div>
      <div class="bar">
        <p class="note" aria-live="polite">${this.at === 'centre' ? this.note : ''}</p>
        <button class="btn" part="button">${this.t('ccAdd')}</button>
      </div>
    </form>`;
  }

  /** Checks one of the two add forms, then posts what was filled in and empties the form once it is saved. */
  async #submit(e: Event, form: 'centre' | 'rule', fields: Field[]) {
    e.preventDefault();
    this.at = form;
    this.note = '';
    const values = this[form];
    const errs = Object.fromEntries(fields.map((f) => [f.name, fieldError(f, values[f.name], (k) => this.t(k))]));
    this.errs = errs;
    if (Object.values(errs).some(Boolean)) {
      await this.updateComplete;
      return this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
    // Built from the form's fields; the API checks it and answers each refusal with the field's path.
    const payload: Record<string, unknown> = {};
    for (const f of fields) {
      const v = (values[f.name] ?? '').trim();
      if (v) payload[f.name] = f.parse ? f.parse(v) : v;
    }
    if (form === 'centre') {
      if (await this.save('POST', '/cost-centres', [], payload as WriteBody<'/cost-centres', 'POST'>)) this.centre = {};
    } else if (
      await this.save('POST', '/cost-centre-mappings', [], payload as WriteBody<'/cost-centre-mappings', 'POST'>)
    ) {
      this.rule = { source: 'employee', priority: '100' };
    }
  }
}
