// Every SDK event, with its detail. Declared on GlobalEventHandlersEventMap so integrators get
// typed `addEventListener('payrail-view-pay-run', e => e.detail.id)` without casts.

export type PayRunAction = 'preview' | 'approve' | 'finalise' | 'void';

export interface PayrailEventMap {
  'payrail-print': { payRunId: string; employeeId: string };
  'payrail-download': { payRunId: string; employeeId: string; url: string };
  'payrail-view-pay-run': { id: string };
  'payrail-pay-run-action': { id: string; action: PayRunAction };
  'payrail-employee-select': { id: string };
  /** `section` names the readiness tab to open when the event comes from a readiness row. */
  'payrail-view-employee': { id: string; section?: string };
  /** A chart point or slice was clicked or chosen with Enter. */
  'payrail-chart-select': { index: number; label: string; value: number | string; series: string };
}

export type PayrailEventName = keyof PayrailEventMap;
type PayrailEvents = { [K in PayrailEventName]: CustomEvent<PayrailEventMap[K]> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends PayrailEvents {}
}
