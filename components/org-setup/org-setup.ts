import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { tokens } from '../internal/styles.js';
import { SetupElement, setupStyles } from '../internal/setup.js';
import { fieldError, formStyles, renderField, type Field } from '../internal/forms.js';
import { skeletonLines } from '../internal/states.js';
import { isAbn } from '../internal/identifiers.js';
import type { Company, Country, PaySchedule, Site, WriteBody } from '../client/models.js';
import { card, header } from '../internal/card.js';

interface Loaded {
  c: Company;
  sites: Site[];
  schedules: PaySchedule[];
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const SITE: Field[] = [
  { name: 'name', label: 'siteName', required: true },
  { name: 'code', label: 'siteCode', required: true, check: (v) => (/^[\p{L}\p{N}]/u.test(v) ? null : 'errRequired') },
  { name: 'state', label: 'osState' },
];

/** The company fields the API takes in each country, named by their paths. */
function companyFields(cc: Country): Field[] {
  const own: Field[] =
    cc === 'DE'
      ? [
          {
            name: 'betriebsnummer',
            label: 'betriebsnummer',
            numeric: true,
            check: (v) => (/^\d{8}$/.test(v) ? null : 'errBnr'),
          },
          { name: 'steuernummer', label: 'steuernummer', secret: true },
          {
            name: 'lsta_period',
            label: 'lstaPeriod',
            options: [
              ['monthly', 'monthly'],
              ['quarterly', 'quarterly'],
              ['annual', 'yearly'],
            ],
          },
        ]
      : [
          { name: 'abn', label: 'abn', numeric: true, check: (v) => (isAbn(v) ? null : 'errAbn') },
          { name: 'branch', label: 'abnBranch', numeric: true, check: (v) => (/^\d{3}$/.test(v) ? null : 'errBranch') },
        ];
  return [
    { name: 'legal_name', label: 'legalName', required: true },
    { name: 'trading_name', label: 'tradingName' },
    ...own,
    { name: 'payroll_contact.name', label: 'contactName' },
    { name: 'payroll_contact.email', label: 'email', type: 'email' },
    { name: 'payroll_contact.phone', label: 'phone' },
    { name: 'address.line1', label: 'street' },
    { name: 'address.locality', label: 'town' },
    { name: 'address.state', label: 'osState' },
    { name: 'address.postcode', label: 'postcode' },
  ];
}

/** A value on file as the form shows it ('' for none, and for the Steuernummer, shown only masked). */
const onFile = (c: Company, path: string): string => {
  const v = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], c);
  return path === 'steuernummer' || v == null ? '' : String(v);
};

/**
 * The employer's setup: its company details with the country's own fields (ABN, branch and payroll
 * software ID in Australia; Betriebsnummer, Steuernummer and the Lohnsteuer-Anmeldung period in Germany),
 * its default pay schedule and working days, and its sites with add, archive and restore. Every change is
 * checked here, then emitted as a cancelable `payrail-save` naming the request for the page's backend; the
 * element writes itself only as `SetupElement` says.
 *
 * @summary Employer setup: company details, pay schedule, working days and sites.
 * @event payrail-save - A checked change. Detail: `{ form: 'org-setup', payload, request: { method, path } }`.
 * @event payrail-load - The setup was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart section - Each section (company, pay schedule and working days, sites).
 * @csspart site - Each site.
 * @csspart bms-id - The payroll software id the ATO knows this employer's reports by (AU; read-only).
 * @csspart button - Every button.
 * @csspart save-button - "Save" of the company details.
 * @csspart input - Every input.
 * @csspart error - The error message.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailOrgSetup extends SetupElement {
  static override tag = 'org-setup';
  static override styles = [tokens, formStyles, setupStyles];
  protected readonly form = 'org-setup';

  /** What was typed, by field path; untouched fields show what is on file. */
  @state() private values: Record<string, string> = {};
  @state() private site: Record<string, string> = {};
  @state() private days?: string[];
  /** The form whose write the errors are about. */
  @state() private at: 'company' | 'site' = 'company';

  #data = this.watch(
    new Task(this, {
      args: () => [this.api] as const,
      task: async ([api], { signal }): Promise<Loaded> => {
        const [c, sites, schedules] = await Promise.all([
          api.company({ signal }),
          api.sites({ signal }),
          api.paySchedules({ signal }),
        ]);
        return { c, sites, schedules };
      },
    }),
  );

  protected refresh() {
    void this.#data.run();
  }

  override render() {
    return card(html`
      ${header(this.t('orgSetup'), { end: this.sampleBadge() })}
      ${this.renderTask(
        this.#data,
        (d) => this.#body(d),
        () => skeletonLines(8, this.t('loading')),
      )}
    `);
  }

  #fields(d: Loaded): Field[] {
    const schedules = d.schedules.map((s) => [s.id, s.name] as const);
    return [
      ...companyFields(this.cc),
      { name: 'default_pay_schedule', label: 'defaultSchedule', options: schedules, wide: true },
    ];
  }

  #body(d: Loaded) {
    const fields = this.#fields(d);
    const input = (f: Field) =>
      renderField(f, {
        t: (k) => this.t(k),
        value: this.values[f.name] ?? onFile(d.c, f.name),
        error: this.at === 'company' ? this.errs[f.name] : undefined,
        set: (v) => (this.values = { ...this.values, [f.name]: v }),
        leave: () => (this.errs = { ...this.errs, [f.name]: fieldError(f, this.values[f.name], (k) => this.t(k)) }),
      });
    const days = this.days ?? d.c.work_week;
    const weekday = new Intl.DateTimeFormat(this.loc, { weekday: 'short', timeZone: 'UTC' });
    const general = this.at === 'company' ? this.#unmatched(fields.map((f) => f.name).concat('work_week')) : '';
    return html`<form novalidate part="section" @submit=${(e: Event) => this.#saveCompany(e, d, fields)}>
        <h3>${this.t('osDetails')}</h3>
        ${
          d.c.steuernummer_last4
            ? html`<p class="sub">${this.t('steuernummer')} · ${this.t('onFile')} …${d.c.steuernummer_last4}</p>`
            : nothing
        }
        ${
          // Payrail's own id for the ATO: shown so the employer can quote it, never edited.
          d.c.bms_id ? html`<p class="sub" part="bms-id">${this.t('bmsId')} · ${d.c.bms_id}</p>` : nothing
        }
        <div class="fields">${fields.slice(0, -1).map(input)}</div>
        <h3>${this.t('osPay')}</h3>
        <div class="fields">${input(fields[fields.length - 1])}</div>
        <fieldset class="days" aria-invalid=${this.errs.work_week ? 'true' : 'false'}>
          <legend>${this.t('workWeek')}</legend>
          ${DAYS.map(
            (day, i) =>
              html`<label class="day"
                ><input
                  type="checkbox"
                  part="input"
                  .checked=${days.includes(day)}
                  @change=${(e: Event) => {
                    const now = this.days ?? d.c.work_week;
                    this.days = (e.target as HTMLInputElement).checked
                      ? DAYS.filter((x) => x === day || now.includes(x))
                      : now.filter((x) => x !== day);
                  }}
                />${weekday.format(Date.UTC(2026, 10, 23 + i))}</label
              >`,
          )}
          ${this.errs.work_week ? html`<p class="ferr">${this.errs.work_week}</p>` : nothing}
        </fieldset>
        ${general ? html`<p class="ferr" role="alert" part="error">${general}</p>` : nothing}
        <div class="bar">
          <p class="note" aria-live="polite">${this.at === 'company' ? this.note : ''}</p>
          <button class="btn primary" part="button save-button">${this.t('save')}</button>
        </div>
      </form>
      ${this.#sites(d)}`;
  }

  /** API errors no input shows, as one message. */
  #unmatched(names: string[]): string {
    return Object.entries(this.errs)
      .filter(([k, v]) => v && !names.includes(k))
      .map(([, v]) => v)
      .join(' ');
  }

  #sites(d: Loaded) {
    const input = (f: Field) =>
      renderField(
        { ...f, name: `site-${f.name}` },
        {
          t: (k) => this.t(k),
          value: this.site[f.name] ?? '',
          error: this.at === 'site' ? this.errs[f.name] : undefined,
          set: (v) => (this.site = { ...this.site, [f.name]: v }),
          leave: () => undefined,
        },
      );
    const general = this.at === 'site' ? this.#unmatched(SITE.map((f) => f.name)) : '';
    return html`<form novalidate part="section" @submit=${(e: Event) => this.#addSite(e)}>
      <h3>${this.t('sites')}</h3>
      ${
        d.sites.length
          ? html`<ul class="plain">
              ${d.sites.map((s) => {
                const archived = s.status === 'archived';
                const label = this.t(archived ? 'restore' : 'archive');
                return html`<li class="row" part="site">
                  <span
                    ><b>${s.name}</b>
                    <span class="sub">${[s.code, s.state].filter(Boolean).join(' · ')}</span>
                    ${archived ? html`<span class="pill">${this.t('archivedPill')}</span>` : nothing}</span
                  >
                  <button
                    type="button"
                    class="btn"
                    part="button"
                    aria-label="${label}: ${s.name}"
                    @click=${() => {
                      this.at = 'site';
                      void this.save('PATCH', '/sites/{siteCode}', [s.code], {
                        status: archived ? 'active' : 'archived',
                      });
                    }}
                  >
                    ${label}
                  </button>
                </li>`;
              })}
            </ul>`
          : html`<p class="sub">${this.t('noSites')}</p>`
      }
      <div class="fields">${SITE.map(input)}</div>
      ${general ? html`<p class="ferr" role="alert" part="error">${general}</p>` : nothing}
      <div class="bar">
        <p class="note" aria-live="polite">${this.at === 'site' ? this.note : ''}</p>
        <button class="btn" part="button">${this.t('addSite')}</button>
      </div>
    </form>`;
  }

  async #saveCompany(e: Event, d: Loaded, fields: Field[]) {
    e.preventDefault();
    this.at = 'company';
    this.note = '';
    const days = this.days ?? d.c.work_week;
    const errs: Record<string, string> = Object.fromEntries(
      fields.map((f) => [f.name, fieldError(f, this.values[f.name] ?? onFile(d.c, f.name), (k) => this.t(k))]),
    );
    if (!days.length) errs.work_week = this.t('errOneDay');
    this.errs = errs;
    if (Object.values(errs).some(Boolean)) return this.#focusInvalid();
    const payload: Record<string, unknown> = {};
    const shown = (name: string) => (this.values[name] ?? onFile(d.c, name)).trim();
    for (const f of fields) {
      const v = this.values[f.name];
      if (v === undefined || v.trim() === onFile(d.c, f.name)) continue;
      const [group] = f.name.split('.');
      if (group === 'payroll_contact')
        payload[group] = {
          name: shown(`${group}.name`),
          email: shown(`${group}.email`),
          phone: shown(`${group}.phone`),
        };
      else if (group === 'address')
        payload[group] = {
          line1: shown('address.line1'),
          locality: shown('address.locality'),
          state: shown('address.state') || null,
          postcode: shown('address.postcode') || null,
          country: this.cc,
        };
      else payload[f.name] = v.trim() || null;
    }
    if (this.days && this.days.join() !== d.c.work_week.join()) payload.work_week = this.days;
    if (!Object.keys(payload).length) return;
    if (await this.save('PATCH', '/company', [], payload as WriteBody<'/company', 'PATCH'>)) {
      this.values = {};
      this.days = undefined;
    } else this.#focusInvalid();
  }

  async #addSite(e: Event) {
    e.preventDefault();
    this.at = 'site';
    this.note = '';
    const errs = Object.fromEntries(SITE.map((f) => [f.name, fieldError(f, this.site[f.name], (k) => this.t(k))]));
    this.errs = errs;
    if (Object.values(errs).some(Boolean)) return this.#focusInvalid();
    const payload = Object.fromEntries(
      SITE.map((f) => [f.name, (this.site[f.name] ?? '').trim()]).filter(([, v]) => v),
    );
    if (await this.save('POST', '/sites', [], payload as WriteBody<'/sites', 'POST'>)) this.site = {};
  }

  #focusInvalid() {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }
}
