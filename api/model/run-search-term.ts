/** One word of a search: a run matches it when any of these holds. */
export interface RunSearchTerm {
  statuses: string[];
  frequencies: string[];
  /** Two-digit months (`03`) the period starts or ends in. */
  months: string[];
  /** Text found in the period start, period end or payment date (ISO), when the word looks like a date. */
  dateText?: string;
}
