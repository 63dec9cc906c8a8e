// Lodgement shapes: the rail's messages, the stored payload as the rail reads it, and the public view.
import { z } from 'zod';
import type { LodgementTable } from '../../store/schema.ts';
import { decodeJson } from '../../lib/json-column.ts';

export const railMessage = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  field: z.string().nullable(),
  employee_id: z.string().nullable(),
  employee_name: z.string().nullable(),
});
export type RailMessage = z.output<typeof railMessage>;

/** The parts of a stored payload the rail and the views read; the rest rides along. */
export const storedPayload = z.looseObject({
  PAYEVNT: z.looseObject({
    Rp: z.looseObject({
      SoftwareInformationBusinessManagementSystemId: z.string().nullable(),
      PreviousSoftwareInformationBusinessManagementSystemId: z.string().nullable().optional(),
    }),
  }),
  PAYEVNTEMP: z.array(
    z.looseObject({
      Payee: z.looseObject({
        PayeeIdentifiers: z.looseObject({ TaxFileNumberId: z.string(), EmploymentPayrollNumberId: z.string() }),
        PersonNameDetails: z.looseObject({ FamilyNameT: z.string(), GivenNameT: z.string() }),
      }),
    }),
  ),
});
export type StoredPayload = z.output<typeof storedPayload>;

export const LODGEMENT_STATUSES = [
  'submitted',
  'processing',
  'accepted',
  'accepted_with_warnings',
  'rejected',
] as const;

export const lodgementSchema = z.object({
  id: z.string().regex(/^ldg_[A-Za-z0-9]+$/),
  pay_run_id: z.string().nullable(),
  kind: z.enum(['pay_event', 'update_event', 'finalisation']),
  /** 1 for a run's first submission, 2 for its resubmission after a rejection or its replacement, and so on. */
  attempt: z.number().int().min(1),
  /** A full file replacement of the run's earlier pay event (the ATO's `AmendmentI`, the same event id). */
  full_file_replacement: z.boolean(),
  status: z.enum(LODGEMENT_STATUSES),
  rail: z.string(),
  pack_version: z.string(),
  financial_year: z.string(),
  employee_count: z.number().int(),
  submitted_at: z.string(),
  processed_at: z.string().nullable(),
  receipt_evidence_id: z.string().regex(/^inb_/),
  response_evidence_id: z.string().nullable(),
  errors: z.array(railMessage),
  warnings: z.array(railMessage),
});
export type LodgementView = z.output<typeof lodgementSchema>;

const messages = railMessage.array();

export function publicLodgement(l: LodgementTable): LodgementView {
  return {
    id: l.id,
    pay_run_id: l.pay_run_id,
    kind: l.kind,
    attempt: l.attempt,
    // The stored payload is compact JSON: its amendment indicator reads as this exact text.
    full_file_replacement: l.payload_json.includes('"AmendmentI":true'),
    status: l.status,
    rail: l.rail,
    pack_version: l.pack_version,
    financial_year: l.financial_year,
    employee_count: decodeJson(z.array(z.string()), l.employee_ids_json, `lodgement ${l.id} employees`).length,
    submitted_at: l.submitted_at,
    processed_at: l.processed_at,
    receipt_evidence_id: l.receipt_evidence_id,
    response_evidence_id: l.response_evidence_id,
    errors: decodeJson(messages, l.errors_json, `lodgement ${l.id} errors`),
    warnings: decodeJson(messages, l.warnings_json, `lodgement ${l.id} warnings`),
  };
}

/** Sealed TFNs in a stored payload start with this; the ATO's no-TFN codes are kept as they are. */
export const SEALED_PREFIX = 'sealed:';

/** The payload with every TFN sealed (at rest) or masked to its last 3 digits (downloads). */
export function withTfns(payload: StoredPayload, f: (tfn: string) => string): StoredPayload {
  return {
    ...payload,
    PAYEVNTEMP: payload.PAYEVNTEMP.map((rec) => ({
      ...rec,
      Payee: {
        ...rec.Payee,
        PayeeIdentifiers: {
          ...rec.Payee.PayeeIdentifiers,
          TaxFileNumberId: f(rec.Payee.PayeeIdentifiers.TaxFileNumberId),
        },
      },
    })),
  };
}
