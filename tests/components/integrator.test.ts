// Integrator ergonomics: German text and sample data arrive only when an element needs them; `lang`
// on an element or its provider wins over the country's language and re-renders when it changes;
// `strings` replaces catalogue text; parts are fine-grained and the dashboard exports its children's.
import type { LitElement } from 'lit';
import { expect, fixture, html, mount, needLive, q, qa, root, settled, waitUntil } from './support.js';

/** Source modules the page has fetched so far (the test server serves the TypeScript sources). */
const fetched = (name: string) =>
  performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.endsWith(name));
const title = (el: Element) => q(el, 'h2').textContent;
const update = async (...els: Element[]) => {
  await Promise.all(els.map((e) => (e as LitElement).updateComplete));
  await Promise.all(els.map((e) => (e as LitElement).updateComplete));
};

describe('integrator ergonomics', () => {
  // First in the file: each test file has a page of its own, so nothing has loaded either chunk yet.
  it('loads the German text and the sample data only once an element needs them', async function () {
    const l = await needLive(this);
    expect(fetched('/i18n-de.ts'), 'German before any German element').to.equal(false);
    expect(fetched('/sample/data.ts'), 'sample data before any sample element').to.equal(false);
    await settled(
      await mount('payrail-pay-runs-list', { 'api-url': l.url, 'tenant-id': l.tenants.au, 'embed-token': l.tokens.au }),
    );
    expect(fetched('/sample/data.ts'), 'a live element draws no sample data').to.equal(false);

    // The first render in German is already German: the element waits for the text, never flips.
    const seen: string[] = [];
    const de = document.createElement('payrail-pay-runs-list');
    de.setAttribute('country', 'DE');
    const watch = new MutationObserver(() => {
      const h = de.shadowRoot?.querySelector('h2')?.textContent;
      if (h) seen.push(h);
    });
    await fixture(html`<div></div>`).then((host) => {
      host.append(de);
      watch.observe(de.shadowRoot ?? de, { subtree: true, childList: true, characterData: true });
    });
    await settled(de);
    watch.disconnect();
    expect(title(de)).to.equal('Lohnläufe');
    expect(seen.filter((h) => h === 'Pay runs')).to.deep.equal([]);
    expect(fetched('/i18n-de.ts')).to.equal(true);
    expect(fetched('/sample/data.ts'), 'a sample element loads sample data').to.equal(true);
  });

  it('lang on the element wins over the country: its words and month names, with the number format of the country', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-pay-runs-list country="DE" lang="en"></payrail-pay-runs-list>`),
    );
    expect(title(el)).to.equal('Pay runs');
    const cells = [...qa(el, 'tbody tr')[0].querySelectorAll('td')].map((td) => td.textContent!.trim());
    expect(cells[0]).to.match(/^\d{1,2}–\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}/);
    // The newest run is the one still to be paid (the suite's day is before its payday).
    expect(cells[1]).to.match(/^To be paid on \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
    expect(cells[4]).to.match(/^[\d.]+,\d{2}\s€$/, 'German number format for a German employer');
  });

  it('lang on the provider wins over the country; an element lang wins over the provider', async () => {
    const wrap = await fixture<HTMLElement>(html`
      <payrail-provider country="DE" lang="en">
        <payrail-pay-runs-list id="inherits"></payrail-pay-runs-list>
        <payrail-pay-runs-list id="own" lang="de"></payrail-pay-runs-list>
      </payrail-provider>
    `);
    const [inherits, own] = ['inherits', 'own'].map((id) => wrap.querySelector<HTMLElement>(`#${id}`)!);
    await Promise.all([settled(inherits), settled(own)]);
    expect(title(inherits)).to.equal('Pay runs');
    expect(title(own)).to.equal('Lohnläufe');
  });

  it('changing lang on an element or on its provider re-renders in the new language', async () => {
    const wrap = await fixture<HTMLElement>(html`
      <payrail-provider country="AU">
        <payrail-pay-runs-list id="a"></payrail-pay-runs-list>
        <payrail-employees-list id="b"></payrail-employees-list>
      </payrail-provider>
    `);
    const provider = wrap as HTMLElement;
    const [a, b] = ['a', 'b'].map((id) => wrap.querySelector<HTMLElement>(`#${id}`)!);
    await Promise.all([settled(a), settled(b)]);
    expect([title(a), title(b)]).to.deep.equal(['Pay runs', 'Employees']);

    a.lang = 'de';
    await update(a);
    expect(title(a)).to.equal('Lohnläufe');
    expect(q(a, '[part~="badge"]').textContent).to.equal('Beispieldaten');

    provider.setAttribute('lang', 'de');
    await update(provider, b);
    expect(title(b)).to.equal('Mitarbeitende');
    expect(q<HTMLInputElement>(b, 'input').placeholder).to.equal('Mitarbeitende suchen');

    provider.removeAttribute('lang');
    a.removeAttribute('lang');
    await update(provider, a, b);
    expect([title(a), title(b)]).to.deep.equal(['Pay runs', 'Employees']);
  });

  it('strings replace catalogue text per element or for a whole provider, placeholders included', async () => {
    const wrap = await fixture<HTMLElement>(html`
      <payrail-provider country="AU" .strings=${{ payRuns: 'Payroll history', sample: 'Demo figures' }}>
        <payrail-pay-runs-list id="runs"></payrail-pay-runs-list>
        <payrail-employees-list
          id="people"
          .strings=${{ employees: 'Team', 'n.employees': '{n} people on the payroll', sample: 'Preview' }}
        ></payrail-employees-list>
      </payrail-provider>
    `);
    const [runs, people] = ['runs', 'people'].map((id) => wrap.querySelector<HTMLElement>(`#${id}`)!);
    await Promise.all([settled(runs), settled(people)]);
    expect(title(runs)).to.equal('Payroll history');
    expect(q(runs, '[part~="badge"]').textContent).to.equal('Demo figures');
    expect(title(people)).to.equal('Team');
    expect(q(people, '[part~="badge"]').textContent).to.equal('Preview');
    expect(q(people, '.sub').textContent).to.match(/^\d+ people on the payroll$/);
    expect(q(runs, 'th').textContent).to.equal('Period', 'keys without an override keep the catalogue text');

    (runs as HTMLElement & { strings?: object }).strings = { payRuns: 'Runs' };
    await update(runs);
    expect(title(runs)).to.equal('Runs');
  });

  it('the dashboard passes its strings to its tiles and charts, and exports their parts', async () => {
    const el = await fixture<HTMLElement>(
      html`<payrail-dashboard
        country="AU"
        .strings=${{ headcount: 'People paid', costSplit: 'Where the money went' }}
      ></payrail-dashboard>`,
    );
    await waitUntil(
      () =>
        qa(el, 'payrail-kpi-tile')[0]?.shadowRoot?.querySelector('[part~="value"]') && !q(el, 'payrail-chart[loading]'),
      'dashboard did not load',
      { timeout: 10000 },
    );
    const [tile] = qa(el, 'payrail-kpi-tile');
    expect(tile.shadowRoot!.querySelector('[part~="label"]')!.textContent).to.equal('People paid');
    const charts = qa(el, 'payrail-chart');
    await (charts[1] as LitElement).updateComplete;
    expect(charts[1].shadowRoot!.querySelector('h3')!.textContent).to.equal('Where the money went');

    const style = document.createElement('style');
    style.textContent = `
      payrail-dashboard::part(tile-value) { color: rgb(1, 2, 3); }
      payrail-dashboard::part(tile-card) { border-top-color: rgb(4, 5, 6); }
      payrail-dashboard::part(chart-card) { border-top-color: rgb(7, 8, 9); }
      payrail-dashboard::part(chart) { margin-top: 3px; }
    `;
    document.head.append(style);
    try {
      const value = tile.shadowRoot!.querySelector('[part~="value"]')!;
      expect(getComputedStyle(value).color).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(tile.shadowRoot!.querySelector('[part~="card"]')!).borderTopColor).to.equal(
        'rgb(4, 5, 6)',
      );
      expect(getComputedStyle(charts[0].shadowRoot!.querySelector('[part~="card"]')!).borderTopColor).to.equal(
        'rgb(7, 8, 9)',
      );
      expect(getComputedStyle(charts[0]).marginTop).to.equal('3px');
    } finally {
      style.remove();
    }
  });

  it('buttons and links carry fine-grained parts', async function () {
    const l = await needLive(this);
    const list = await settled(
      await fixture<HTMLElement>(html`<payrail-pay-runs-list page-size="2"></payrail-pay-runs-list>`),
    );
    expect(q(list, '[part~="load-more-button"]').textContent!.trim()).to.equal('Load more');
    expect(q(list, '[part~="load-more-button"]').matches('[part~="button"]')).to.equal(true);
    expect(qa(list, 'tbody [part~="link"]').length).to.equal(2);

    const detail = await settled(
      await mount(
        'payrail-pay-run-detail',
        { 'api-url': l.url, 'tenant-id': l.tenants.au, 'embed-token': l.roles.approver },
        {},
      ),
    );
    expect(qa(detail, 'tbody [part~="link"]').length).to.be.greaterThan(0);
    for (const b of qa(detail, '[data-action]')) expect(b.getAttribute('part')).to.equal('button action-button');

    const slip = await settled(
      await fixture<HTMLElement>(html`<payrail-payslip-viewer country="AU"></payrail-payslip-viewer>`),
    );
    expect(qa(slip, '[part~="action-button"]').map((b) => b.dataset.action)).to.deep.equal(['print', 'download']);

    const people = await settled(
      await fixture<HTMLElement>(html`<payrail-employees-list country="AU"></payrail-employees-list>`),
    );
    expect(qa(people, 'tbody [part~="action-button"]').length).to.equal(qa(people, 'tbody tr').length);

    // An unreachable service: the error state's "Try again" is the retry-button part.
    const down = await mount('payrail-pay-runs-list', {
      'api-url': 'http://127.0.0.1:9',
      'tenant-id': l.tenants.au,
      'embed-token': l.tokens.au,
    });
    await waitUntil(() => root(down).querySelector('[part~="retry-button"]'), 'no retry button', { timeout: 10000 });
    expect(q(down, '[part~="retry-button"]').matches('[part~="button"]')).to.equal(true);
  });
});
