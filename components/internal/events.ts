// Every SDK event, with its detail. Declared on GlobalEventHandlersEventMap so integrators get
// typed `addEventListener('payrail-view-pay-run', e => e.detail.id)` without casts.
import type { ApiErrorBody } from '../client/models.js';

export type PayRunAction = 'preview' | 'approve' | 'finalise' | 'void';

/**
 * Set on every event an element emits while it shows sample data (no token): its ids are sample
 * ids such as `sample-pay-run-1`, never ones the API knows.
 */
export interface SampleFlag {
  sample?: true;
}

export interface PayrailEventMap {
  'payrail-print': { payRunId: string; employeeId: string } & SampleFlag;
  'payrail-download': { payRunId: string; employeeId: string; url: string } & SampleFlag;
  'payrail-view-pay-run': { id: string } & SampleFlag;
  'payrail-pay-run-action': { id: string; action: PayRunAction } & SampleFlag;
  'payrail-employee-select': { id: string } & SampleFlag;
  /** `section` names the readiness tab to open when the event comes from a readiness row. */
  'payrail-view-employee': { id: string; section?: string } & SampleFlag;
  /** A chart point or slice was clicked or chosen with Enter. */
  'payrail-chart-select': { index: number; label: string; value: number | string; series: string } & SampleFlag;
  /**
   * A form was submitted (leave request, leave configuration): the payload the host's backend writes with
   * its governance reason. Cancel it to say the host handled it.
   */
  'payrail-save': { kind: 'leave-request' | 'leave-configuration'; payload: Record<string, unknown> } & SampleFlag;
  /** A form was abandoned. */
  'payrail-cancel': { kind: 'leave-request' } & SampleFlag;
  /** An approver decided a leave request; the host's backend sends it with its governance reason. */
  'payrail-leave-decision': { id: string; action: 'approve' | 'reject'; note?: string } & SampleFlag;
  /** The element has shown its data; `sample` says it is sample data (no token). */
  'payrail-load': { sample: boolean };
  /** The element could not load its data: the API's error envelope (`status` 0: no answer). */
  'payrail-error': ApiErrorBody & SampleFlag;
  /** The API refused the token and no `tokenProvider` could renew it: the page should sign in again. */
  'payrail-session-expired': ApiErrorBody;
}

export type PayrailEventName = keyof PayrailEventMap;
type PayrailEvents = { [K in PayrailEventName]: CustomEvent<PayrailEventMap[K]> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends PayrailEvents {}
}
