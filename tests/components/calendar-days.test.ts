// The elements that show a month, today or sample data placed around today, rendered at the
// start, middle and end of a month: each fits 390 px and is clean under axe-core on every one of
// those days, so no screen depends on the day the suite runs.
import { atDate, axeViolations, expect, fixture, html, root, settled, SUITE_DATE, waitUntil } from './support.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');
const overflowing = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().width > 391;

const TAGS = [
  'payrail-leave-management',
  'payrail-leave-approvals',
  'payrail-payroll-calendar',
  'payrail-pay-runs-list',
  'payrail-dashboard',
  'payrail-reports-dashboard',
  'payrail-portfolio-dashboard',
  'payrail-super-overview',
];
const DAYS = ['2026-12-01T09:00:00Z', '2026-12-15T09:00:00Z', '2027-02-28T09:00:00Z'];

describe('date-sensitive elements on the 1st, 15th and 28th', () => {
  after(() => atDate(SUITE_DATE));
  for (const day of DAYS) {
    for (const country of ['AU', 'DE']) {
      it(`fit 390 px with no axe violations on ${day.slice(0, 10)} (${country})`, async () => {
        atDate(day);
        for (const tag of TAGS) {
          const wrap = await fixture<HTMLElement>(html`<div style="width: 390px"></div>`);
          const el = document.createElement(tag);
          el.setAttribute('country', country);
          wrap.append(el);
          await settled(el, loaded);
          await waitUntil(() => !root(el).textContent?.includes('Loading'), `${tag} still loading`);
          expect(overflowing(el), `${tag} overflows on ${day}`).to.equal(false);
          expect(await axeViolations(el), `${tag} on ${day}`).to.deep.equal([]);
        }
      });
    }
  }
});
