// What differs by country in the control plane, behind one interface: the employee's typed statutory
// sections, how intake turns request fields into them, how they are shown, the tax year, bank checks and
// currency. Packs hold the rules; an adapter maps the canonical employee onto its country's pack, so the
// services never branch on a country code.
import type { z } from 'zod';
import type { Jurisdiction, RuleViolation } from '../packs/types.ts';
import type { IdentifierKind } from '../lib/identifier-names.ts';
import type { PayDay } from '../model/pay-day.ts';
import type { ExceptionKind } from '../model/exception-kinds.ts';
import type { StatutoryOutputKind } from '../model/statutory-output-kinds.ts';
import type { ReportSlug } from '../model/report-slugs.ts';
import type { ModernAward } from '../packs/au/awards/types.ts';
import type { accrualRatesFor, accrueNesLeave } from '../packs/au/index.ts';
import type { EmploymentType } from '../packs/au/leave.ts';
import type { LeaveTypeRow, MasterLeaveType } from '../packs/leave/master-types.ts';
import type { superDueDate } from '../packs/au/super-due.ts';

/** The award an employee is under, as a jurisdiction with awards names it (`awardInForce`). */
export type { ModernAward } from '../packs/au/awards/types.ts';

export type Fields = Record<string, unknown>;
export type SettingsKind = 'tax' | 'bank' | 'pension';

/** What an identifier field holds: a country's intake attests or seals each kind it takes. */
export type { IdentifierKind } from '../lib/identifier-names.ts';

/**
 * The request fields through which identifiers reach intake (and nowhere else may they arrive), and the
 * stored fields intake derives from other request fields, which a caller therefore may not send.
 */
export interface IntakeFields {
  /** Identifier fields of `statutory.<country>` and `tax_profile` in an employee body. */
  employee: Readonly<Record<string, IdentifierKind>>;
  /** Identifier fields of each settings body. */
  settings: Readonly<Record<SettingsKind, Readonly<Record<string, IdentifierKind>>>>;
  /** Identifier fields of a company bank patch. */
  companyBank: Readonly<Record<string, IdentifierKind>>;
  /** Per settings kind: stored names intake derives → the request field to send instead. */
  derivedSettings: Readonly<Partial<Record<SettingsKind, Readonly<Record<string, string>>>>>;
}

/** Sections as intake builds them, by stored name (`tax`, `bank`, `de` …); decoded before they are stored. */
export type SectionsDraft = Partial<Record<string, Fields>>;

/** Seals identifiers on intake: a keyed hash to attest a number, encryption for one Payrail must pay to. */
export interface Sealer {
  attest(value: string): string;
  encrypt(value: string): string;
}

/** The country parts of the employee view. */
export interface StatutoryView {
  /** This country's member of the view's `statutory` object (`statutory.au`, `statutory.de`). */
  section: Fields | null;
  tax_profile: Fields;
  retirement: Fields;
}

/** What a payslip shows of the account pay goes to: masked. */
export interface PayslipAccount {
  bsb: string | null;
  account_last3: string | null;
  account_name: string | null;
}

/**
 * What a payslip states of the tax declaration on its payment date (AU: the TFN declaration's state and
 * question 9, the tax-free threshold). `no_tfn_rate`: tax was withheld at the no-TFN rate.
 */
export interface PayslipDeclaration {
  state: string;
  no_tfn_rate: boolean;
  tax_free_threshold: boolean;
  tax_free_threshold_answered: boolean;
}

/** The sealed domestic account a payment file pays into. */
export interface PaymentAccount {
  bsb: string | null;
  account_enc: string;
  account_name: string | null;
  /** Net pay split across accounts (the last takes the rest); absent when all goes to the one above. */
  splits?: { bsb: string; account_enc: string; account_name: string; amount: string | null; percent: string | null }[];
  /** SEPA: the bank's BIC where one is on file (an IBAN alone is enough). */
  bic?: string | null;
}

/** The retirement fund employer contributions go to, once it is attested. */
export interface RetirementFund {
  name: string;
  usi: string | null;
  abn: string | null;
  smsf: boolean;
  member_number_enc: string | null;
}

/** The company bank fields a jurisdiction checks (raw, as the request sent them). */
export interface CompanyBankFields {
  bsb?: unknown;
  account_number?: unknown;
  account_name?: unknown;
  abn?: unknown;
  iban?: unknown;
}

/** Response schemas of the country parts, for the OpenAPI document. */
export interface ViewSchemas {
  section: z.ZodType | null;
  taxProfile: z.ZodType;
  retirement: z.ZodType;
  settings: Record<SettingsKind, z.ZodType>;
}

/**
 * One country. `S` is its statutory data (a member of the `Statutory` union, tagged with its
 * `jurisdiction`); `P` a case-value patch of its sections, as stored.
 */
export interface JurisdictionAdapter<S extends { jurisdiction: Jurisdiction }, P extends object> {
  readonly code: S['jurisdiction'];
  readonly currency: string;
  /** The company field holding the employer's registration number (ABN, Betriebsnummer), or null. */
  readonly employerNumber: string | null;
  /** The country totals a pay-run entry carries beside gross, tax and net (super in AU, social insurance in DE). */
  readonly entryTotals: readonly ('super' | 'social')[];
  /** The member of the view's `statutory` object this country fills (`au`, `de`), or null. */
  readonly viewKey: string | null;
  /** Decodes a case-value patch of this country's sections: intake output is checked with it before it is stored. */
  readonly patchSchema: z.ZodType<P>;
  readonly viewSchemas: ViewSchemas;
  readonly intakeFields: IntakeFields;
  /** The sections of an employee with nothing recorded yet. */
  empty(): S;
  /** `statutory.<country>` and `tax_profile` fields of a create or patch body → sections to patch. */
  /** `today`: the date a declaration made with this write is dated, unless the body dates it. */
  employeeIntake(packVersion: string, fields: Fields, sealer: Sealer, today: string): SectionsDraft;
  /** A tax, bank or pension settings body → sections to patch (501 where the country has no such settings). */
  settingsIntake(
    kind: SettingsKind,
    packVersion: string,
    body: Fields,
    current: S,
    sealer: Sealer,
    today: string,
  ): SectionsDraft;
  /**
   * Rules on the sections as a whole: on a hire, whether or not it sent them, and on an employee change that
   * sends statutory fields. Paths are the employee body's (`statutory.au.tfn`).
   */
  statutoryViolations?(packVersion: string, s: S): RuleViolation[];
  /** Where each section of a patch came from in an employee body, to name a field's path. */
  employeeFieldPath(section: string): string[];
  view(s: S, packVersion: string): StatutoryView;
  /** Attested flags and settings only: sealed values and hashes never leave. */
  settingsView(kind: SettingsKind, s: S, packVersion: string): Fields;
  /** First day of the tax (financial) year a date falls in. */
  taxYearStart(date: string): string;
  /**
   * The day a run's pay counts on for its tax year and the year to date: the day it was actually paid
   * (`date_paid`), or its scheduled payment date.
   */
  payDay: PayDay;
  companyBankViolations(packVersion: string, bank: CompanyBankFields): RuleViolation[];
  /** Rules on the country's own company fields (Betriebsnummer, Steuernummer, …); fields of another country are refused. */
  companyViolations(packVersion: string, fields: Record<string, unknown>): RuleViolation[];
  /** Company fields statutory outputs are drawn up with, each with the output kinds that need it. */
  readonly companyOutputFields?: Record<string, string[]>;
  payslipAccount(s: S): PayslipAccount;
  /** The tax declaration as a payslip of a payment on `paymentDate` states it; absent where the country has none. */
  payslipDeclaration?(s: S, startDate: string | null, paymentDate: string): PayslipDeclaration;
  paymentAccount(s: S): PaymentAccount | null;
  retirementFund(s: S): RetirementFund | null;
  /** The employee's tax number (TFN, Steuer-ID) is on file as an attestation. */
  taxIdAttested(s: S): boolean;
  /** Year-to-date opening figures from a previous payroll (an employer moving mid-year); absent: 501. */
  readonly openings?: OpeningsPolicy;
  /** The run checklist's filing steps after payment, in order. */
  readonly filingSteps: readonly FilingStep[];
  /** The tax office needs the reason for leaving on a leaver's final pay: a leaver without one is a warning. */
  readonly leavingReasonRequired: boolean;
  /** A statutory hourly minimum the pay-run exceptions check pay against; absent where the country has none. */
  readonly minimumWage?: MinimumWageRule;
  /** Pay-run findings on the employee's tax declaration for a payment on `paymentDate`, in review order. */
  declarationFindings?(s: S, startDate: string | null, paymentDate: string): DeclarationFinding[];
  /** The country's leave types and the rules on them; absent where the pack has no leave. */
  readonly leave?: LeaveRules;
  /** Annual leave loading by award and by the employee's terms; absent where the country has none. */
  readonly leaveLoading?: LeaveLoadingRules;
  /** The award (at the rates in force for a period starting `periodStart`); absent where the country has no awards. */
  awardInForce?(packVersion: string, code: string, periodStart: string): ModernAward | null | undefined;
  /**
   * The name of the pack pay item a code is, where pay lines stored before they carried names hold the bare code
   * as their description; absent where no such lines exist.
   */
  storedLineName?(packVersion: string, code: string): string | undefined;
  /**
   * When contributions to the employee's retirement fund for a payment are due, by the pack's rule; absent where
   * Payrail batches no contributions.
   */
  retirementDueDate?: typeof superDueDate;
  /** The pack's pay-item catalogue in the catalogue's shape; absent: the pack has none yet (501). */
  payItems?(packVersion: string): PackPayItem[];
  /** The country's own company fields as the company details answer them, from the stored record. */
  companyFieldsView(data: Record<string, unknown>): Record<string, unknown>;
  /** Company fields a new tenant's company record starts with (AU: the BMS id single touch payroll reports carry). */
  newCompanyFields(): Record<string, unknown>;
  /** How a payslip PDF is laid out and named. */
  readonly payslipLayout: 'standard' | 'entgeltabrechnung';
  readonly reporting: ReportingRules;
}

/** A retirement contribution's due date and the rule that set it. */
export type RetirementDue = ReturnType<typeof superDueDate>;

/**
 * A filing step of the run checklist: done once every statutory output it names can be drawn up ready to
 * file, or once the retirement batch is generated, the lodgement sent, or the lodgement accepted.
 */
export type FilingStep =
  | {
      key: 'lohnsteuer_anmeldung' | 'beitragsnachweis';
      by: 'statutory_outputs';
      outputs: readonly StatutoryOutputKind[];
    }
  | { key: 'super_batch'; by: 'retirement_batch' }
  | { key: 'stp_lodged'; by: 'lodgement_sent' }
  | { key: 'stp_accepted'; by: 'lodgement_accepted' };

export interface MinimumWageRule {
  /** The hourly rate in force on a date, or null where none is published for it. */
  hourlyOn(date: string): string | null;
  /** Below this age the minimum may not apply: a shortfall only warns, with `exemptNote` added. */
  exemptUnderAge: number;
  exemptNote: string;
}

export interface DeclarationFinding {
  kind: ExceptionKind;
  severity: 'warning' | 'info';
  message: string;
  detail: Record<string, string | boolean | null>;
}

export interface LeaveRules {
  /** The country's leave types (its statute's); a tenant's own types are aliases of these. */
  types: readonly LeaveTypeRow[];
  /** The balance a type of this category draws on, or null for a type with none. */
  balanceOf(category: MasterLeaveType): string | null;
  /** Why the country does not offer an employee a type (the statute's words), or null. */
  notOffered?(type: LeaveTypeRow, employment: EmploymentType): string | null;
  /** A cash-out must leave this many weeks of the employee's ordinary weekly hours of annual leave. */
  cashOutKeepsWeeks?: string;
  /** Leave earned on the hours of each run: the rates of the employee's terms, and one run's accrual. */
  accrual?: { ratesFor: typeof accrualRatesFor; accrue: typeof accrueNesLeave };
}

export interface LeaveLoadingRules {
  /** The loading each award grants, by award code. */
  awards: Readonly<Record<string, { fraction: string; basis: string }>>;
  /** How the employee's page names an award's loading, where it says it differently from the award's basis. */
  awardBasis: Readonly<Record<string, string>>;
  /** The loading the employee's own terms give (the leave-loading switch). */
  terms: { fraction: string; basis: string };
  /** The same loading as the final pay states it, paid on leave untaken when employment ends. */
  termsOnLeaving: { fraction: string; basis: string };
}

/** A pack pay item as the catalogue lists it; the country columns it lacks are null. */
export interface PackPayItem {
  ote: boolean | null;
  super_liable: boolean | null;
  stp: { category: string; type: string | null; subtype: string | null } | null;
  wage_type: string | null;
  contributory: boolean | null;
  code: string;
  name: string;
  kind: 'earning' | 'allowance' | 'deduction';
  entry_types: string[];
  taxable: boolean;
  default: boolean;
}

/** What the pay reports show of a country's pay. */
export interface ReportingRules {
  /**
   * The employer's contribution on top of pay: `super` (the super guarantee, its own expense and payable) or
   * `social` (the employer's social insurance share, with the employee's share in one payable).
   */
  contributions: 'super' | 'social';
  /** The general-ledger line of the tax withheld. */
  taxPayable: string;
  /** The year to date: by single-touch payroll category (with openings), or the Lohnkonto's calendar-year totals. */
  yearToDate: 'stp_categories' | 'lohnkonto';
  /** The reports the country offers beside those every country has. */
  reports: readonly ReportSlug[];
}

/** How a country checks and reads an employee's year-to-date opening figures. */
export interface OpeningsPolicy {
  /**
   * The figures as sent, checked (money as 2-decimal strings), or the rule each field breaks; `at` is the pack and
   * the tax year they are for (DE: an SV wage is at most that year's annual ceiling).
   */
  check(
    figures: unknown,
    at: { packVersion: string; taxYearStart: string },
  ): { figures: Fields; violations?: undefined } | { violations: RuleFailureLike[] };
  /**
   * AU: the qualifying earnings the figures hold for a limit over the year and over the quarter starting
   * `quarterStart` (the super base). A country without such a limit leaves it out.
   */
  earningsToDate?(figures: Fields, asAt: string, quarterStart: string): { quarter: string; year: string };
  /** The figures' part of a payslip's year to date. */
  payslipTotals(figures: Fields): YearToDateTotals;
}

export interface RuleFailureLike {
  rule: string;
  path: string;
  message: string;
}

/** The totals a payslip's year to date shows (2-decimal strings); `social` and `super` where the country has them. */
export interface YearToDateTotals {
  gross: string;
  tax: string;
  net: string;
  social?: string | null;
  super: string | null;
}
