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
import { jurisdictionOf } from '../setup/jurisdiction.ts';

export { reportCsv, reportFilename } from './report-csv.ts';
export type { Report, ReportQuery } from './report-types.ts';

/** Each report's builder; `everywhere`: every country offers it, otherwise only those whose adapter names it. */
const BUILDERS: Record<ReportSlug, { build: ReportBuilder; everywhere?: true }> = {
  'payroll-register': { build: payrollRegister, everywhere: true },
  ytd: { build: yearToDateReport },
  'cost-centres': { build: costCentreReport, everywhere: true },
  'gl-journal': { build: glJournal, everywhere: true },
  'super-liability': { build: superLiabilityReport },
  'payg-summary': { build: paygSummary },
  'de-monthly-summary': { build: deMonthlySummary },
};

const offered = (slug: ReportSlug, jurisdiction: string) =>
  BUILDERS[slug].everywhere === true || jurisdictionOf(jurisdiction).reporting.reports.includes(slug);

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
