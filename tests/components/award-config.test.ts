// The award rates element in sample mode and against a stubbed API: the rates of the chosen classification
// for permanent and casual employees, every level of both awards (General Retail, Hospitality with its
// evening and night amounts), the request for the award, assignment emitted as payrail-save, German text,
// Germany's "not available" state, 390 px without overflow, and no axe-core violations.
import { expect, fixture, html, oneEvent, q, qa, settled, text, axeViolations } from './support.js';
import { API, realFetch, seen, stubApi } from './stub-api.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');

async function place(markup: ReturnType<typeof html>, width = 1000) {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px">${markup}</div>`);
  const el = wrap.firstElementChild as HTMLElement;
  await settled(el, loaded);
  return el;
}

// The rows the API names, in its order (GET /awards/{code} `rate_kinds`).
const KINDS = [
  'ordinary',
  'evening',
  'saturday',
  'sunday',
  'public_holiday',
  'overtime_first',
  'overtime_after',
  'overtime_sunday',
  'overtime_public_holiday',
];
const rates = (base: string[]) => Object.fromEntries(KINDS.map((k, i) => [k, base[i]]));
const LIVE = {
  code: 'MA000004',
  name: 'General Retail Industry Award 2020',
  rates_from: '2025-07-01',
  clauses: {},
  rate_kinds: KINDS,
  classifications: [
    {
      code: 'level_1',
      name: 'Retail Employee Level 1',
      weekly_rate: '1008.90',
      hourly_rate: '26.55',
      rates: {
        permanent: rates(['26.55', '33.19', '33.19', '39.83', '59.74', '39.83', '53.10', '53.10', '66.38']),
        casual: rates(['33.19', '39.83', '39.83', '46.46', '66.38', '46.46', '59.74', '59.74', '73.01']),
      },
    },
  ],
  flat_amounts: [],
  minimum_engagement: { casual_hours: '3', clause: 'MA000004 cl. 11', note: '' },
  overtime: {
    daily_hours: '9',
    weekly_hours: '38',
    first_tier_hours: '3',
    first_tier_days: 'monday_to_saturday',
    unsettled: null,
  },
};
const selects = (el: Element) => qa<HTMLSelectElement>(el, 'select');

describe('payrail-award-config', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('shows the sample award with a classification’s permanent and casual rates', async () => {
    const el = await place(html`<payrail-award-config country="AU"></payrail-award-config>`);
    const t = text(el);
    expect(t).to.contain('Award rates');
    expect(t).to.contain('Sample data');
    expect(t).to.contain('General Retail Industry Award 2020');
    expect(t).to.contain('Minimum rates from 1 July 2025');
    expect(qa(el, 'tbody tr').length).to.equal(9);
    const sunday = qa(el, 'tbody tr')[3].textContent!;
    expect(sunday).to.contain('Sunday');
    expect(sunday).to.contain('39.83');
    expect(sunday).to.contain('46.46');
    expect(t).to.contain('A casual shift is paid at least 3 hours.');
    const select = selects(el)[1];
    expect([...select.options].map((o) => o.value)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `level_${n}`));
    select.value = 'level_2';
    select.dispatchEvent(new Event('change'));
    await (el as any).updateComplete;
    expect(qa(el, 'tbody tr')[0].textContent).to.contain('27.16');
    expect(qa(el, 'tbody tr')[0].textContent).to.contain('33.95');
    select.value = 'level_8';
    select.dispatchEvent(new Event('change'));
    await (el as any).updateComplete;
    expect(qa(el, 'tbody tr')[3].textContent).to.contain('48.68');
    expect(qa(el, 'tbody tr')[3].textContent).to.contain('56.79');
  });

  it('switches to the Hospitality award: its levels, evening and night amounts, and what it leaves unset', async () => {
    const el = await place(html`<payrail-award-config country="AU"></payrail-award-config>`);
    const award = selects(el)[0];
    expect([...award.options].map((o) => o.textContent!.trim())).to.deep.equal([
      'General Retail Industry Award',
      'Hospitality Industry (General) Award',
    ]);
    award.value = 'MA000009';
    award.dispatchEvent(new Event('change'));
    await settled(el, (e) => text(e).includes('Hospitality Industry (General) Award 2020'));
    const t = text(el);
    expect(t).to.contain('Monday to Friday evenings (19:00 to 00:00): $2.81 more an hour or part hour');
    expect(t).to.contain('Monday to Friday nights (00:00 to 07:00): $4.22 more an hour or part hour');
    expect(t).to.contain('A casual shift is paid at least 2 hours.');
    expect(selects(el)[1].options.length).to.equal(7);
    const rows = qa(el, 'tbody tr').map((tr) => tr.textContent!);
    expect(rows.length).to.equal(6);
    expect(rows[0]).to.contain('24.28');
    expect(rows[4]).to.contain('Overtime, first 2 hours');
    expect(rows[4]).to.contain('Not available: enter by hand');
    expect(t).to.not.contain('MA000009');
  });

  it('tabulates the rows the API names, in its order', async () => {
    stubApi({ status: 200, body: { data: { ...LIVE, rate_kinds: ['sunday', 'ordinary', 'public_holiday'] } } });
    const el = await place(
      html`<payrail-award-config api-url=${API} tenant-id="ten_stub" embed-token="tok"></payrail-award-config>`,
    );
    const rows = qa(el, 'tbody tr').map((tr) => tr.textContent!);
    expect(rows.length).to.equal(3);
    expect(rows[0]).to.contain('Sunday');
    expect(rows[0]).to.contain('39.83');
    expect(rows[1]).to.contain('26.55');
    expect(rows[2]).to.contain('66.38');
  });

  it('asks the API for the award and emits the assignment for an employee', async () => {
    stubApi({ status: 200, body: { data: LIVE } });
    const el = await place(
      html`<payrail-award-config
        api-url=${API}
        tenant-id="ten_stub"
        embed-token="tok"
        employee-id="emp_1"
      ></payrail-award-config>`,
    );
    expect(seen.some((u) => u.includes('/tenants/ten_stub/awards/MA000004'))).to.equal(true);
    const states = selects(el)[2];
    states.value = 'VIC';
    states.dispatchEvent(new Event('change'));
    const save = oneEvent(el, 'payrail-save');
    q<HTMLButtonElement>(el, 'button.primary').click();
    expect((await save).detail).to.deep.equal({
      form: 'award',
      employee_id: 'emp_1',
      payload: { award: 'MA000004', classification: 'level_1', state: 'VIC' },
    });
    expect(text(el)).to.not.contain('level_1');
  });

  it('speaks German, and says a German employer has no awards', async () => {
    const de = await place(html`<payrail-award-config country="AU" lang="de"></payrail-award-config>`);
    expect(text(de)).to.contain('Tarifsätze');
    expect(text(de)).to.contain('Sonntag');
    const none = await place(html`<payrail-award-config country="DE"></payrail-award-config>`);
    expect(qa(none, 'table').length).to.equal(0);
    expect(text(none).length).to.be.greaterThan(10);
  });

  it('at 390 px it stays inside its container', async () => {
    const el = await place(
      html`<payrail-award-config country="AU" employee-id="sample-employee-1"></payrail-award-config>`,
      390,
    );
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
    expect(el.getBoundingClientRect().width).to.be.at.most(391);
  });

  it('has no axe-core violations, wide and narrow, English and German', async () => {
    for (const [lang, width] of [
      ['en', 1000],
      ['en', 390],
      ['de', 1000],
    ] as const) {
      const el = await place(
        html`<payrail-award-config country="AU" lang=${lang} employee-id="sample-employee-1"></payrail-award-config>`,
        width,
      );
      expect(await axeViolations(el), `${lang} ${width}`).to.deep.equal([]);
    }
  });
});
