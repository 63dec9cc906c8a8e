// After finalise: what a run's bank file paid (confirmed or returned per employee), the super owed per
// fund and its due date, and the run checklist.
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { employeeRef, reasonField, tenantParams } from '../schemas/common.ts';
import { confirmPayments, paymentsOf, returnPayment } from '../services/payments/payments.ts';
import { paymentFilesOf } from '../services/payments/payment-files.ts';
import { superLiabilities } from '../services/payments/super-liabilities.ts';
import { runChecklist } from '../services/pay-runs/checklist.ts';

const PR = '/v1/tenants/{tenantId}/pay-runs/{payRunId}';
const prParams = tenantParams.extend({ payRunId: z.string().regex(/^pr_[A-Za-z0-9_]+$/, 'Expected a pr_ id.') });

export const paymentSchema = z.object({
  employee_id: z.string(),
  employee_name: z.string(),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.string(),
  method: z.string(),
  /** The last 4 digits of the account paid; a split lists each account's, comma-separated ("4321, 8765"). */
  account_last4: z.string().nullable(),
  status: z.enum(['file_generated', 'confirmed', 'returned']),
  return_reason: z.string().nullable(),
  file_evidence_id: z.string(),
  status_evidence_id: z.string().nullable(),
  updated_at: z.string(),
});

const paymentFileSchema = z.object({
  evidence_id: z.string(),
  format: z.enum(['aba', 'sepa']),
  /** The SEPA group header's MsgId a bank checks duplicates by; null for ABA. */
  message_id: z.string().nullable(),
  sha256: z.string(),
  generated_at: z.string(),
  status: z.enum(['current', 'superseded']),
  /** The evidence record of the re-issue that replaced it. */
  superseded_by: z.string().nullable(),
  superseded_at: z.string().nullable(),
});

export const paymentRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${PR}/payment-files`,
    tag: 'payments',
    summary: "The run's bank files, the first generated first: the current one and any a re-issue superseded",
    params: prParams,
    response: { status: 200, description: 'The bank files', list: paymentFileSchema },
    handler: async (ctx) => ({
      body: { data: await paymentFilesOf(ctx, ctx.params.payRunId), has_more: false, next_cursor: null },
    }),
  }),
  defineRoute({
    method: 'get',
    path: `${PR}/payments`,
    tag: 'payments',
    summary: "What the run's bank file paid each employee, and whether the bank confirmed or returned it",
    params: prParams,
    response: { status: 200, description: 'One payment per employee in the bank file', list: paymentSchema },
    handler: async (ctx) => ({
      body: { data: await paymentsOf(ctx, ctx.params.payRunId), has_more: false, next_cursor: null },
    }),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/payments/confirm`,
    tag: 'payments',
    summary: 'Confirm payments as paid by the bank (every payment of the file when no employees are named)',
    governed: true,
    params: prParams,
    body: z.strictObject({ employee_ids: z.array(employeeRef).min(1).max(10_000).optional(), ...reasonField }),
    response: { status: 200, description: "The run's payments", data: z.array(paymentSchema), evidence: true },
    errors: [409, 422],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) => confirmPayments(ctx, r, ctx.params.payRunId, ctx.body.employee_ids, evidenceId)),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/payments/return`,
    tag: 'payments',
    summary: 'Record a payment the bank returned, with its reason',
    governed: true,
    params: prParams,
    body: z.strictObject({ employee_id: employeeRef, reason: z.string().trim().min(1).max(200), ...reasonField }),
    response: { status: 200, description: "The run's payments", data: z.array(paymentSchema), evidence: true },
    errors: [409, 422],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) =>
        returnPayment(ctx, r, ctx.params.payRunId, ctx.body.employee_id, ctx.body.reason, evidenceId),
      ),
  }),
];

const superLiabilitySchema = z.object({
  pay_run_id: z.string(),
  payment_date: z.string(),
  pack_version: z.string(),
  fund: z.object({ name: z.string(), usi: z.string().nullable(), abn: z.string().nullable(), smsf: z.boolean() }),
  employee_count: z.number().int(),
  super_guarantee: z.string(),
  salary_sacrifice: z.string(),
  /** Voluntary contributions from pay after tax, paid with the rest. */
  personal: z.string(),
  total: z.string(),
  due_date: z.string(),
  due_rule: z.enum(['payday_7_business_days', 'payday_new_employee_20_business_days', 'quarterly_28_days']),
  batches: z.array(z.object({ evidence_id: z.string(), generated_at: z.string(), state: z.literal('generated') })),
  overdue: z.boolean(),
});

const checklistSchema = z.object({
  pay_run_id: z.string(),
  status: z.string(),
  complete: z.boolean(),
  items: z.array(
    z.object({
      key: z.enum([
        'readiness',
        'exceptions',
        'approval',
        'finalise',
        'bank_file',
        'payments_confirmed',
        'super_batch',
        'stp_lodged',
        'stp_accepted',
        'lohnsteuer_anmeldung',
        'beitragsnachweis',
      ]),
      status: z.enum(['done', 'pending', 'not_applicable', 'not_available']),
      evidence_id: z.string().nullable(),
      detail: z.string().nullable(),
    }),
  ),
});

export const afterFinaliseRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/v1/tenants/{tenantId}/super/liabilities',
    tag: 'payments',
    summary:
      'Super owed per pay run and fund, with its due date by the pinned pack, batches generated and overdue flag',
    params: tenantParams,
    query: z.object({
      pay_run_id: z
        .string()
        .regex(/^pr_[A-Za-z0-9_]+$/)
        .optional(),
    }),
    response: { status: 200, description: 'Liabilities, oldest payday first', list: superLiabilitySchema },
    errors: [501],
    handler: async (ctx) => ({
      body: { data: await superLiabilities(ctx, ctx.query.pay_run_id), has_more: false, next_cursor: null },
    }),
  }),
  defineRoute({
    method: 'get',
    path: `${PR}/checklist`,
    tag: 'pay-runs',
    summary: 'The run checklist: readiness to lodgement accepted, each step done or not with its evidence',
    params: prParams,
    response: { status: 200, description: 'The checklist', data: checklistSchema },
    handler: async (ctx) => ({ body: { data: await runChecklist(ctx, ctx.params.payRunId) } }),
  }),
];
