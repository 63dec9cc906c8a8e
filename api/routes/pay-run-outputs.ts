import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { reasonField, tenantParams } from '../schemas/common.ts';
import { payslipSchema, superBatchSchema } from '../schemas/outputs.ts';
import { payslipOf, payslipPdfOf, payslipsOf } from '../services/payslips/pay-run-outputs.ts';
import { superBatch, superFile } from '../services/payments/super-batch.ts';
import { contentDisposition } from '../lib/file-names.ts';
import { paymentFile, reissuePaymentFile } from '../services/payments/payment-files.ts';
import { decodeCursor, encodeCursor } from '../http/pagination.ts';
import { pageQuery } from '../schemas/common.ts';

const PR = '/v1/tenants/{tenantId}/pay-runs/{payRunId}';
const prParams = tenantParams.extend({ payRunId: z.string().regex(/^pr_[A-Za-z0-9_]+$/, 'Expected a pr_ id.') });
const slipParams = prParams.extend({ employeeId: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.') });

export const payRunOutputRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${PR}/payslips`,
    tag: 'pay-runs',
    summary:
      'Payslips of a finalised run (JSON, with year-to-date figures), by name; every one unless `limit` asks for a page',
    params: prParams,
    query: z.object(pageQuery),
    response: { status: 200, description: 'One payslip per entry the caller may see', list: payslipSchema },
    errors: [409],
    handler: async (ctx) => {
      const { limit, cursor } = ctx.query;
      const after = decodeCursor<[string, string]>(ctx.deps.secrets, cursor);
      const page = limit !== undefined || after ? { limit: limit ?? 50, after } : undefined;
      const { payslips, hasMore } = await payslipsOf(ctx, ctx.params.payRunId, page);
      const last = payslips[payslips.length - 1];
      return {
        body: {
          data: payslips,
          has_more: hasMore,
          next_cursor: hasMore ? encodeCursor(ctx.deps.secrets, [last.employee_name, last.employee_id]) : null,
        },
      };
    },
  }),
  // Declared before the JSON payslip, whose path would otherwise take `….pdf` as an employee id.
  defineRoute({
    method: 'get',
    path: `${PR}/payslips/{employeeId}.pdf`,
    tag: 'pay-runs',
    summary: 'One payslip as a PDF',
    params: slipParams,
    response: { status: 200, description: 'The payslip as a PDF', contentType: 'application/pdf' },
    errors: [409, 501],
    handler: async (ctx) => {
      const { pdf, filename } = await payslipPdfOf(ctx, ctx.params.payRunId, ctx.params.employeeId);
      return {
        body: Buffer.from(pdf),
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition('inline', filename),
          'cache-control': 'private, no-store',
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: `${PR}/payslips/{employeeId}`,
    tag: 'pay-runs',
    summary: "One employee's payslip of a finalised run (JSON, with year-to-date figures)",
    params: slipParams,
    response: { status: 200, description: 'The payslip', data: payslipSchema },
    errors: [409],
    handler: async (ctx) => ({ body: { data: await payslipOf(ctx, ctx.params.payRunId, ctx.params.employeeId) } }),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/payment-file`,
    tag: 'pay-runs',
    summary:
      'Net-pay bank file (ABA for AU, SEPA credit transfer pain.001.001.09 XML for DE), recorded in evidence with ' +
      'its SHA-256; asked again, the same file',
    params: prParams,
    body: z.strictObject({ balancing_debit: z.boolean().optional(), ...reasonField }).optional(),
    moneyMoving: true,
    response: {
      status: 200,
      description:
        'The ABA file or the SEPA XML; `x-payrail-sha256` and `x-payrail-evidence-id` name its hash and evidence ' +
        'record. A run has one file: asked again, the same bytes (same SEPA MsgId) and evidence record, nothing ' +
        'written; a new file comes only from `/payment-file/reissue`. `balancing_debit` applies to ABA only; one ' +
        "that differs from the current file's is 409.",
      contentType: ['text/plain', 'application/xml'],
    },
    errors: [409, 422, 501],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) => paymentFile(ctx, r, ctx.params.payRunId, ctx.body?.balancing_debit, evidenceId)),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/payment-file/reissue`,
    tag: 'pay-runs',
    summary:
      'Re-issue the bank file (after a rejected upload, for example): a new file with a new SEPA MsgId that ' +
      'supersedes the current one',
    governed: true,
    params: prParams,
    body: z.strictObject({ balancing_debit: z.boolean().optional(), ...reasonField }),
    moneyMoving: true,
    response: {
      status: 200,
      description:
        "The new file, as `/payment-file` answers it; the earlier file reads as superseded in `/payment-files` and the run's " +
        "payments are recorded afresh. `balancing_debit` left out keeps the current file's.",
      contentType: ['text/plain', 'application/xml'],
    },
    errors: [409, 422, 501],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) =>
        reissuePaymentFile(ctx, r, ctx.params.payRunId, ctx.body.balancing_debit, evidenceId),
      ),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/super-batch`,
    tag: 'pay-runs',
    summary: 'Super contribution batch: lines per member and fund, totals, and whether its SAFF file is ready',
    params: prParams,
    body: z.object(reasonField).optional(),
    moneyMoving: true,
    response: {
      status: 200,
      description:
        'The batch; `file` says whether the SAFF file can be written and, if not, which member lacks what. ' +
        'TFNs appear only in the file.',
      data: superBatchSchema,
      evidence: true,
    },
    errors: [422, 501],
    handler: async (ctx) => ctx.commit((r) => superBatch(ctx, r, ctx.params.payRunId)),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/super-file`,
    tag: 'pay-runs',
    summary:
      'The super contribution file in the SuperStream alternative file format (SAFF v1.0 CSV) a clearing house ' +
      'or fund takes, recorded in evidence with its SHA-256',
    params: prParams,
    body: z.strictObject({ ...reasonField }).optional(),
    moneyMoving: true,
    response: {
      status: 200,
      description:
        'The CSV; `x-payrail-sha256` and `x-payrail-evidence-id` name its hash and evidence record. Its file id and ' +
        "payment reference are the same for every copy of the run's file. 422 `pack_validation_failed` names each " +
        'member and what the file lacks for them (TFN, date of birth, home address, fund USI, member number).',
      contentType: 'text/csv',
    },
    errors: [409, 422, 501],
    handler: async (ctx) => ctx.commit((r) => superFile(ctx, r, ctx.params.payRunId)),
  }),
];
