// Payroll reports: one entry point that checks the tenant's jurisdiction offers the report (501 with the
// reports it does offer otherwise) and builds it from finalised pay.
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Report, ReportBuilder, ReportQuery } from './report-types.ts';
import type { ReportSlug } from '../../model/report-slugs.ts';
import { payrollRegister } from './payroll-register.ts';
import { yearToDateReport } from './ytd.ts';
import { costCentreReport } from './cost-centre-report.ts';
import { glJournal } from './gl-journal.ts';
import { superLiabilityReport } from './super-liability-report.ts';
import { paygSummary } from './payg-summary.ts';
import { deMonthlySummary } from './de-monthly-summary.ts';
import { capabilityNotSupported } from '../../lib/errors.ts';

export { reportCsv, reportFilename } from './report-csv.ts';
export type { Report, ReportQuery } from './report-types.ts';

const BUILDERS: Record<ReportSlug, { build: ReportBuilder; jurisdictions: string[] | '*' }> = {
  'payroll-register': { build: payrollRegister, jurisdictions: '*' },
  ytd: { build: yearToDateReport, jurisdictions: ['AU', 'DE'] },
  'cost-centres': { build: costCentreReport, jurisdictions: '*' },
  'gl-journal': { build: glJournal, jurisdictions: '*' },
  'super-liability': { build: superLiabilityReport, jurisdictions: ['AU'] },
  'payg-summary': { build: paygSummary, jurisdictions: ['AU'] },
  'de-monthly-summary': { build: deMonthlySummary, jurisdictions: ['DE'] },
};

const offered = (slug: ReportSlug, jurisdiction: string) => {
  const j = BUILDERS[slug].jurisdictions;
  return j === '*' || j.includes(jurisdiction);
};

/** The reports a jurisdiction offers. */
export const reportsOf = (jurisdiction: string): ReportSlug[] =>
  (Object.keys(BUILDERS) as ReportSlug[]).filter((s) => offered(s, jurisdiction));

export async function payrollReport(uc: UseCaseContext, slug: ReportSlug, q: ReportQuery): Promise<Report> {
  const t = uc.requireTenant();
  const jurisdiction = t.tenant.jurisdiction;
  if (!offered(slug, jurisdiction))
    throw capabilityNotSupported(
      `report_${slug.replaceAll('-', '_')}`,
      t.binding.pack_version,
      reportsOf(jurisdiction),
      `The ${slug} report is not available for ${jurisdiction} payroll; the alternatives list the reports that are.`,
    );
  return BUILDERS[slug].build(uc, q);
}
