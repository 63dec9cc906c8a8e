// The message catalogue. English is the source and ships in every bundle; German (i18n-de.ts) is
// a chunk of its own that loads the first time an element needs it. Every other language must
// supply every key, which its `Messages` annotation enforces at compile time.

const en = {
  sample: 'Sample data',
  sampleHint: 'No token is set, so this shows sample figures',
  retry: 'Try again',
  errTitle: 'Couldn’t load this data',
  errAuth: 'Your session has expired and could not be renewed. Refresh the page to sign in again.',
  errForbidden: 'You don’t have access to this information.',
  errNotFound: 'This record could not be found.',
  errNetwork: 'The payroll service could not be reached. Check your connection and try again.',
  errGeneric: 'Something went wrong on our side. Please try again.',
  loadMore: 'Load more',
  loading: 'Loading…',
  view: 'View',
  payRuns: 'Pay runs',
  payRun: 'Pay run',
  period: 'Period',
  payDate: 'Payment date',
  status: 'Status',
  employees: 'Employees',
  employee: 'Employee',
  gross: 'Gross',
  net: 'Net',
  tax: 'Tax',
  super: 'Super',
  social: 'Social security',
  noPayRuns: 'No pay runs yet',
  noPayRunsHint: 'Pay runs appear here once they are created.',
  draft: 'Draft',
  previewed: 'Previewed',
  approved: 'Approved',
  finalising: 'Finalising',
  finalised: 'Finalised',
  voided: 'Voided',
  lodged: 'Lodged',
  active: 'Active',
  terminated: 'Terminated',
  preview: 'Run preview',
  approve: 'Approve',
  finalise: 'Finalise',
  void: 'Void',
  actionsHint: 'Actions are sent to your payroll administrator’s system for processing.',
  yourStep: 'Your step: {action}',
  voidedNote: 'This pay run was voided and will not be paid.',
  approvedBy: 'Approved by {name}',
  totals: 'Totals',
  noEntries: 'No employees in this pay run yet',
  payslip: 'Payslip',
  earnings: 'Earnings',
  deductions: 'Deductions',
  contributions: 'Employer contributions',
  description: 'Description',
  hours: 'Hours',
  rate: 'Rate',
  amount: 'Amount',
  netPay: 'Net pay',
  ytd: 'Year to date',
  print: 'Print',
  download: 'Download PDF',
  employer: 'Employer',
  pack: 'Rules',
  notFinal: 'Payslips are available once this pay run is finalised.',
  noPayslip: 'No payslip for this employee in this pay run.',
  search: 'Search employees',
  name: 'Name',
  employmentType: 'Employment type',
  frequency: 'Pay frequency',
  costCentre: 'Cost centre',
  noEmployees: 'No employees yet',
  noMatch: 'No employees match “{q}”',
  full_time: 'Full-time',
  part_time: 'Part-time',
  casual: 'Casual',
  contractor: 'Contractor',
  mini_job: 'Mini-job',
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  employment: 'Employment',
  salary: 'Annual salary',
  hourlyRate: 'Hourly rate',
  hoursPerWeek: 'Hours per week',
  startDate: 'Start date',
  endDate: 'End date',
  site: 'Site',
  attestations: 'Statutory attestations',
  attested: 'Attested',
  notAttested: 'Not attested',
  taxProfile: 'Tax profile',
  readiness: 'Payroll readiness',
  complete: 'Complete',
  incomplete: 'Incomplete',
  blocks: 'Blocks finalisation',
  ready: 'Ready for payroll',
  unverified: 'Awaiting verification',
  missing: 'Missing: {x}',
  review: 'Review',
  personal: 'Personal',
  bank: 'Bank',
  headcount: 'Headcount',
  lastGross: 'Last run gross',
  lastNet: 'Last run net pay',
  nextPayDate: 'Next pay date',
  grossTrend: 'Gross pay per run',
  costSplit: 'Cost split, last run',
  vsPrev: 'vs previous run',
  today: 'today',
  chartSummary: '{title}: {n} values, from {min} to {max}.',
  donutSummary: '{title}: {parts}.',
  chart: 'Chart',
  total: 'Total',
  label: 'Label',
  value: 'Value',
  yes: 'Yes',
  no: 'No',
  overview: 'Payroll overview',
  pension: 'Pension',
  totalDeductions: 'Total deductions',
  grossPay: 'Gross pay',
  paidOn: 'Paid on {date}',
  payOn: 'Pays on {date}',
  progress: 'Pay run progress',
  paidTo: 'Paid to {acct}',
  leave: 'Leave accrued this pay',
  hoursN: '{n} h',
  noData: 'No data to show',
  stUnavailable: 'Not available yet',
  stForbidden: 'No access',
  stNotFound: 'Not found',
  stMisconfigured: 'Not set up yet',
  stSession: 'Session expired',
  errUnavailable: 'This isn’t available yet.',
  errMisconfigured: 'This view has no employer set (tenant-id is missing). Ask whoever set up this page.',
  errQuiet: 'Not available right now.',
  pageOutage: 'Payroll information can’t be loaded right now.',
  searchRuns: 'Search pay runs',
  noRunMatch: 'No pay runs match “{q}”',
  overdue: 'Overdue',
  employerCost: 'Total employer cost',
  employerSuper: 'Employer super',
  employerSocial: 'Employer social insurance',
  employeeSocial: 'Social insurance',
  otherDeductions: 'Other deductions',
  employerSubsidies: 'Employer subsidies paid out',
  employerPaid: 'Paid by the employer on top of gross; not part of net pay',
  employerCosts: 'Employer costs',
  needsAttention: 'Needs attention',
  employeeNumber: 'Employee number',
  requested: '“{action}” was passed on to your payroll administrator’s system for processing.',
  requirements: 'Before the next pay run',
  reqReady: 'Everything needed for the next pay run is in place.',
  reqBlocked: 'Blocks the pay run',
  reqChecked: 'Employees checked',
  reqBlockedN: 'Blocking',
  reqToComplete: 'To complete',
  company: 'Company',
  fix: 'Fix',
  fixItem: 'Fix {item} for {who}',
  laterNeeded: 'Needed for lodgement',
  bankDetails: 'Bank details',
  bsb: 'BSB',
  accountNumber: 'Account number',
  accountName: 'Account name',
  iban: 'IBAN',
  bic: 'BIC',
  save: 'Save',
  cancel: 'Cancel',
  optional: 'optional',
  checking: 'Checking…',
  saved: 'Saved. The details on file are shown masked.',
  handedOver: 'Passed on to your payroll administrator’s system to save.',
  errRequired: 'Required',
  errBsb: 'Enter the 6-digit BSB, e.g. 062-000',
  errAccount: 'Enter 5 to 9 digits',
  errIban: 'This IBAN is not valid: check the digits',
  errBic: 'Enter the 8 or 11 character BIC',
  onFile: 'On file:',
  noAccount: 'No account on file yet.',
  taxDeclaration: 'Tax declaration',
  tfn: 'Tax file number',
  residency: 'Residency for tax',
  resident: 'Australian resident',
  foreignResident: 'Foreign resident',
  taxFreeThreshold: 'Claim the tax-free threshold',
  studyLoan: 'Has a study or training loan',
  medicareExemption: 'Medicare levy exemption',
  mlNone: 'None',
  mlHalf: 'Half',
  mlFull: 'Full',
  taxId: 'Tax ID (Steuer-ID)',
  taxClass: 'Tax class',
  factor: 'Factor (class IV)',
  churchTax: 'Liable to church tax',
  childAllowances: 'Child allowances',
  errTfn: 'This TFN is not valid: check the digits',
  errSteuerId: 'This Steuer-ID is not valid: check the digits',
  errFactor: 'Enter a factor between 0.001 and 0.999',
  errChildren: 'Enter a number in steps of 0.5',
  tfnOnFile: 'TFN attested',
  tfnNone: 'No TFN on file: tax is withheld at the no-TFN rate',
  taxIdOnFile: 'Steuer-ID attested',
  taxIdNone: 'No Steuer-ID on file',
  leaveRequest: 'Request leave',
  leaveType: 'Leave type',
  leaveFrom: 'First day',
  leaveTo: 'Last day',
  leaveAmount: 'Amount',
  leaveUnitHours: 'Hours',
  leaveUnitDays: 'Days',
  leaveReason: 'Reason (optional)',
  balanceBefore: 'Balance now',
  balanceAfter: 'Balance after',
  submitRequest: 'Submit request',
  requestSent: 'Request sent for approval',
  requestSentHint: 'You will be told once it has been decided.',
  newRequest: 'New request',
  errDatesOrder: 'The last day cannot be before the first day.',
  errReasonLong: 'At most 2000 characters.',
  errAmount: 'Enter an amount of 0 or more.',
  overBalance: 'This is more than the balance.',
  leaveApprovals: 'Leave approvals',
  noPendingLeave: 'No requests waiting',
  noPendingLeaveHint: 'New leave requests appear here for a decision.',
  decisionNote: 'Note (optional)',
  reject: 'Reject',
  teamOverlap: 'Also away: {names}',
  noOverlap: 'No one else away',
  decisionSent: '“{action}” was passed on for processing.',
  leaveManagement: 'Leave',
  balances: 'Balances',
  accrued: 'Earned',
  taken: 'Taken',
  balance: 'Balance',
  whoIsAway: 'Who is away',
  prevMonth: 'Previous month',
  nextMonth: 'Next month',
  nobodyAway: 'Nobody is away this month',
  noBalances: 'No leave balances yet',
  accrualSettings: 'Accrual settings',
  accrualMethod: 'Accrual',
  accrualOrdinary: 'From ordinary hours in each pay run',
  accrualNone: 'No accrual',
  shiftWorker: 'Shift workers (5 weeks annual leave)',
  leaveLoading: 'Annual leave loading 17.5 %',
  longServiceState: 'Long service leave state',
  allowNegative: 'Allow negative balances',
  saveSettings: 'Save settings',
  settingsSent: 'Settings passed on for processing.',
  none: 'None',
  pending: 'Pending',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  dayUnitH: '{n} h',
  dayUnitD: '{n} d',
  leaveTaken: 'Leave taken',
  leaveLeft: 'Leave balances',
  bal_annual: 'Annual leave',
  bal_personal: "Personal/carer's leave",
  bal_long_service: 'Long service leave',
  bal_sick: 'Continued sick pay',
  unpaidMark: 'unpaid',
  calTitle: 'Payroll calendar',
  calPrev: 'Previous month',
  calNext: 'Next month',
  calPayDate: 'Pay day: {name}',
  calCutOff: 'Cut-off: {name}',
  calMoved: 'moved from {date}',
  calRegional: 'Regional: {area}',
  calPartDay: 'Part day: {hours}',
  calLimited: 'Only for: {area}',
  calHolidaysOf: 'Public holidays of {state}',
  calHolidaysNational: 'Public holidays observed nationwide',
  calLegend: 'Legend',
  calLegendPay: 'Pay day',
  calLegendCut: 'Cut-off for changes',
  calLegendHoliday: 'Public holiday',
  calLegendRegional: 'Regional or part-day holiday',
  calEmpty: 'No pay days, cut-offs or public holidays this month.',
};

export type MessageKey = keyof typeof en;
export type Lang = 'en' | 'de';

/** Every catalogue string, by key. */
export type Messages = typeof en;

/**
 * Replacement text for catalogue strings, by message key, for white-labelling: set as `strings` on an
 * element or on `<payrail-provider>` (the element's own win). `{name}` placeholders are filled in as usual.
 */
/**
 * Replacement text by message key; a counted phrase is replaced under `n.<key>` (for example
 * `'n.employees': '{n} people on the payroll'`), one text for every count.
 */
export type PayrailStrings = Partial<Record<MessageKey | `n.${PluralKey}`, string>>;

const catalogues: Partial<Record<Lang, Messages>> = { en };
/** Labels for open statutory keys (terms.ts), per language; they travel with the language's chunk. */
const termTables: Partial<Record<Lang, Record<string, string>>> = {};
let loading: Promise<void> | undefined;

/**
 * Loads a language's catalogue once. Undefined when it is already there (English always is); a
 * failed load leaves the text in English and is tried again next time.
 */
export function loadLang(lang: Lang): Promise<void> | undefined {
  if (catalogues[lang]) return undefined;
  return (loading ??= import('./i18n-de.js').then(
    (m) => {
      catalogues.de = m.messages;
      termTables.de = m.terms;
    },
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  ));
}

export const langTerms = (lang: Lang): Record<string, string> | undefined => termTables[lang];

export const hasMessage = (key: string): key is MessageKey => key in en;

export function translate(
  lang: Lang,
  key: MessageKey,
  vars?: Record<string, string | number>,
  strings?: PayrailStrings,
): string {
  const s = strings?.[key] ?? (catalogues[lang] ?? en)[key];
  return vars ? s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? '')) : s;
}

// Counted phrases go through Intl.PluralRules, so "1 employee" and "2 employees" are both right.
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
const plurals: Record<
  Lang,
  Record<'employees' | 'firstShown' | 'firstN' | 'inDays' | 'daysOverdue' | 'workingDays', Forms>
> = {
  en: {
    employees: { one: '{n} employee', other: '{n} employees' },
    firstShown: { one: '{n} of {total} shown', other: '{n} of {total} shown' },
    firstN: { one: 'First {n} shown', other: 'First {n} shown' },
    inDays: { one: 'in {n} day', other: 'in {n} days' },
    daysOverdue: { one: '{n} day overdue', other: '{n} days overdue' },
    workingDays: { one: '{n} working day', other: '{n} working days' },
  },
  de: {
    employees: { one: '{n} Mitarbeiter/in', other: '{n} Mitarbeitende' },
    firstShown: { one: '{n} von {total} angezeigt', other: '{n} von {total} angezeigt' },
    firstN: { one: 'Die erste Person', other: 'Die ersten {n}' },
    inDays: { one: 'in {n} Tag', other: 'in {n} Tagen' },
    daysOverdue: { one: 'seit {n} Tag überfällig', other: 'seit {n} Tagen überfällig' },
    workingDays: { one: '{n} Arbeitstag', other: '{n} Arbeitstage' },
  },
};
export type PluralKey = keyof (typeof plurals)['en'];

const rules = new Map<string, Intl.PluralRules>();
export function plural(
  lang: Lang,
  key: PluralKey,
  n: number,
  vars: Record<string, string | number> = {},
  strings?: PayrailStrings,
): string {
  const locale = lang === 'de' ? 'de-DE' : 'en';
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  const forms = plurals[lang][key];
  const s = strings?.[`n.${key}`] ?? forms[r.select(n)] ?? forms.other;
  const all: Record<string, string | number> = { n, ...vars };
  return s.replace(/\{(\w+)\}/g, (_, k: string) => String(all[k] ?? ''));
}
