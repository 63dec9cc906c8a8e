// The reports Payrail draws up, by the slug a request names.
export const REPORT_SLUGS = [
  'payroll-register',
  'ytd',
  'cost-centres',
  'gl-journal',
  'super-liability',
  'payg-summary',
  'de-monthly-summary',
] as const;
export type ReportSlug = (typeof REPORT_SLUGS)[number];
