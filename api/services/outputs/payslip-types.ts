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
  ytd: { gross: string; tax: string; net: string; super?: string | null };
  payment?: { bsb?: string | null; account_last3?: string | null; account_name?: string | null } | null;
  leave?: { label: string; hours: string }[] | null;
}
