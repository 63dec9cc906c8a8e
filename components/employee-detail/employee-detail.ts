import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { term } from '../internal/terms.js';
import { skeletonLines } from '../internal/states.js';
import { firstEmployee } from '../internal/summary.js';
import { readinessVerdict, tabDone } from '../internal/figures.js';
import { CURRENCIES, humanize, initials } from '../internal/format.js';
import type { MessageKey } from '../internal/i18n.js';
import { PayrailApiError } from '../client/errors.js';
import type { Employee, LeaveTerms, OpenFlags, Readiness } from '../client/models.js';
import { formStyles } from '../internal/forms.js';
import styles from './employee-detail.styles.js';
import type { OpeningsPanel } from './year-to-date-openings.js';
import { card } from '../internal/card.js';

let openingsChunk: Promise<typeof import('./year-to-date-openings.js')> | undefined;

// Keys that could carry an identifier; only their boolean attestations are ever shown.
const SENSITIVE = /(tfn|number|nummer|account|bsb|iban|ssn|steuer_?id|usi|ird|nino)/i;
const TABS: Record<string, MessageKey> = {
  personal: 'personal',
  employment: 'employment',
  tax: 'tax',
  bank: 'bank',
  social: 'social',
};

interface Loaded {
  e: Employee;
  r: Readiness | null;
}

/** The yes/no flags the tax-free threshold answer stands for. */
const THRESHOLD_FLAGS = ['tax_free_threshold', 'tax_free_threshold_answered'];

/**
 * One employee: profile, employment terms, statutory attestations (flags only, never
 * identifiers) and payroll readiness verdicts.
 *
 * @summary Employee detail.
 * @event payrail-view-employee - "Review" was pressed on an incomplete readiness area. Detail: `{ id, section }`.
 * @event payrail-save - A German employee's year-to-date figures from before Payrail passed their checks
 *   (`form: 'year-to-date-openings'`, the `PUT …/year-to-date-openings` body as `payload`). Detail: `{ form, employee_id, payload, request }`.
 * @event payrail-cancel - Entering the figures from before Payrail was abandoned. Detail: `{ form, employee_id }`.
 * @event payrail-load - The employee was shown. Detail: `{ sample }`.
 * @event payrail-error - The employee could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - Name, status and identifiers.
 * @csspart section - Each panel (employment, attestations, readiness).
 * @csspart pill - Status pills.
 * @csspart button - Every button ("Review", "Try again").
 * @csspart action-button - "Review" on an incomplete readiness area.
 * @csspart leave-terms-button - AU: "Show leave terms", which reads the yearly entitlement and the leave loading.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart badge - The "Sample data" marker.
 * @csspart openings - German employees: the year-to-date figures from before Payrail, or the form that enters them.
 */
export class PayrailEmployeeDetail extends PayrailElement {
  static override tag = 'employee-detail';
  static override styles = [tokens, styles, formStyles];

  /** Defaults to the token's pinned employee, else the first employee. */
  @property({ attribute: 'employee-id' }) employeeId?: string;
  /** The reason the element records figures from before Payrail with, when the page lets it write (3-500 characters). */
  @property({ attribute: 'governance-reason' }) governanceReason?: string;

  @state() private openings?: { id: string; panel: OpeningsPanel };
  /** AU leave terms, read when asked for: `terms` is undefined while loading and null when they cannot be read. */
  @state() private leaveTerms?: { id: string; terms: LeaveTerms | null | undefined };

  /** The leave terms load on first use, so showing an employee costs two reads, not three. */
  #showLeaveTerms(id: string) {
    this.leaveTerms = { id, terms: undefined };
    void this.api
      .leaveTerms(id)
      .catch(() => null)
      .then((terms) => {
        if (this.leaveTerms?.id === id) this.leaveTerms = { id, terms };
      });
  }

  /** "Before Payrail" loads its form on first use: pages that never open it never download it. */
  #openOpenings(id: string) {
    void (openingsChunk ??= import('./year-to-date-openings.js')).then((m) => {
      const panel = new m.OpeningsPanel(
        {
          ...this.port,
          lang: () => this.lng,
          governanceReason: () => this.governanceReason,
          money: (v) => this.f.money(v, 'EUR'),
          date: (d) => this.f.date(d),
          evidence: (ev) => this.evidenceLink(ev, 'openings', this.t('beforePayrail')),
          updated: () => this.updateComplete,
          root: () => this.renderRoot,
        },
        id,
      );
      this.openings = { id, panel };
      return panel.load();
    });
  }

  #beforePayrail(e: Employee) {
    if (this.cc !== 'DE') return nothing;
    if (this.openings?.id === e.id) return this.openings.panel.render();
    return html`<div class="panel wide" part="section openings" role="group" aria-labelledby="ytd-open">
      <div class="rhead">
        <h3 id="ytd-open">${this.t('beforePayrail')}</h3>
        <button type="button" class="btn sm" part="button action-button" @click=${() => this.#openOpenings(e.id)}>
          ${this.t('showFigures')}
        </button>
      </div>
    </div>`;
  }

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.employeeId] as const,
      task: async ([api, id], { signal }): Promise<Loaded> => {
        // Without an id: the first employee the caller may see, which for an employee-pinned token is
        // that employee. The list row is the same view as the single read, and the request is shared.
        const first = id ? undefined : (await firstEmployee(api, signal)).data[0];
        const eid = id || first?.id;
        if (!eid) throw new PayrailApiError({ code: 'not_found', message: 'No employees', status: 404 });
        const [e, r] = await Promise.all([
          first ?? api.employee(eid, { signal }),
          api.readiness(eid, { signal }).catch(() => null),
        ]);
        return { e, r };
      },
    }),
  );

  override render() {
    return card(
      this.renderTask(
        this.#data,
        (d) => this.#body(d),
        () => skeletonLines(8, this.t('loading')),
      ),
    );
  }

  #body({ e, r }: Loaded) {
    const em = e.employment ?? ({} as Employee['employment']);
    const cur = CURRENCIES[this.cc];
    const tp = Object.entries(e.tax_profile ?? {});
    const flags: OpenFlags = {
      ...Object.fromEntries(tp.filter(([, v]) => typeof v === 'boolean')),
      ...((e.statutory as Record<string, unknown> | undefined)?.[this.cc.toLowerCase()] as OpenFlags | undefined),
    };
    // Question 9 of the TFN declaration in one answer: claimed, not claimed, or not answered (so not claimed).
    const threshold: MessageKey | null =
      typeof flags.tax_free_threshold_answered !== 'boolean'
        ? null
        : flags.tax_free_threshold === true
          ? 'thresholdClaimed'
          : flags.tax_free_threshold_answered
            ? 'thresholdNotClaimed'
            : 'thresholdOpen';
    const profile = tp.filter(
      ([k, v]) => (typeof v === 'string' || typeof v === 'number') && v !== '' && !SENSITIVE.test(k) && !(k in flags),
    );
    return html` <header class="head" part="header">
        <div class="who">
          <span class="avatar lg" aria-hidden="true">${initials(e)}</span>
          <div>
            <h2 id="title">${e.first_name} ${e.last_name}</h2>
            <p class="sub">
              ${[e.position, this.statusLabel(em.type ?? ''), e.site, e.cost_centre_code].filter(Boolean).join(' · ')}
              ${this.evidenceLink(e.evidence_id, 'employee', `${e.first_name} ${e.last_name}`)}
            </p>
          </div>
        </div>
        ${this.sampleBadge()}
        <span class="pill s-${e.status}" part="pill">${this.statusLabel(e.status)}</span>
      </header>
      <div class="grid">
        <section class="panel" part="section" aria-labelledby="emp">
          <h3 id="emp">${this.t('employment')}</h3>
          <dl>
            ${this.#row('employmentType', this.statusLabel(em.type ?? ''))}
            ${this.#row('frequency', this.statusLabel(em.pay_frequency ?? ''))}
            ${em.annual_salary != null ? this.#row('salary', this.f.money(em.annual_salary, cur)) : nothing}
            ${em.hourly_rate != null ? this.#row('hourlyRate', this.f.money(em.hourly_rate, cur)) : nothing}
            ${em.hours_per_week != null ? this.#row('hoursPerWeek', this.f.num(em.hours_per_week)) : nothing}
            ${this.#row('startDate', this.f.date(em.start_date))}
            ${em.end_date ? this.#row('endDate', this.f.date(em.end_date)) : nothing}
            ${this.#row('costCentre', e.cost_centre_code ?? '—')}
            ${typeof e.employee_number === 'string' && e.employee_number ? this.#row('employeeNumber', e.employee_number) : nothing}
            ${this.cc === 'AU' ? this.#leaveRows(e.id) : nothing}
          </dl>
        </section>
        <section class="panel" part="section" aria-labelledby="att">
          <h3 id="att">${this.t('attestations')}</h3>
          ${
            typeof flags.tfn_declaration === 'string'
              ? html`<dl class="declaration">
                  <div>
                    <dt>${term('tfn_declaration_state', this.lng)}</dt>
                    <dd>${term(`declaration_${flags.tfn_declaration}`, this.lng)}</dd>
                  </div>
                  ${threshold ? this.#row('taxFreeThresholdQ', this.t(threshold)) : nothing}
                </dl>`
              : nothing
          }
          <ul class="flags">
            ${Object.entries(flags)
              .filter(([k, v]) => typeof v === 'boolean' && !(threshold && THRESHOLD_FLAGS.includes(k)))
              .map(([k, v]) => {
                // An attestation is good or missing; any other yes/no is a neutral fact.
                const att = k.endsWith('_attested');
                return html` <li class=${att ? (v ? 'ok' : 'no') : 'fact'}>
                  ${att ? (v ? icons.check : icons.alert) : icons.dot}<span>${term(k, this.lng)}</span>
                  <em>${this.t(att ? (v ? 'attested' : 'notAttested') : v ? 'yes' : 'no')}</em>
                </li>`;
              })}
          </ul>
          ${
            profile.length
              ? html`<h3 class="sp">${this.t('taxProfile')}</h3>
                  <dl>
                    ${profile.map(
                      ([k, v]) =>
                        html`<div>
                          <dt>${term(k, this.lng)}</dt>
                          <dd>${/^[a-z_]{4,}$/.test(String(v)) ? humanize(String(v)) : String(v)}</dd>
                        </div>`,
                    )}
                  </dl>`
              : nothing
          }
        </section>
        ${r ? this.#readiness(e, r) : nothing} ${this.#beforePayrail(e)}
      </div>`;
  }

  #leaveRows(id: string) {
    const shown = this.leaveTerms?.id === id ? this.leaveTerms : undefined;
    if (shown?.terms) return this.#leave(shown.terms);
    return html`<div>
      <dt>${this.t('leaveTerms')}</dt>
      <dd>
        ${
          !shown
            ? html`<button
                type="button"
                class="btn sm"
                part="button leave-terms-button"
                @click=${() => this.#showLeaveTerms(id)}
              >
                ${this.t('showLeaveTerms')}
              </button>`
            : shown.terms === undefined
              ? this.t('loading')
              : this.t('leaveTermsUnavailable')
        }
      </dd>
    </div>`;
  }

  /** The leave terms in words: the yearly entitlement and its basis, and the annual leave loading and why. */
  #leave(l: LeaveTerms) {
    const loading = l.annual_leave_loading;
    const p = loading ? this.f.num(loading.percent, { maximumFractionDigits: 2 }) : '';
    return html`${
      Number(l.annual_entitlement_hours) > 0
        ? this.#row(
            'annualLeaveTerms',
            `${this.t('annualLeaveHours', { n: this.f.num(l.annual_entitlement_hours) })} (${this.t(
              l.entitlement_basis === 'nes' ? 'leaveNes' : 'leaveEmployer',
            )})`,
          )
        : nothing
    }
    ${this.#row(
      'leaveLoading17',
      !loading
        ? this.t('loadingNone')
        : loading.source === 'award'
          ? this.t('loadingAward', { p, award: loading.award_name ?? '' })
          : this.t('loadingContract', { p }),
    )}`;
  }

  #row(label: MessageKey, value: string) {
    return html`<div>
      <dt>${this.t(label)}</dt>
      <dd>${value}</dd>
    </div>`;
  }

  #readiness(e: Employee, r: Readiness) {
    const [pillClass, pillText] = readinessVerdict(r);
    const tabLabel = (k: string) =>
      TABS[k] ? this.t(TABS[k]) : k === 'super' ? this.t(this.cc === 'AU' ? 'super' : 'pension') : term(k, this.lng);
    // A group inside the card, not a landmark of its own: the card is the landmark.
    return html`<div class="panel wide" part="section" role="group" aria-labelledby="rdy">
      <div class="rhead">
        <h3 id="rdy">${this.t('readiness')}</h3>
        <span class="pill ${pillClass}" part="pill">${this.t(pillText)}</span>
      </div>
      <ul class="tabs">
        ${Object.entries(r.tabs ?? {}).map(([k, tab]) => {
          const done = tabDone(tab);
          return html`<li>
            <span class="tab-ic ${done ? 'complete' : 'incomplete'}">${done ? icons.check : icons.alert}</span>
            <div class="tab-main">
              <b>${tabLabel(k)}</b>
              ${tab.missing?.length ? html`<span class="sub">${this.t('missing', { x: tab.missing.map((m) => term(m, this.lng)).join(', ') })}</span>` : nothing}
            </div>
            ${
              done
                ? html`<span class="pill s-complete">${this.t('complete')}</span>`
                : html`<span class="vh">${this.statusLabel(tab.status)}</span>
                    <button
                      class="btn sm"
                      part="button action-button"
                      aria-label="${this.t('review')}: ${tabLabel(k)}"
                      @click=${() => this.emit('payrail-view-employee', { id: e.id, section: k })}
                    >
                      ${this.t('review')}
                    </button>`
            }
          </li>`;
        })}
      </ul>
      ${
        r.unverified_requirements?.length
          ? html`<p class="unverified">
              <b>${this.t('unverified')}:</b> ${r.unverified_requirements.map((u) => term(u, this.lng)).join(', ')}
            </p>`
          : nothing
      }
    </div>`;
  }
}
