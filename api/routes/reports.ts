// Payroll reports, as JSON or as CSV (`Accept: text/csv` or `?format=csv`).
import { defineRoute, type RouteDef } from '../http/route.ts';
import { reportParams, reportQuery, reportSchema } from '../schemas/reports.ts';
import { payrollReport, reportCsv, reportFilename } from '../services/reports/index.ts';

export const reportRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/v1/tenants/{tenantId}/reports/{report}',
    tag: 'reports',
    summary:
      'A payroll report (payroll-register, ytd, cost-centres, gl-journal, super-liability, payg-summary, ' +
      'de-monthly-summary) over finalised runs by payment date, or drafts too with `include_drafts=true`; ' +
      'rows and totals over what the caller may see. CSV with `Accept: text/csv` or `format=csv`.',
    params: reportParams,
    query: reportQuery,
    response: { status: 200, description: 'The report', data: reportSchema, contentType: 'text/csv' },
    errors: [501],
    handler: async (ctx) => {
      const q = ctx.query;
      const report = await payrollReport(ctx, ctx.params.report, {
        pay_run_id: q.pay_run_id,
        from: q.from,
        to: q.to,
        period: q.period,
        include_drafts: q.include_drafts === 'true',
      });
      const csv = q.format === 'csv' || (q.format !== 'json' && /\btext\/csv\b/.test(ctx.req.get('accept') ?? ''));
      if (!csv) return { body: { data: report } };
      return {
        body: reportCsv(report),
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${reportFilename(report)}"`,
          'cache-control': 'private, no-store',
        },
      };
    },
  }),
];
