// What a country's year to date gives the year-to-date report: its columns, a row per employee, its notes.
import type { Column, Row } from './report-types.ts';

/** The tax year from its start to the report's last payment date, inclusive. */
export interface YearToDatePeriod {
  start: string;
  to: string;
}

export interface YearToDate {
  columns: Column[];
  rows: Row[];
  notes: string[];
}
