// Statutory lodgement routes: submit (or lodge) a finalised run's single-touch payroll pay event, update
// events and the finalisation declaration, and the lodgements with their payloads. A submission answers
// 202: the sandbox rail processes it after commit, and the lodgement is polled for its outcome.
import { contentDisposition } from '../lib/file-names.ts';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import type { RequestContext } from '../http/context.ts';
import type { Repos } from '../store/index.ts';
import { employeeRef, reasonField, tenantParams } from '../schemas/common.ts';
import { lodgementSchema } from '../services/lodgement/lodgement-model.ts';
import { keyIdentifierChangeSchema } from '../model/key-identifiers.ts';
import { recordKeyIdentifierChange } from '../services/lodgement/key-identifiers.ts';
import { pendingCorrections, pendingCorrectionSchema } from '../services/lodgement/corrections.ts';
import {
  getLodgement,
  lodgementPayload,
  replacePayEvent,
  runLodgements,
  submitPayRun,
  yearEvent,
  type Submitted,
} from '../services/lodgement/stp.ts';

const T = '/v1/tenants/{tenantId}';
const PR = `${T}/pay-runs/{payRunId}`;
const prParams = tenantParams.extend({ payRunId: z.string().regex(/^pr_[A-Za-z0-9_]+$/, 'Expected a pr_ id.') });
const ldgParams = tenantParams.extend({ lodgementId: z.string().regex(/^ldg_[A-Za-z0-9]+$/, 'Expected an ldg_ id.') });
/**
 * The payer's declaration every submission carries: who declares (their name) and that they accept the ATO's
 * statement that the report is true and correct and they are authorised to make it. The date is the day received.
 */
const declaration = z.strictObject({
  name: z.string().trim().min(1).max(200),
  accepted: z.literal(true, 'The declaration statement must be accepted: true.'),
});
const submitBody = z.strictObject({ declaration, ...reasonField });
const yearBody = z.strictObject({
  financial_year: z.number().int().min(2000).max(2100),
  employee_ids: z.array(employeeRef).min(1).max(10_000).optional(),
  declaration,
  ...reasonField,
});
const keyIdentifierBody = z.strictObject({
  /** The BMS id the previous payroll software reported this employer's pay events under. */
  previous_bms_id: z.string().trim().min(1).max(200),
  /** Each employee's payroll id in that software, where it differs from Payrail's. */
  previous_payroll_ids: z
    .array(z.strictObject({ employee_id: employeeRef, previous_payroll_id: z.string().trim().min(1).max(200) }))
    .max(10_000)
    .optional(),
  ...reasonField,
});

/** Commits a submission (its rail job queued with it), then looks for the job at once. */
async function commitSubmission(ctx: RequestContext, fn: (r: Repos) => Promise<Submitted>) {
  let submitted: Submitted['lodgement'] | undefined;
  const out = await ctx.commit(async (r) => {
    const s = await fn(r);
    submitted = s.lodgement;
    return s;
  });
  if (submitted) ctx.deps.jobs.kick();
  return out;
}

const accepted = (description: string) => ({ status: 202, description, data: lodgementSchema, evidence: true });

const submitRoute = (verb: 'submit' | 'lodge') =>
  defineRoute({
    method: 'post',
    path: `${PR}/${verb}`,
    tag: 'lodgement',
    summary:
      verb === 'submit'
        ? "Submit a finalised run's single-touch payroll pay event to the rail (the run becomes lodged)"
        : 'Lodge a finalised run: the same operation as submit',
    governed: true,
    moneyMoving: true,
    params: prParams,
    body: submitBody,
    response: accepted('The lodgement as submitted; poll it for the rail’s outcome'),
    errors: [409, 422, 501],
    handler: async (ctx) =>
      commitSubmission(ctx, (r) => submitPayRun(ctx, r, ctx.params.payRunId, ctx.body.declaration)),
  });

const yearRoute = (path: string, kind: 'update_event' | 'finalisation', summary: string) =>
  defineRoute({
    method: 'post',
    path: `${T}/stp/${path}`,
    tag: 'lodgement',
    summary,
    governed: true,
    moneyMoving: true,
    params: tenantParams,
    body: yearBody,
    response: accepted('The lodgement as submitted; poll it for the rail’s outcome'),
    errors: [422, 501],
    handler: async (ctx) =>
      commitSubmission(ctx, (r) =>
        yearEvent(ctx, r, kind, {
          financial_year: ctx.body.financial_year,
          employee_ids: ctx.body.employee_ids,
          declaration: ctx.body.declaration,
        }),
      ),
  });

export const lodgementRoutes: RouteDef[] = [
  submitRoute('submit'),
  submitRoute('lodge'),
  defineRoute({
    method: 'get',
    path: `${PR}/lodgements`,
    tag: 'lodgement',
    summary: "A run's lodgements, oldest first (a rejected one stays beside its corrected resubmission)",
    params: prParams,
    response: { status: 200, description: 'The lodgements', list: lodgementSchema },
    handler: async (ctx) => ({
      body: { data: await runLodgements(ctx, ctx.params.payRunId), has_more: false, next_cursor: null },
    }),
  }),
  yearRoute(
    'update-events',
    'update_event',
    'Single-touch payroll update event: the latest year-to-date figures with no payment',
  ),
  yearRoute(
    'finalise-year',
    'finalisation',
    'Single-touch payroll finalisation declaration for a financial year (due by 14 July after it)',
  ),
  defineRoute({
    method: 'get',
    path: `${T}/stp/corrections`,
    tag: 'lodgement',
    summary:
      'Corrections pending: for each voided run that was lodged, the payees whose year to date the ATO still holds with its figures (sent by an update event)',
    params: tenantParams,
    response: { status: 200, description: 'The pending corrections, oldest void first', list: pendingCorrectionSchema },
    errors: [501],
    handler: async (ctx) => ({
      body: { data: await pendingCorrections(ctx, ctx.store.repos), has_more: false, next_cursor: null },
    }),
  }),
  defineRoute({
    method: 'post',
    path: `${T}/lodgements/{lodgementId}/replace`,
    tag: 'lodgement',
    summary:
      "Full file replacement of the most recent pay event that was wrong (AmendmentI true, the same event id), with the payer's declaration",
    governed: true,
    moneyMoving: true,
    params: ldgParams,
    body: submitBody,
    response: accepted('The replacement as submitted; poll it for the rail’s outcome'),
    errors: [404, 409, 422, 501],
    handler: async (ctx) =>
      commitSubmission(ctx, (r) => replacePayEvent(ctx, r, ctx.params.lodgementId, ctx.body.declaration)),
  }),
  defineRoute({
    method: 'post',
    path: `${T}/stp/key-identifier-changes`,
    tag: 'lodgement',
    summary:
      "Record the move from other payroll software: its BMS id and employees' payroll ids there, reported in the next submission",
    governed: true,
    params: tenantParams,
    body: keyIdentifierBody,
    response: {
      status: 201,
      description: 'The change as recorded (reported_lodgement_id null until a submission carries it)',
      data: keyIdentifierChangeSchema,
      evidence: true,
    },
    errors: [404, 409, 501],
    handler: async (ctx) =>
      ctx.commit(async (r) => ({ status: 201, ...(await recordKeyIdentifierChange(ctx, r, ctx.body)) })),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/lodgements/{lodgementId}`,
    tag: 'lodgement',
    summary: 'A lodgement: its rail status, receipt, errors and warnings (poll it after submitting)',
    params: ldgParams,
    response: { status: 200, description: 'The lodgement', data: lodgementSchema },
    handler: async (ctx) => ({ body: { data: await getLodgement(ctx, ctx.params.lodgementId) } }),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/lodgements/{lodgementId}/payload`,
    tag: 'lodgement',
    summary: "The payload as sent, with the ATO's element names and TFNs masked",
    params: ldgParams,
    response: {
      status: 200,
      description: "The record set (PAYEVNT and PAYEVNTEMP); its SHA-256 is the receipt's payload_sha256",
      body: z.looseObject({ PAYEVNT: z.looseObject({}), PAYEVNTEMP: z.array(z.looseObject({})) }),
    },
    handler: async (ctx) => {
      const { text, filename } = await lodgementPayload(ctx, ctx.params.lodgementId);
      return {
        body: text,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': contentDisposition('attachment', filename),
          'cache-control': 'private, no-store',
        },
      };
    },
  }),
];
