import { PayrailClient, PayrailPayRunsList } from '../../components/index.js';
import { addMoney, fmt } from '../../components/internal/format.js';
import { expect, fixture, html, mount, needLive, q, qa, settled, text } from './support.js';

describe('Payrail foundation', () => {
  it('defines both prefixes once and tolerates a second define (two bundles on a page)', () => {
    expect(customElements.get('payrail-pay-runs-list')).to.equal(PayrailPayRunsList);
    expect(customElements.get('prl-pay-runs-list')).to.be.a('function').and.not.equal(PayrailPayRunsList);
    expect(() => PayrailPayRunsList.define()).to.not.throw();
  });

  it('formats 2-decimal money strings exactly, without float drift', () => {
    expect(fmt('en-AU').money('90071992547409.93', 'AUD')).to.equal('$90,071,992,547,409.93');
    expect(fmt('de-DE').money('0.30', 'EUR')).to.equal('0,30\u00a0€');
    expect(addMoney('0.10', '0.20')).to.equal('0.30');
    expect(addMoney('1398.23', '-0.23', '1000000.01')).to.equal('1001398.01');
  });

  it('uses German text for lang="de" whatever the country', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-pay-runs-list country="AU" lang="de"></payrail-pay-runs-list>`),
    );
    expect(q(el, 'h2').textContent).to.equal('Lohnläufe');
    expect(text(el)).to.match(/\$[\d,]+\.\d{2}/);
  });

  it('shares connection and country through <payrail-provider>, with attributes on an element winning', async function () {
    const l = await needLive(this);
    const wrap = await fixture<HTMLElement>(
      html` <payrail-provider country="AU" api-url=${l.url} tenant-id=${l.tenants.au} embed-token=${l.tokens.au}>
        <payrail-pay-runs-list id="inherits"></payrail-pay-runs-list>
        <payrail-pay-runs-list id="german" country="DE"></payrail-pay-runs-list>
        <payrail-pay-runs-list id="own" tenant-id=${l.tenants.de} embed-token=${l.tokens.de}></payrail-pay-runs-list>
      </payrail-provider>`,
    );
    const [inherits, german, own] = ['inherits', 'german', 'own'].map((id) =>
      wrap.querySelector<HTMLElement>(`#${id}`)!,
    );
    await Promise.all([settled(inherits), settled(german), settled(own)]);
    expect(q(inherits, '[part~="badge"]')).to.equal(null);
    const au = await (
      await fetch(`${l.url}/v1/tenants/${l.tenants.au}/pay-runs?limit=20`, {
        headers: { authorization: `Bearer ${l.tokens.au}` },
      })
    ).json();
    const de = await (
      await fetch(`${l.url}/v1/tenants/${l.tenants.de}/pay-runs?limit=20`, {
        headers: { authorization: `Bearer ${l.tokens.de}` },
      })
    ).json();
    expect(qa(inherits, 'tbody tr').length).to.equal(au.data.length);
    expect(q(german, 'h2').textContent).to.equal('Lohnläufe');
    expect(qa(own, 'tbody tr').length).to.equal(de.data.length);
  });

  it('renews an expired token through tokenProvider once and carries on', async function () {
    const l = await needLive(this);
    let calls = 0;
    const el = await settled(
      await mount(
        'payrail-pay-runs-list',
        { 'api-url': l.url, 'tenant-id': l.tenants.au, 'embed-token': 'expired' },
        {
          tokenProvider: async () => {
            calls++;
            return l.tokens.au;
          },
        },
      ),
    );
    expect(q(el, '[role="alert"]')).to.equal(null);
    expect(qa(el, 'tbody tr').length).to.be.greaterThan(0);
    expect(calls).to.equal(1);
  });

  for (const theme of ['light', 'dark']) {
    it(`keeps text contrast accessible in the example ${theme} theme`, async () => {
      const style = document.createElement('style');
      style.textContent = await (await fetch(`/styles/theme-${theme}.css`)).text();
      document.head.append(style);
      try {
        const wrap = await fixture<HTMLElement>(
          html`<div class="payrail-theme-${theme}">
            <payrail-pay-run-detail country="DE"></payrail-pay-run-detail
            ><payrail-employee-detail></payrail-employee-detail>
          </div>`,
        );
        for (const el of wrap.children) await settled(el);
        await expect(wrap).to.be.accessible();
      } finally {
        style.remove();
      }
    });
  }

  it('asks the tokenProvider first when there is no token yet, and maps the error envelope', async function () {
    const l = await needLive(this);
    const client = new PayrailClient({ apiUrl: l.url, tenantId: l.tenants.au, tokenProvider: async () => l.tokens.au });
    expect((await client.payRuns({ limit: 1 })).data.length).to.equal(1);
    const err = await client.payRun('pr_does_not_exist').catch((e: unknown) => e);
    expect(err).to.include({ name: 'PayrailApiError', status: 404 });
  });
});
