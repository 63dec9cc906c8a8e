// The Single Touch Payroll Phase 2 record set (PAYEVNT payer part, PAYEVNTEMP per payee) and every rule
// of the ATO's message that can be checked before it is sent. Pure: the service hands in plain payer and
// payee data (figures already summed by STP category); rules answer `<pack_version>/stp/<rule>`.
import { dec, money, sum, type MoneyInput } from '../../../lib/money.ts';
import { isValidAbn, isValidTfn } from '../validation.ts';

export const STP_INCOME_TYPES = ['SAW', 'CHP', 'IAA', 'WHM', 'SWP', 'FEI', 'JPD', 'VOL', 'LAB', 'OSP'] as const;
/** Income types the ATO needs a country code with. */
export const STP_COUNTRY_INCOME_TYPES = ['FEI', 'IAA', 'WHM'] as const;
export const STP_EMPLOYMENT_BASIS = ['F', 'P', 'C', 'L', 'V', 'D', 'N'] as const;
export const STP_CESSATION_TYPES = ['V', 'I', 'D', 'R', 'F', 'C', 'T'] as const;
export const AU_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT', 'OTH'] as const;

/** What the payee TFN field carries when no TFN is held (the ATO's codes). */
export const NO_TFN_CODES = {
  not_quoted: '000000000',
  applied_for: '111111111',
  under_18: '333333333',
  pensioner: '444444444',
  invalid_quoted: '987654321',
} as const;
export type NoTfnReason = keyof typeof NO_TFN_CODES;
export const NO_TFN_REASONS = Object.keys(NO_TFN_CODES) as NoTfnReason[];

export interface StpAddress {
  line1: string;
  line2?: string | null;
  locality: string;
  state?: string | null;
  postcode?: string | null;
  country: string;
}

export interface StpPayer {
  abn: string | null;
  branch: string;
  bms_id: string | null;
  /** The BMS id of the software the employer moved from, reported once so the ATO joins the year to date. */
  previous_bms_id: string | null;
  legal_name: string | null;
  contact: { name: string; email: string; phone: string } | null;
  address: StpAddress | null;
}

/** Amounts of one payee by STP category: one pay's, or the financial year's to date. */
export interface StpAmounts {
  gross: string;
  overtime: string;
  bonuses_and_commissions: string;
  directors_fees: string;
  allowances: { type: string; subtype: string | null; amount: string }[];
  paid_leave: { type: string; amount: string }[];
  salary_sacrifice: { type: string; amount: string }[];
  lump_sums: { type: string; amount: string }[];
  deductions: { type: string; amount: string }[];
  paygw: string;
  super_liability: string;
  ote: string;
  /** Qualifying earnings (Payday Super): reported from 1 July 2026, see `reportsQualifyingEarnings`. */
  qualifying_earnings: string;
}

export interface StpPayee {
  employee_id: string;
  /** The payroll id the employee had in the employer's previous software, reported with its BMS id change. */
  previous_payroll_id?: string | null;
  /** The TFN (raw, in memory only while the event is built and sent), or null. */
  tfn: string | null;
  /** Why no TFN is held, when none is: decides the ATO code sent instead. */
  no_tfn_reason: NoTfnReason | null;
  /** A TFN was declared before TFNs were sealed: it cannot be reported until given again. */
  tfn_unavailable: boolean;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  address: StpAddress | null;
  start_date: string | null;
  employment_basis: string;
  tax_treatment: string;
  income_type: string;
  income_country: string | null;
  cessation: { type: string | null; date: string } | null;
  /** This pay's amounts (null in an update event, which has no payment). */
  period: StpAmounts | null;
  ytd: StpAmounts;
}

/**
 * The payer's declaration every submission carries (the ATO's Single Touch Payroll business implementation
 * guide, section 5 "Authorisations and declarations"): who declared, the date, and that the statement was accepted.
 */
export interface StpDeclaration {
  name: string;
  date: string;
  accepted: true;
}

/** The statement the declarer accepts: the ATO's payer declaration for a payroll report. */
export const PAYER_DECLARATION_STATEMENT =
  'I declare the information transmitted in this payroll report is true and correct and I am authorised to make this declaration.';

export interface StpEventInput {
  kind: 'pay_event' | 'update_event' | 'finalisation';
  /** The event's id; a full file replacement carries the id of the event it replaces. */
  submission_id: string;
  /** A full file replacement of the pay event `submission_id` (see `fullFileReplacementRefusal`). */
  amendment?: boolean;
  generated_at: string;
  payment_date: string;
  financial_year: string;
  period: { start: string; end: string } | null;
  payer: StpPayer;
  payees: StpPayee[];
  declaration: StpDeclaration;
}

export interface StpViolation {
  rule: string;
  path: string;
  message: string;
  employee_id?: string;
  employee_name?: string;
}

const has = (list: readonly string[], v: unknown) => typeof v === 'string' && list.includes(v);

function scalarAmounts(a: StpAmounts): [string, string][] {
  return [
    ['GrossA', a.gross],
    ['OvertimePaymentA', a.overtime],
    ['GrossBonusesAndCommissionsA', a.bonuses_and_commissions],
    ['GrossDirectorsFeesA', a.directors_fees],
    ['TaxWithheldA', a.paygw],
    ['SuperLiabilityA', a.super_liability],
    ['OrdinaryTimeEarningsA', a.ote],
    ['QualifyingEarningsA', a.qualifying_earnings],
  ];
}

const listAmounts = (a: StpAmounts): [string, string][] => [
  ...a.allowances.map((x): [string, string] => [
    `AllowanceCollection(${x.type}${x.subtype ? `-${x.subtype}` : ''})`,
    x.amount,
  ]),
  ...a.paid_leave.map((x): [string, string] => [`PaidLeaveCollection(${x.type})`, x.amount]),
  ...a.salary_sacrifice.map((x): [string, string] => [`SalarySacrificeCollection(${x.type})`, x.amount]),
  ...a.lump_sums.map((x): [string, string] => [`LumpSumCollection(${x.type})`, x.amount]),
  ...a.deductions.map((x): [string, string] => [`DeductionCollection(${x.type})`, x.amount]),
];

function payerViolations(version: string, p: StpPayer): StpViolation[] {
  const v = (rule: string, path: string, message: string): StpViolation => ({
    rule: `${version}/stp/${rule}`,
    path,
    message,
  });
  const out: StpViolation[] = [];
  if (!p.abn) out.push(v('payer_abn', 'payer.abn', 'The company has no ABN: set it on the company.'));
  else if (!isValidAbn(p.abn)) out.push(v('payer_abn', 'payer.abn', 'The company ABN fails its checksum.'));
  if (!/^\d{3}$/.test(p.branch)) out.push(v('payer_branch', 'payer.branch', 'The ABN branch must be 3 digits.'));
  if (!p.bms_id) out.push(v('payer_bms_id', 'payer.bms_id', 'The company has no payroll software (BMS) id.'));
  else if (p.previous_bms_id === p.bms_id)
    out.push(v('payer_previous_bms_id', 'payer.previous_bms_id', 'The previous BMS id is the current one.'));
  if (!p.legal_name) out.push(v('payer_name', 'payer.legal_name', 'The company has no legal name.'));
  if (!p.contact) out.push(v('payer_contact', 'payer.payroll_contact', 'The company has no payroll contact.'));
  return out;
}

/** What a payee's (or the payer's) address lacks for a pay event: readiness asks for the same before the first one. */
export function addressViolations(a: StpAddress | null): string[] {
  if (!a) return ['The employee has no address.'];
  const out: string[] = [];
  if (!a.line1?.trim()) out.push('The address has no first line.');
  if (!a.locality?.trim()) out.push('The address has no suburb or town.');
  if (a.country === 'AU') {
    if (!has(AU_STATES, a.state)) out.push(`An Australian address needs its state: one of ${AU_STATES.join(', ')}.`);
    if (!/^\d{4}$/.test(a.postcode ?? '')) out.push('An Australian address needs a 4-digit postcode.');
  }
  return out;
}

function payeeViolations(version: string, kind: StpEventInput['kind'], p: StpPayee): StpViolation[] {
  const name = `${p.first_name} ${p.last_name}`.trim();
  const v = (rule: string, path: string, message: string): StpViolation => ({
    rule: `${version}/stp/${rule}`,
    path,
    message: `${name}: ${message}`,
    employee_id: p.employee_id,
    employee_name: name,
  });
  const out: StpViolation[] = [];
  if (p.tfn_unavailable)
    out.push(
      v('payee_tfn_unavailable', 'statutory.au.tfn', 'the TFN was declared before TFNs were sealed; ask for it again.'),
    );
  else if (p.tfn !== null && !isValidTfn(p.tfn))
    out.push(v('payee_tfn', 'statutory.au.tfn', 'the TFN fails its checksum.'));
  else if (p.tfn === null && p.no_tfn_reason === null)
    out.push(
      v(
        'payee_tfn_code',
        'statutory.au.no_number_reason',
        `no TFN is held and no reason is recorded for the ATO's no-TFN code (${NO_TFN_REASONS.join(', ')}).`,
      ),
    );
  if (!p.last_name.trim() || p.last_name.length > 40)
    out.push(v('payee_name', 'last_name', 'the family name must be 1 to 40 characters.'));
  if (!p.date_of_birth) out.push(v('payee_birth_date', 'date_of_birth', 'the date of birth is required.'));
  for (const m of addressViolations(p.address))
    out.push(v('payee_address', 'address', m.charAt(0).toLowerCase() + m.slice(1)));
  if (!has(STP_EMPLOYMENT_BASIS, p.employment_basis))
    out.push(v('employment_basis', 'employment.type', `employment basis ${p.employment_basis} is not an ATO code.`));
  if (!/^[RSHNFWCDV][A-Z0-9]{5}$/.test(p.tax_treatment))
    out.push(v('tax_treatment', 'statutory.au', `tax treatment code ${p.tax_treatment} is not 6 valid characters.`));
  if (!has(STP_INCOME_TYPES, p.income_type))
    out.push(v('income_type', 'statutory.au.income_type', `income type ${p.income_type} is not an ATO code.`));
  if (has(STP_COUNTRY_INCOME_TYPES, p.income_type) && !/^[A-Z]{2}$/.test(p.income_country ?? ''))
    out.push(
      v('income_country_required', 'statutory.au.income_country', `income type ${p.income_type} needs a country code.`),
    );
  if ((p.income_type === 'WHM') !== p.tax_treatment.startsWith('H'))
    out.push(
      v(
        'income_type_treatment',
        'statutory.au.income_type',
        `income type ${p.income_type} does not match tax treatment ${p.tax_treatment} (working holiday makers use category H).`,
      ),
    );
  if (p.cessation && !has(STP_CESSATION_TYPES, p.cessation.type))
    out.push(
      v(
        'cessation_type',
        'termination.reason_code',
        `a leaver needs a cessation type (${STP_CESSATION_TYPES.join(', ')}).`,
      ),
    );
  for (const [which, amounts] of [
    ['ytd', p.ytd],
    ['period', p.period],
  ] as const) {
    if (!amounts) continue;
    for (const [field, amount] of [...scalarAmounts(amounts), ...listAmounts(amounts)])
      if (dec(amount).isNegative())
        out.push(v('non_negative', `${which}.${field}`, `${field} (${which}) is negative: ${amount}.`));
  }
  if (kind === 'pay_event' && p.period) {
    const ytd = new Map([...scalarAmounts(p.ytd), ...listAmounts(p.ytd)]);
    for (const [field, amount] of [...scalarAmounts(p.period), ...listAmounts(p.period)])
      if (dec(ytd.get(field) ?? '0').lt(dec(amount)))
        out.push(v('ytd_consistency', `ytd.${field}`, `year-to-date ${field} is less than this pay's ${amount}.`));
  }
  return out;
}

const declarationViolations = (version: string, d: StpDeclaration): StpViolation[] =>
  d.name.trim()
    ? []
    : [{ rule: `${version}/stp/declaration`, path: 'declaration.name', message: 'The declaration names no declarer.' }];

/** Every failed rule of the event, payer first, then by payee. */
export function payEventViolations(version: string, e: StpEventInput): StpViolation[] {
  const out = [...payerViolations(version, e.payer), ...declarationViolations(version, e.declaration)];
  if (!e.payees.length)
    out.push({ rule: `${version}/stp/payees_required`, path: 'payees', message: 'The event reports no payees.' });
  for (const p of e.payees) out.push(...payeeViolations(version, e.kind, p));
  return out;
}

const addressElements = (a: StpAddress | null) =>
  a && {
    Line1T: a.line1,
    Line2T: a.line2 ?? null,
    LocalityNameT: a.locality,
    StateOrTerritoryC: a.state ?? null,
    PostcodeT: a.postcode ?? null,
    CountryC: a.country.toLowerCase(),
  };

function remuneration(p: StpPayee) {
  const a = p.ytd;
  return {
    IncomeStreamTypeC: p.income_type,
    AddressDetailsCountryC: p.income_country ? p.income_country.toLowerCase() : null,
    IncomeTaxPayAsYouGoWithholdingTaxWithheldA: a.paygw,
    GrossA: a.gross,
    PaidLeaveCollection: a.paid_leave.map((x) => ({ TypeC: x.type, PaymentA: x.amount })),
    AllowanceCollection: a.allowances.map((x) => ({
      TypeC: x.type,
      OtherAllowanceTypeDe: x.subtype,
      EmploymentAllowancesA: x.amount,
    })),
    OvertimePaymentA: a.overtime,
    GrossBonusesAndCommissionsA: a.bonuses_and_commissions,
    GrossDirectorsFeesA: a.directors_fees,
    SalarySacrificeCollection: a.salary_sacrifice.map((x) => ({ TypeC: x.type, PaymentA: x.amount })),
    LumpSumCollection: a.lump_sums.map((x) => ({ TypeC: x.type, PaymentA: x.amount })),
  };
}

/**
 * Payday Super starts with payments made on or after 1 July 2026: from then each payee's record carries
 * the year-to-date qualifying earnings beside the super liability (ATO, STP Phase 2 business implementation
 * guide, "Superannuation entitlement year to date", as updated for Payday Super; Superannuation Guarantee
 * (Administration) Act 1992 as amended by the Treasury Laws Amendment (Payday Superannuation) Act 2025). An
 * event for earlier payments (an AU-2025.1 run, or an update event of the 2025-26 year) does not carry it.
 */
export const QUALIFYING_EARNINGS_FROM = '2026-07-01';
export const reportsQualifyingEarnings = (e: Pick<StpEventInput, 'payment_date'>): boolean =>
  e.payment_date >= QUALIFYING_EARNINGS_FROM;

/** The TFN field: the number, or the ATO's code for why there is none. */
const tfnField = (p: StpPayee) => p.tfn ?? NO_TFN_CODES[p.no_tfn_reason ?? 'not_quoted'];

function payeeRecord(e: StpEventInput, p: StpPayee) {
  return {
    Payee: {
      PayeeIdentifiers: {
        TaxFileNumberId: tfnField(p),
        EmploymentPayrollNumberId: p.employee_id,
        PreviousPayrollIDEmploymentPayrollNumberId: p.previous_payroll_id ?? null,
      },
      PersonNameDetails: { FamilyNameT: p.last_name, GivenNameT: p.first_name },
      PersonDemographicDetails: { BirthD: p.date_of_birth },
      AddressDetails: addressElements(p.address),
      EmployerConditions: {
        EmploymentStartD: p.start_date,
        EmploymentBasisC: p.employment_basis,
        CessationTypeC: p.cessation?.type ?? null,
        EmploymentEndD: p.cessation?.date ?? null,
        TaxTreatmentC: p.tax_treatment,
      },
      RemunerationIncomeTaxPayAsYouGoWithholding: {
        PayrollPeriod: {
          StartD: e.period?.start ?? null,
          EndD: e.period?.end ?? null,
          RemunerationCollection: [remuneration(p)],
          DeductionCollection: p.ytd.deductions.map((x) => ({ TypeC: x.type, RemunerationA: x.amount })),
          SuperannuationContributionCollection: [
            { EntitlementTypeC: 'L', EmployerContributionsYearToDateA: p.ytd.super_liability },
            { EntitlementTypeC: 'O', EmployerContributionsYearToDateA: p.ytd.ote },
          ],
          ...(reportsQualifyingEarnings(e)
            ? { SuperannuationQualifyingEarningsYearToDateA: p.ytd.qualifying_earnings }
            : {}),
          FinalEventI: e.kind === 'finalisation',
        },
      },
    },
  };
}

const total = (values: MoneyInput[]) => money(sum(values));

/** The record set with the ATO's element names (payer part once, a payee record each). */
export function payEventRecord(e: StpEventInput) {
  const paid = e.payees.flatMap((p) => (p.period ? [p.period] : []));
  const p = e.payer;
  return {
    PAYEVNT: {
      Rp: {
        SoftwareInformationBusinessManagementSystemId: p.bms_id,
        AustralianBusinessNumberId: p.abn,
        OrganisationDetailsOrganisationBranchC: p.branch,
        PreviousSoftwareInformationBusinessManagementSystemId: p.previous_bms_id,
        OrganisationName: {
          DetailsOrganisationalNameT: p.legal_name,
          PersonUnstructuredNameFullNameT: p.contact?.name ?? null,
        },
        ElectronicContact: {
          ElectronicMailAddressT: p.contact?.email ?? null,
          TelephoneMinimalN: p.contact?.phone ?? null,
        },
        AddressDetailsPostal: addressElements(p.address),
        Payroll: {
          PaymentRecordTransactionD: e.payment_date,
          InteractionRecordCt: e.payees.length,
          MessageTimestampGenerationDt: e.generated_at,
          InteractionTransactionId: e.submission_id,
          AmendmentI: e.amendment === true,
          // An update event has no payment: its payer totals are zero.
          IncomeTaxAndRemuneration: {
            PayAsYouGoWithholdingTaxWithheldA: total(paid.map((x) => x.paygw)),
            TotalGrossPaymentsWithholdingA: total(paid.map(grossOfPay)),
          },
        },
        Declaration: {
          SignatoryIdentifierT: e.declaration.name,
          SignatureD: e.declaration.date,
          StatementAcceptedI: e.declaration.accepted,
        },
      },
    },
    PAYEVNTEMP: e.payees.map((payee) => payeeRecord(e, payee)),
  };
}

/** Everything a pay reports as gross payments (the categories together, salary sacrifice already out). */
export function grossOfPay(a: StpAmounts): string {
  return total([
    a.gross,
    a.overtime,
    a.bonuses_and_commissions,
    a.directors_fees,
    ...a.allowances.map((x) => x.amount),
    ...a.paid_leave.map((x) => x.amount),
    ...a.lump_sums.map((x) => x.amount),
  ]);
}

/** What the pack knows of a lodged pay event when a full file replacement of it is asked for. */
export interface ReplacementCandidate {
  kind: StpEventInput['kind'];
  /** The rail's answer: only an accepted event is replaced (a rejected one is simply submitted again). */
  accepted: boolean;
  /** A replacement of it has been sent since: that one is what a further replacement replaces. */
  superseded: boolean;
  /** The run is still lodged (a voided run is corrected by an update event instead). */
  run_lodged: boolean;
  /** A later pay event of the employer has been lodged since. */
  later_pay_event: boolean;
  financial_year_end: string;
  today: string;
}

/**
 * Why a full file replacement is not allowed, or null when it is. The ATO's STP Phase 2 business
 * implementation guide ("Correcting payroll information", full file replacement) allows it only for a pay
 * event (not an update event or finalisation), only for the most recent one accepted and before the next
 * pay event is lodged, and within the financial year it reports; otherwise the year to date is corrected
 * by the next pay event or an update event.
 */
export function fullFileReplacementRefusal(version: string, c: ReplacementCandidate): StpViolation | null {
  const v = (rule: string, message: string): StpViolation => ({
    rule: `${version}/stp/full_file_replacement_${rule}`,
    path: 'lodgement',
    message,
  });
  if (c.kind !== 'pay_event')
    return v('pay_event_only', 'Only a pay event can be replaced; correct this with an update event.');
  if (c.superseded)
    return v('superseded', 'This pay event has been replaced since: replace its latest replacement instead.');
  if (!c.accepted) return v('accepted_only', 'Only a pay event the ATO accepted can be replaced.');
  if (!c.run_lodged)
    return v('run_voided', 'The pay run was voided: its correction is an update event, not a replacement.');
  if (c.later_pay_event)
    return v(
      'most_recent_only',
      'A later pay event has been lodged: only the most recent one can be replaced; correct this with an update event.',
    );
  if (c.today > c.financial_year_end)
    return v('same_year_only', 'The financial year has ended: correct it with an update event.');
  return null;
}

export type PayEventRecord = ReturnType<typeof payEventRecord>;
