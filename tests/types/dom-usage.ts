// The same declarations from plain DOM code: tag names map to element classes (both prefixes), and
// event listeners get typed details. Type-checked only, like react-usage.tsx.
import type { PayrailEventMap } from '@payrail/sdk';
import type { PayrailChart } from '@payrail/sdk/components/chart.js';

const runs = document.querySelector('payrail-pay-runs-list');
runs?.addEventListener('payrail-view-pay-run', (e) => e.detail.id.toUpperCase());
if (runs) runs.pageSize = 10;

const slip = document.createElement('prl-payslip-viewer');
slip.showYtd = true;
slip.strings = { netPay: 'Take-home pay' };
// @ts-expect-error showYtd is a boolean
slip.showYtd = 'yes';

const chart: PayrailChart = document.createElement('payrail-chart');
chart.data = [{ name: 'Gross', data: [{ label: 'Jan', value: 10 }] }];

document.addEventListener('payrail-pay-run-action', (e) => {
  const detail: PayrailEventMap['payrail-pay-run-action'] = e.detail;
  if (detail.action === 'approve') e.preventDefault();
});
// @ts-expect-error the detail of payrail-print has no url (payrail-download has)
document.addEventListener('payrail-print', (e) => e.detail.url);
