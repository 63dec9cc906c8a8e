import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import { bankPatchBody, companyBankSchema, companyPatchBody, companySchema } from '../schemas/company.ts';
import { companyBank, companyDetails, updateCompany, updateCompanyBank } from '../services/setup/company.ts';
import { COMPANY_DETAILS, companyBankPolicy } from '../model/sensitive.ts';

const T = '/v1/tenants/{tenantId}';

export const companyRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${T}/company`,
    tag: 'company',
    summary: 'Company (employer) details',
    params: tenantParams,
    response: { status: 200, description: 'The company details (open, engine-shaped)', data: companySchema },
    handler: async (ctx) => ({ body: { data: await companyDetails(ctx) } }),
  }),
  defineRoute({
    method: 'patch',
    path: `${T}/company`,
    tag: 'company',
    summary: 'Update the employer details statutory reports name it by (legal name, ABN, branch, contact, address)',
    governed: true,
    params: tenantParams,
    body: companyPatchBody,
    intake: () => COMPANY_DETAILS,
    response: { status: 200, description: 'The company details as written', data: companySchema, evidence: true },
    errors: [422],
    handler: async (ctx) => ctx.commit((r) => updateCompany(ctx, r, ctx.body)),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/company/bank`,
    tag: 'company',
    summary: 'Company bank account (masked)',
    params: tenantParams,
    response: { status: 200, description: 'The bank account, masked (open)', data: companyBankSchema },
    handler: async (ctx) => ({ body: { data: await companyBank(ctx) } }),
  }),
  defineRoute({
    method: 'patch',
    path: `${T}/company/bank`,
    tag: 'company',
    summary: 'Update the company bank account used for payment files',
    governed: true,
    params: tenantParams,
    body: bankPatchBody,
    intake: companyBankPolicy,
    response: {
      status: 200,
      description: 'The bank account as written, masked',
      data: companyBankSchema,
      evidence: true,
    },
    errors: [422],
    handler: async (ctx) => ctx.commit((r) => updateCompanyBank(ctx, r, ctx.body)),
  }),
];
