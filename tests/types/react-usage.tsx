// A React 19 page using the SDK, as an integrator writes it. Never run: it is type-checked against the
// shipped declarations (see tsconfig.json here), so a change that breaks integrators' TSX fails a test.
import { useRef, useState } from 'react';
import type { PayrailPayRunsList, PayrailStrings, PayRunAction } from '@payrail/sdk';
import type {} from '@payrail/sdk/react';

const strings: PayrailStrings = { payRuns: 'Payroll history', loadMore: 'Show more runs' };

export function PayrollPage({ fetchToken }: { fetchToken: () => Promise<string> }) {
  const list = useRef<PayrailPayRunsList>(null);
  const [runId, setRunId] = useState<string>();
  const [requested, setRequested] = useState<PayRunAction>();
  return (
    <payrail-provider
      country="AU"
      api-url="/payroll-proxy"
      tenant-id="harbour-coffee"
      tokenProvider={fetchToken}
      lang="en"
      strings={strings}
    >
      <payrail-dashboard onpayrail-view-pay-run={(e) => setRunId(e.detail.id)} />
      <payrail-pay-runs-list
        ref={list}
        status="finalised"
        page-size="10"
        className="runs"
        onpayrail-view-pay-run={(e) => setRunId(e.detail.id)}
      />
      <payrail-pay-run-detail
        payRunId={runId}
        onpayrail-pay-run-action={(e) => {
          e.preventDefault();
          setRequested(e.detail.action);
        }}
        onpayrail-view-employee={(e) => console.log(e.detail.id, e.detail.section)}
      />
      <prl-payslip-viewer pay-run-id={runId} show-ytd onpayrail-download={(e) => void fetch(e.detail.url)} />
      <payrail-employees-list pageSize={25} onpayrail-employee-select={(e) => console.log(e.detail.id)} />
      <payrail-employee-detail employee-id="emp_1" strings={{ readiness: 'Ready to pay?' }} />
      <payrail-kpi-tile metric="last-net" onpayrail-view-pay-run={(e) => setRunId(e.detail.id)} />
      <payrail-chart
        type="donut"
        label="Cost split"
        data={[{ label: 'Net', value: '1200.00' }]}
        onpayrail-chart-select={(e) => console.log(e.detail.index, e.detail.label, e.detail.value)}
      />
      <p>{requested}</p>
    </payrail-provider>
  );
}

/** Mistakes the typings catch: each line below must be an error. */
export function Mistakes() {
  return (
    <>
      <payrail-chart
        // @ts-expect-error a chart is bar, line or donut
        type="pie"
      />
      <payrail-pay-runs-list
        onpayrail-view-pay-run={(e) =>
          // @ts-expect-error the detail of payrail-view-pay-run is { id }
          e.detail.name
        }
      />
      <payrail-employees-list
        // @ts-expect-error pageSize is a number (the page-size attribute takes text)
        pageSize="ten"
      />
      {/* @ts-expect-error show-ytd is a boolean attribute */}
      <payrail-payslip-viewer show-ytd="yes" />
      {/* @ts-expect-error no such element in the SDK */}
      <payrail-payroll-wizard />
    </>
  );
}
