// The German statutory outputs of a period: JSON, or CSV for entering into certified filing software.
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { statutoryOutputParams, statutoryOutputQuery, statutoryOutputSchema } from '../schemas/statutory-outputs.ts';
import { statutoryOutput } from '../services/lodgement/de-statutory-outputs.ts';
import { statutoryOutputCsv } from '../services/outputs/de-statutory-csv.ts';

const OUT = '/v1/tenants/{tenantId}/statutory-outputs';

export const statutoryOutputRoutes: RouteDef[] = [
  // Declared before the JSON answer, whose path would otherwise take `….csv` as the kind.
  defineRoute({
    method: 'get',
    path: `${OUT}/{kind}.csv`,
    tag: 'statutory-outputs',
    summary: 'A statutory output of a period as CSV (DE: one line per Kennzahl or Beitragsgruppe)',
    params: statutoryOutputParams,
    query: statutoryOutputQuery,
    response: { status: 200, description: 'The output as CSV', contentType: 'text/csv' },
    errors: [422, 501],
    handler: async (ctx) => {
      const o = await statutoryOutput(ctx, ctx.params.kind, { month: ctx.query.period });
      return {
        body: statutoryOutputCsv(o),
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${o.kind}-${o.period.label}.csv"`,
          'cache-control': 'private, no-store',
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: `${OUT}/{kind}`,
    tag: 'statutory-outputs',
    summary:
      'A statutory output of a period from its finalised runs (DE: Lohnsteuer-Anmeldung, Beitragsnachweis per ' +
      'health insurer, Minijob-Beitragsnachweis); files only, nothing is lodged',
    params: statutoryOutputParams,
    query: statutoryOutputQuery,
    response: { status: 200, description: 'The output’s figures', data: statutoryOutputSchema },
    errors: [422, 501],
    handler: async (ctx) => ({
      body: { data: await statutoryOutput(ctx, ctx.params.kind, { month: ctx.query.period }) },
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/tenants/{tenantId}/pay-runs/{payRunId}/statutory-outputs/{kind}',
    tag: 'statutory-outputs',
    summary: 'One finalised run’s share of a statutory output (its entries only, in the month it was paid)',
    params: statutoryOutputParams.extend({
      payRunId: z.string().regex(/^pr_[A-Za-z0-9_]+$/, 'Expected a pr_ id.'),
    }),
    response: { status: 200, description: 'The run’s figures', data: statutoryOutputSchema },
    errors: [409, 422, 501],
    handler: async (ctx) => ({
      body: { data: await statutoryOutput(ctx, ctx.params.kind, { runId: ctx.params.payRunId }) },
    }),
  }),
];
