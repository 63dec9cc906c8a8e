// "Werte vor Payrail" on a German employee's page, against a stub API: the figures of the year before Payrail
// entered once in German, amounts typed the German way (46.500,03), checked in the browser, handed to the page
// as the `PUT …/year-to-date-openings` body and written with the element's governance reason where the token
// allows the employee page; once recorded they show read-only. No axe-core violations.
import { sampleApi } from '../../components/internal/sample/api.js';
import { API, realFetch } from './stub-api.js';
import { axeViolations, expect, mount, oneEvent, q, qa, settled, text, waitUntil } from './support.js';
import { fill, input } from './form-stub.js';

interface Sent {
  method: string;
  url: string;
  body: unknown;
  reason: string | null;
}

const RECORDED = {
  employee_id: 'emp_stub',
  tax_year_start: '2026-01-01',
  as_at: '2026-09-30',
  figures: { sv_wage_kv_pv: '46500.03', sv_wage_rv_av: '46500.03', taxable_wage: '46500.03', income_tax: '7487.19' },
  recorded_at: '2026-10-01T08:00:00Z',
  evidence_id: 'cev_ytd',
};

async function stubDe(o: { components?: string[]; onFile?: unknown; refuse?: boolean } = {}): Promise<Sent[]> {
  const employee = { ...(await sampleApi('DE').load()).employees[0], id: 'emp_stub' };
  const sent: Sent[] = [];
  let onFile = o.onFile ?? null;
  window.fetch = async (req: RequestInfo | URL, init?: RequestInit) => {
    const url = String(req instanceof Request ? req.url : req);
    if (!url.startsWith(API)) return realFetch(req, init);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body, reason: new Headers(init?.headers).get('x-governance-reason') });
    const json = (status: number, b: unknown) =>
      new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
    const path = new URL(url).pathname;
    if (path.endsWith('/me'))
      return json(200, { data: { mode: 'embed', components: o.components ?? ['employee-detail'], employee_id: null } });
    if (path.endsWith('/year-to-date-openings')) {
      if (method === 'PUT' && o.refuse)
        return json(422, {
          error: {
            code: 'pack_validation_failed',
            message: 'Pack rules failed',
            status: 422,
            violations: [
              {
                rule: 'DE-2026.3/year_to_date/above_annual_ceiling',
                path: 'figures.sv_wage_kv_pv',
                message: 'More than the 2026 annual ceiling of 69750.00.',
              },
            ],
          },
        });
      if (method === 'PUT') {
        onFile = RECORDED;
        return json(200, { data: RECORDED, evidence_id: 'cev_ytd' });
      }
      return json(200, { data: onFile });
    }
    if (path.endsWith('/employees/emp_stub')) return json(200, { data: employee });
    return json(404, { error: { code: 'not_found', message: 'Not found', status: 404 } });
  };
  return sent;
}

const open = async (attrs: Record<string, string> = {}) => {
  const el = await settled(
    await mount<HTMLElement>('payrail-employee-detail', {
      'api-url': API,
      'tenant-id': 'ten_stub',
      'embed-token': 'tok',
      'employee-id': 'emp_stub',
      country: 'DE',
      ...attrs,
    }),
  );
  q(el, '[part~="openings"] [part~="action-button"]').click();
  await waitUntil(() => {
    const shown = q(el, '[part~="openings"]').textContent ?? '';
    return !shown.includes('Werte anzeigen') && !shown.includes('Wird geladen');
  }, 'the figures before Payrail did not load');
  return el;
};

describe('payrail-employee-detail: Werte vor Payrail', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('a German employee without figures: the section explains them and offers to enter them, in German', async () => {
    await stubDe();
    const el = await open();
    const section = q(el, '[part~="openings"]');
    expect(section.textContent).to.include('Werte vor Payrail');
    expect(section.textContent).to.include('Für dieses Jahr sind keine Werte vor Payrail erfasst.');
    section.querySelector<HTMLElement>('[part~="action-button"]')!.click();
    await waitUntil(() => qa(el, '[part~="openings"] [part~="input"]').length > 0);
    const labels = qa(el, '[part~="openings"] label').map((l) => l.textContent!.replace(/\s+/g, ' ').trim());
    expect(labels.slice(0, 5)).to.deep.equal([
      'Stand (letzter abgerechneter Tag)',
      'SV-Brutto Kranken- und Pflegeversicherung',
      'SV-Brutto Renten- und Arbeitslosenversicherung',
      'Steuerpflichtiger Arbeitslohn',
      'Einbehaltene Lohnsteuer',
    ]);
    expect(text(el)).to.not.match(/sv_wage|taxable_wage|income_tax/);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('checked in the browser: a missing figure or a malformed amount is named at its field and nothing is sent', async () => {
    const sent = await stubDe();
    const el = await open({ 'governance-reason': 'Lohnkonto des bisherigen Programms übernommen' });
    q(el, '[part~="openings"] [part~="action-button"]').click();
    await waitUntil(() => qa(el, '[part~="openings"] [part~="input"]').length > 0);
    await fill(el, { as_at: '2026-09-30', sv_wage_kv_pv: '46.500,03', income_tax: '7.487,1x' });
    q(el, '[part~="openings"] [part~="save-button"]').click();
    await waitUntil(() => input(el, 'income_tax').getAttribute('aria-invalid') === 'true');
    expect(input(el, 'sv_wage_kv_pv').getAttribute('aria-invalid')).to.equal('false');
    expect(input(el, 'sv_wage_rv_av').getAttribute('aria-invalid')).to.equal('true');
    expect(text(el)).to.include('Ein Betrag in Euro, nicht negativ, mit höchstens zwei Nachkommastellen');
    expect(text(el)).to.include('Pflichtangabe');
    expect(sent.filter((s) => s.method !== 'GET')).to.deep.equal([]);
  });

  it('saved: the page is handed the body, the element writes it with its reason, and the figures then show read-only', async () => {
    const sent = await stubDe();
    const el = await open({ 'governance-reason': 'Lohnkonto des bisherigen Programms übernommen' });
    q(el, '[part~="openings"] [part~="action-button"]').click();
    await waitUntil(() => qa(el, '[part~="openings"] [part~="input"]').length > 0);
    await fill(el, {
      as_at: '2026-09-30',
      sv_wage_kv_pv: '46.500,03',
      sv_wage_rv_av: '46500,03',
      taxable_wage: '46500.03',
      income_tax: '7.487,19',
      church_tax: '1.200',
      source: 'Lohnkonto September 2026',
    });
    setTimeout(() => q(el, '[part~="openings"] [part~="save-button"]').click());
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail).to.deep.equal({
      form: 'year-to-date-openings',
      employee_id: 'emp_stub',
      payload: {
        as_at: '2026-09-30',
        figures: {
          sv_wage_kv_pv: '46500.03',
          sv_wage_rv_av: '46500.03',
          taxable_wage: '46500.03',
          income_tax: '7487.19',
          church_tax: '1200',
        },
        source: 'Lohnkonto September 2026',
      },
      request: { method: 'PUT', path: '/employees/emp_stub/year-to-date-openings' },
    });
    await waitUntil(() => text(el).includes('Erfasst bis'), 'the recorded figures did not show');
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.url).to.match(/\/employees\/emp_stub\/year-to-date-openings$/);
    expect(put.reason).to.equal('Lohnkonto des bisherigen Programms übernommen');
    const section = q(el, '[part~="openings"]');
    expect(section.textContent).to.include('Gespeichert.');
    expect(section.textContent!.replace(/\s+/g, ' ')).to.include('46.500,03');
    expect(section.querySelectorAll('[part~="input"]')).to.have.length(0);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('without a governance reason, or where the token does not allow the employee page, it is only handed over', async () => {
    const sent = await stubDe({ components: ['payslip-viewer'] });
    const el = await open({ 'governance-reason': 'Lohnkonto übernommen' });
    q(el, '[part~="openings"] [part~="action-button"]').click();
    await waitUntil(() => qa(el, '[part~="openings"] [part~="input"]').length > 0);
    await fill(el, {
      as_at: '2026-09-30',
      sv_wage_kv_pv: '46500.03',
      sv_wage_rv_av: '46500.03',
      taxable_wage: '46500.03',
      income_tax: '7487.19',
    });
    q(el, '[part~="openings"] [part~="save-button"]').click();
    await waitUntil(() => text(el).includes('übergeben'), 'not handed over');
    expect(sent.filter((s) => s.method === 'PUT')).to.deep.equal([]);
  });

  it('an SV wage above the year’s ceiling, refused by the API, is named at its field in German', async () => {
    await stubDe({ refuse: true });
    const el = await open({ 'governance-reason': 'Lohnkonto übernommen' });
    q(el, '[part~="openings"] [part~="action-button"]').click();
    await waitUntil(() => qa(el, '[part~="openings"] [part~="input"]').length > 0);
    await fill(el, {
      as_at: '2026-09-30',
      sv_wage_kv_pv: '80000',
      sv_wage_rv_av: '46500.03',
      taxable_wage: '46500.03',
      income_tax: '7487.19',
    });
    q(el, '[part~="openings"] [part~="save-button"]').click();
    await waitUntil(() => input(el, 'sv_wage_kv_pv').getAttribute('aria-invalid') === 'true');
    expect(text(el)).to.include('Mehr als die Jahresbeitragsbemessungsgrenze dieses Zweigs');
    expect(text(el)).to.not.include('Erfasst bis');
  });

  it('figures already on file are shown read-only, with no form', async () => {
    await stubDe({ onFile: RECORDED });
    const el = await open();
    const section = q(el, '[part~="openings"]');
    expect(section.textContent).to.include('Erfasst bis');
    expect(section.textContent).to.include('Einbehaltene Lohnsteuer');
    expect(section.querySelectorAll('form')).to.have.length(0);
  });

  it('an Australian employee has no such section', async () => {
    const el = await settled(await mount<HTMLElement>('payrail-employee-detail', { country: 'AU' }));
    expect(qa(el, '[part~="openings"]')).to.have.length(0);
  });
});
