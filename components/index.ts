// The full SDK: importing this module registers every element under both prefixes.
export { PayrailProvider } from './provider/define.js';
export { PayrailPayslipViewer } from './payslip-viewer/define.js';
export { PayrailPayRunsList } from './pay-runs-list/define.js';
export { PayrailPayRunDetail } from './pay-run-detail/define.js';
export { PayrailEmployeesList } from './employees-list/define.js';
export { PayrailEmployeeDetail } from './employee-detail/define.js';
export { PayrailDashboard } from './dashboard/define.js';
export { PayrailKpiTile } from './kpi-tile/define.js';
export { PayrailChart } from './chart/define.js';
export { PayrailRequirements } from './requirements/define.js';
export { PayrailBankDetails } from './bank-details/define.js';
export { PayrailElement } from './internal/payrail-element.js';
export { PayrailClient, PayrailApiError } from './client/index.js';
export type * from './client/models.js';
export type { PayrailEventMap, PayrailEventName, PayRunAction } from './internal/events.js';
export type { Lang, MessageKey, PayrailStrings } from './internal/i18n.js';
export type { ChartDatum, ChartSeries } from './chart/geometry.js';
export { VERSION } from './version.js';
