import type { RouteDef } from '../http/route.ts';
import { utilityRoutes } from './utility.ts';
import { packRoutes } from './packs.ts';
import { partnerRoutes } from './partners.ts';
import { tokenRoutes } from './tokens.ts';
import { governanceRoutes } from './governance.ts';
import { employeeRoutes } from './employees.ts';
import { yearToDateOpeningRoutes } from './year-to-date-openings.ts';
import { costCentreRoutes } from './cost-centres.ts';
import { siteRoutes } from './sites.ts';
import { companyRoutes } from './company.ts';
import { payRunRoutes } from './pay-runs.ts';
import { payRunOutputRoutes } from './pay-run-outputs.ts';
import { statutoryOutputRoutes } from './statutory-outputs.ts';
import { lodgementRoutes } from './lodgements.ts';
import { afterFinaliseRoutes, paymentRoutes } from './payments.ts';
import { calculateRoutes } from './calculate.ts';
import { sdkRoutes } from './sdk.ts';
import { portfolioRoutes } from './portfolio.ts';
import { readinessRoutes } from './readiness.ts';
import { leaveRoutes } from './leave.ts';
import { payRunExceptionRoutes } from './pay-run-exceptions.ts';
import { awardRoutes } from './awards.ts';
import { reportRoutes } from './reports.ts';
import { calendarRoutes } from './calendar.ts';
import { payItemRoutes } from './pay-items.ts';

export function allRoutes(): RouteDef[] {
  const routes: RouteDef[] = [];
  routes.push(
    ...utilityRoutes(() => routes),
    ...packRoutes,
    ...partnerRoutes,
    ...tokenRoutes,
    ...governanceRoutes,
    ...portfolioRoutes,
    ...companyRoutes,
    ...costCentreRoutes,
    ...siteRoutes,
    ...employeeRoutes,
    ...yearToDateOpeningRoutes,
    ...readinessRoutes,
    ...payRunRoutes,
    ...payRunOutputRoutes,
    ...leaveRoutes,
    ...lodgementRoutes,
    ...paymentRoutes,
    ...afterFinaliseRoutes,
    ...calculateRoutes,
    ...sdkRoutes,
    ...payRunExceptionRoutes,
    ...awardRoutes,
    ...reportRoutes,
    ...calendarRoutes,
    ...payItemRoutes,
    ...statutoryOutputRoutes,
  );
  return routes;
}
