// Payroll figures mean one thing everywhere: year-to-date blocks add up, the cost split totals the
// employer's cost, employer costs never share a slot with deductions, readiness never says "ready"
// next to a gap, neutral facts look neutral, overdue dates are flagged and counts use plural rules.
import type { Payslip } from '../../components/index.js';
import { apiGet, expect, fixture, html, mount, needLive, q, qa, settled, text } from './support.js';
import { payDateText } from '../../components/internal/figures.js';

/** "−$1,234.56" or "1.234,56 €" to cents, signed. */
const cents = (s: string, de = false) => {
  const neg = /[−-]/.test(s);
  const digits = de ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  return Math.round(Number(digits.replace(/[^\d.]/g, '')) * 100) * (neg ? -1 : 1);
};

/** The YTD rows above the total add up to the total. */
function ytdAddsUp(el: HTMLElement, de = false) {
  const rows = qa(el, '.ytd .calc:not(.employer) > div');
  expect(rows.length).to.be.greaterThan(2);
  const total = rows.pop()!;
  const [gross, ...rest] = rows.map((r) => cents(r.querySelector('dd')!.textContent!, de));
  const sum = rest.reduce((a, v) => a + v, gross);
  expect(sum).to.equal(cents(total.querySelector('dd')!.textContent!, de));
}

describe('payroll figures', () => {
  it('a pay date in words: "To be paid on" while ahead, "Paid on" once finalised and passed, the day paid when recorded', () => {
    const t = (k: string, v?: Record<string, string | number>) => `${k} ${v?.date ?? ''}`.trim();
    const d = (iso: string) => iso;
    const at = new Date('2026-12-02T09:00:00Z');
    const say = (status: string, payment_date: string, paid_on: string | null = null) =>
      payDateText({ status, payment_date, paid_on } as never, t as never, d, at);
    expect(say('draft', '2026-12-16')).to.equal('toBePaidOn 2026-12-16');
    expect(say('approved', '2026-12-02')).to.equal('toBePaidOn 2026-12-02');
    expect(say('finalised', '2026-12-16')).to.equal('toBePaidOn 2026-12-16');
    expect(say('finalised', '2026-12-02')).to.equal('paidOn 2026-12-02');
    expect(say('lodged', '2026-11-18')).to.equal('paidOn 2026-11-18');
    // Finalised after its payment date: the day people were actually paid.
    expect(say('finalised', '2026-11-18', '2026-11-23')).to.equal('paidOn 2026-11-23');
    expect(say('finalised', '2026-11-18', '2026-12-04')).to.equal('toBePaidOn 2026-12-04');
    // Unpaid and passed: the date alone (the overdue flag beside it says the rest).
    expect(say('approved', '2026-11-18')).to.equal('2026-11-18');
  });

  it('AU sample payslip: the YTD block adds up to net, and employer super stands apart from it', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-payslip-viewer country="AU" show-ytd></payrail-payslip-viewer>`),
    );
    ytdAddsUp(el);
    expect(q(el, '.ytd .calc.employer').textContent).to.contain('Employer super');
    expect(text(el)).to.contain('not part of net pay');
    expect(text(el)).to.not.match(/sample-employee|sample-pay-run|AU-2026/);
  });

  it('DE sample payslip: gross − tax − social insurance = net, year to date', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-payslip-viewer country="DE" show-ytd></payrail-payslip-viewer>`),
    );
    ytdAddsUp(el, true);
    expect(q(el, '.ytd').textContent).to.contain('Sozialversicherung');
  });

  it('live DE payslips add up, with employer subsidies paid out where net exceeds gross less deductions', async function () {
    const l = await needLive(this);
    const run = l.finalisedPayRun.de;
    const { data } = await apiGet<{ data: Payslip[] }>(l, 'de', `/pay-runs/${run}/payslips`);
    for (const slip of data.slice(0, 4)) {
      const el = await settled(
        await mount('payrail-payslip-viewer', {
          country: 'DE',
          'api-url': l.url,
          'tenant-id': l.tenants.de,
          'embed-token': l.tokens.de,
          'pay-run-id': run,
          'employee-id': slip.employee_id,
          'show-ytd': '',
        }),
      );
      ytdAddsUp(el, true);
      const calc = qa(el, '.net .calc > div').map((r) => cents(r.querySelector('dd')!.textContent!, true));
      const net = cents(q(el, '[part~="net"] strong').textContent!, true);
      expect(
        calc.reduce((a, v, i) => (i === 0 ? v : a + v), 0),
        slip.employee_name,
      ).to.equal(net);
    }
  });

  it('the cost split totals the employer’s cost (gross + employer super) and says so', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-chart type="donut" metric="cost-split" country="AU"></payrail-chart>`),
    );
    expect(q(el, '.c-label').textContent!.trim()).to.equal('Total employer cost');
    const legend = qa(el, '.legend li').map((li) => li.querySelector('span')!.textContent);
    expect(legend).to.deep.equal(['Net', 'Tax', 'Employer super']);
  });

  it('DE cost split: net, tax, employees’ and employer’s social insurance, in separate slices', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-chart type="donut" metric="cost-split" country="DE"></payrail-chart>`),
    );
    const legend = qa(el, '.legend li').map((li) => li.querySelector('span')!.textContent);
    expect(legend).to.deep.equal(['Netto', 'Steuern', 'Sozialversicherung', 'Arbeitgeberanteil SV']);
    expect(q(el, '.c-label').textContent!.trim()).to.equal('Arbeitgeberkosten');
  });

  it('pay-run detail keeps employer costs out of the deductions columns and totals them separately', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-pay-run-detail country="DE"></payrail-pay-run-detail>`),
    );
    const heads = qa(el, 'thead th').map((th) => th.textContent!.trim());
    expect(heads).to.deep.equal([
      'Mitarbeiter/in',
      'Brutto',
      'Steuern',
      'Sozialversicherung',
      'Netto',
      'Arbeitgeberanteil SV',
    ]);
    const [employer, total] = qa(el, '.totals.employer .stat b').map((b) => cents(b.textContent!, true));
    const gross = cents(qa(el, '.totals:not(.employer) .stat b')[1].textContent!, true);
    expect(total).to.equal(gross + employer);
  });

  it('readiness never says "ready" next to a missing item, and neutral facts get a neutral icon', async () => {
    // The sample roster's 11th employee has a gap in tax details.
    const list = await settled(
      await fixture<HTMLElement>(html`<payrail-employees-list country="AU"></payrail-employees-list>`),
    );
    const id = (list as unknown as { shadowRoot: ShadowRoot }).shadowRoot.querySelectorAll('tbody tr').length;
    expect(id).to.equal(12);
    const el = await settled(
      await fixture<HTMLElement>(
        html`<payrail-employee-detail country="AU" employee-id="sample-employee-11"></payrail-employee-detail>`,
      ),
    );
    expect(text(el)).to.contain('Missing');
    expect(q(el, '.rhead .pill').textContent).to.not.contain('Ready');
    const fine = await settled(
      await fixture<HTMLElement>(
        html`<payrail-employee-detail country="AU" employee-id="sample-employee-1"></payrail-employee-detail>`,
      ),
    );
    expect(q(fine, '.rhead .pill').textContent).to.equal('Ready for payroll');
    // "Study loan (HELP): No" is a fact, not a failure.
    const facts = qa(fine, '.flags li.fact');
    expect(facts.length).to.be.greaterThan(0);
    expect(text(fine)).to.not.match(/sample-employee|emp_/);
  });

  it('an unpaid run whose payment date has passed is flagged as overdue', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-pay-runs-list country="AU"></payrail-pay-runs-list>`),
    );
    const rows = qa(el, 'tbody tr');
    // The sample's newest run is previewed and pays today or later: not overdue. Make one overdue.
    expect(rows[0].querySelector('.overdue')).to.equal(null);
    const { isOverdue } = await import('../../components/internal/figures.js');
    expect(isOverdue({ status: 'approved', payment_date: '2020-01-01' })).to.equal(true);
    expect(isOverdue({ status: 'finalised', payment_date: '2020-01-01' })).to.equal(false);
  });

  it('counts through Intl.PluralRules', async () => {
    const { plural } = await import('../../components/internal/i18n.js');
    expect(plural('en', 'employees', 1)).to.equal('1 employee');
    expect(plural('en', 'employees', 2)).to.equal('2 employees');
    expect(plural('en', 'inDays', 1)).to.equal('in 1 day');
    expect(plural('de', 'inDays', 1)).to.equal('in 1 Tag');
    expect(plural('de', 'daysOverdue', 3)).to.equal('seit 3 Tagen überfällig');
  });
});
