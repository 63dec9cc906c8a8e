import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import type { RequestContext } from '../http/context.ts';
import type { Repos } from '../store/index.ts';
import { tenantParams } from '../schemas/common.ts';
import { packValidationFailed } from '../lib/errors.ts';
import { publicSection } from '../services/employee-model.ts';
import { jurisdictionOf } from '../services/jurisdiction.ts';

const T = '/v1/tenants/{tenantId}';
const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);
const digits = (v: unknown) => String(v ?? '').replace(/[\s-]/g, '');

const bankBody = z
  .object({
    account_name: z.string().min(1).max(200).optional(),
    bsb: z.string().max(10).optional(),
    account_number: z.string().max(40).optional(),
    bank_name: z.string().max(200).optional(),
    fi_code: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Expected the 3-letter financial institution code, e.g. WBC.')
      .optional(),
    apca_user_id: z
      .string()
      .regex(/^\d{1,6}$/, 'Expected the APCA user id (up to 6 digits).')
      .optional(),
    governance_reason: z.string().optional(),
  })
  .catchall(scalar);

async function companyOf(ctx: RequestContext, r: Repos = ctx.store.repos) {
  const t = ctx.requireTenant();
  const row = await r.getCompany(t.tenant.id);
  return {
    data: JSON.parse(row?.data_json ?? '{}') as Record<string, unknown>,
    bank: JSON.parse(row?.bank_json ?? '{}') as Record<string, unknown>,
  };
}

export function publicBank(bank: Record<string, unknown>) {
  return { ...publicSection(bank), attested: !!(bank.account_enc || bank.iban_enc) };
}

export const companyRoutes: RouteDef[] = [
  {
    method: 'get',
    path: `${T}/company`,
    tag: 'company',
    summary: 'Company (employer) details',
    params: tenantParams,
    handler: async (ctx) => {
      const t = ctx.requireTenant();
      const { data, bank } = await companyOf(ctx);
      return {
        body: {
          data: {
            ...data,
            tenant_id: t.tenant.id,
            jurisdiction: t.tenant.jurisdiction,
            pack_version: t.binding.pack_version,
            engine: t.binding.engine,
            currency: t.pack.currency,
            bank_attested: publicBank(bank).attested,
          },
        },
      };
    },
  },
  {
    method: 'get',
    path: `${T}/company/bank`,
    tag: 'company',
    summary: 'Company bank account (masked)',
    params: tenantParams,
    handler: async (ctx) => ({ body: { data: publicBank((await companyOf(ctx)).bank) } }),
  },
  {
    method: 'patch',
    path: `${T}/company/bank`,
    tag: 'company',
    summary: 'Update the company bank account used for payment files',
    governed: true,
    params: tenantParams,
    body: bankBody,
    handler: async (ctx) => {
      const t = ctx.requireTenant();
      const v = t.binding.pack_version;
      const { governance_reason: _g, account_number, bsb, abn, iban, ...rest } = ctx.body as Record<string, unknown>;
      const bankFields = { bsb, account_number, account_name: rest.account_name, abn, iban };
      const failed = jurisdictionOf(t.tenant.jurisdiction).companyBankViolations(v, bankFields);
      if (failed.length) throw packValidationFailed(failed);
      return ctx.commit(async (r) => {
        const { data, bank } = await companyOf(ctx, r);
        const next: Record<string, unknown> = { ...bank, ...rest };
        if (bsb !== undefined) next.bsb = `${digits(bsb).slice(0, 3)}-${digits(bsb).slice(3)}`;
        if (account_number !== undefined) {
          next.account_enc = ctx.deps.secrets.encrypt(digits(account_number));
          next.account_number_last3 = digits(account_number).slice(-3);
        }
        if (iban !== undefined) {
          next.iban_enc = ctx.deps.secrets.encrypt(digits(iban).toUpperCase());
          next.iban_last4 = digits(iban).slice(-4);
        }
        const nextData = abn !== undefined ? { ...data, abn: digits(abn) } : data;
        await r.upsertCompany(t.tenant.id, JSON.stringify(nextData), JSON.stringify(next), ctx.now.toISOString());
        return {
          data: publicBank(next),
          evidence: { action: 'company.bank_updated', resource: `${t.tenant.id}/company/bank` },
        };
      });
    },
  },
];
