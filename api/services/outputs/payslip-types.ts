export interface PayslipEarning {
  label: string;
  hours?: string | null;
  rate?: string | null;
  amount: string;
}

export interface PayslipAmountLine {
  label: string;
  amount: string;
}

export interface PayslipDocument {
  /** BCP 47, e.g. en-AU or de-DE: drives number, date and label language. */
  locale: string;
  /** ISO 4217, e.g. AUD or EUR. */
  currency: string;
  employer: { name: string; abn?: string | null; address?: string | null };
  employee: {
    id: string;
    name: string;
    employment_type?: string | null;
    pay_frequency?: string | null;
    hourly_rate?: string | null;
  };
  pay_run_id: string;
  period_start: string;
  period_end: string;
  payment_date: string;
  pack_version: string;
  earnings: PayslipEarning[];
  /** Hours paid, each once (a loading adds money, not hours); left out, the earnings lines' hours are added up. */
  total_hours?: string | null;
  /** Positive amounts. */
  deductions: PayslipAmountLine[];
  /** Super guarantee, employer social contributions. */
  contributions: PayslipAmountLine[];
  gross: string;
  tax: string;
  net: string;
  ytd: { gross: string; tax: string; net: string; super?: string | null; social?: string | null };
  payment?: {
    bsb?: string | null;
    account_last3?: string | null;
    /** A German account: the IBAN's last four characters. */
    iban_last4?: string | null;
    account_name?: string | null;
  } | null;
  leave?: { label: string; hours: string }[] | null;
  /** What a country's law requires a payslip to carry beyond the common figures (DE: § 108 GewO, EBV § 1). */
  particulars?: PayslipParticulars | null;
}

export interface PayslipFact {
  label: string;
  value: string;
}

/** Worded by the country's builder, in the payslip's language; the writer only lays them out. */
export interface PayslipParticulars {
  /** Under the employee's name: address, date of birth, employment. */
  employee: PayslipFact[];
  /** Under the pay period: tax class, church tax, health insurer, social-insurance number. */
  period: PayslipFact[];
  /** The period's assessment bases (taxable and contributory wage) and the statutory net: the headline tiles. */
  bases: { title: string; figures: PayslipFact[] };
  /** Footnotes (one line each, above the footer): what the payslip cannot print, and why. */
  notes: string[];
}
