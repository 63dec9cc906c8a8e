import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import { requireRun } from '../services/pay-runs.ts';
import { paymentFile, payslipsFor, requireOutputsUnlocked, superBatch } from '../services/pay-run-outputs.ts';
import { visibleEntries } from './pay-runs.ts';
import { renderPayslipPdf } from '../services/outputs/payslip-pdf.ts';
import { notFound } from '../lib/errors.ts';

const PR = '/v1/tenants/{tenantId}/pay-runs/{payRunId}';
const prParams = tenantParams.extend({ payRunId: z.string().regex(/^pr_[A-Za-z0-9_]+$/, 'Expected a pr_ id.') });

export const payRunOutputRoutes: RouteDef[] = [
  {
    method: 'get',
    path: `${PR}/payslips`,
    tag: 'pay-runs',
    summary: 'Payslips of a finalised run (JSON, with year-to-date figures)',
    params: prParams,
    handler: async (ctx) => {
      const r = ctx.store.repos;
      const run = await requireRun(ctx, r, ctx.params.payRunId);
      requireOutputsUnlocked(run);
      return { body: { data: await payslipsFor(ctx, r, run, await visibleEntries(ctx, run.id)) } };
    },
  },
  {
    method: 'get',
    path: `${PR}/payslips/{employeeId}.pdf`,
    tag: 'pay-runs',
    summary: 'One payslip as a PDF',
    params: prParams.extend({ employeeId: z.string().regex(/^emp_[A-Za-z0-9_-]+$/) }),
    response: { status: 200, description: 'PDF', contentType: 'application/pdf' },
    handler: async (ctx) => {
      ctx.requireCapability('payslip_pdf', [`GET ${PR}/payslips`]);
      const r = ctx.store.repos;
      const run = await requireRun(ctx, r, ctx.params.payRunId);
      requireOutputsUnlocked(run);
      const entry = (await visibleEntries(ctx, run.id)).find((e) => e.employee_id === ctx.params.employeeId);
      if (!entry) throw notFound('No payslip for this employee in this pay run.');
      const [slip] = await payslipsFor(ctx, r, run, [entry]);
      const pdf = await renderPayslipPdf({ ...slip, locale: ctx.requireTenant().pack.locale });
      return {
        body: Buffer.from(pdf),
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="payslip-${run.period_end}-${entry.employee_id}.pdf"`,
          'cache-control': 'private, no-store',
        },
      };
    },
  },
  {
    method: 'post',
    path: `${PR}/payment-file`,
    tag: 'pay-runs',
    summary: 'Net-pay bank file (ABA), recorded in evidence with its SHA-256',
    params: prParams,
    body: z
      .strictObject({ balancing_debit: z.boolean().optional(), governance_reason: z.string().optional() })
      .optional(),
    moneyMoving: true,
    response: { status: 200, description: 'ABA file', contentType: 'text/plain' },
    handler: async (ctx) => {
      ctx.requireCapability('payment_file');
      return ctx.commit(async (r) => {
        const run = await requireRun(ctx, r, ctx.params.payRunId);
        requireOutputsUnlocked(run);
        const file = await paymentFile(ctx, r, run, ctx.body?.balancing_debit === true);
        return {
          data: null,
          file: {
            body: file.text,
            headers: {
              'content-type': 'text/plain; charset=us-ascii',
              'content-disposition': `attachment; filename="payrail-${run.payment_date}-${run.id}.aba"`,
              'x-payrail-sha256': file.sha256,
            },
          },
          evidence: {
            action: 'pay_run.payment_file_generated',
            resource: run.id,
            decision: {
              sha256: file.sha256,
              record_count: file.record_count,
              credit_total_cents: file.credit_total_cents,
            },
          },
        };
      });
    },
  },
  {
    method: 'post',
    path: `${PR}/super-batch`,
    tag: 'pay-runs',
    summary: 'Super contribution batch (per fund, SuperStream alternative file format CSV)',
    params: prParams,
    body: z.object({ governance_reason: z.string().optional() }).optional(),
    moneyMoving: true,
    handler: async (ctx) => {
      ctx.requireCapability('retirement_batch');
      return ctx.commit(async (r) => {
        const run = await requireRun(ctx, r, ctx.params.payRunId);
        requireOutputsUnlocked(run);
        const batch = await superBatch(ctx, r, run);
        return {
          data: { pay_run_id: run.id, totals: batch.totals, funds: batch.funds, lines: batch.lines, csv: batch.csv },
          evidence: { action: 'pay_run.super_batch_generated', resource: run.id, decision: { totals: batch.totals } },
        };
      });
    },
  },
];
