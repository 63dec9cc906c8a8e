// The shapes every payroll report shares: what a caller asks for, and the table it gets back (columns
// that say how to read each value, rows, totals over the rows the caller may see).
import type { UseCaseContext } from '../platform/use-case.ts';
import type { ReportSlug } from '../../model/report-slugs.ts';

export interface ReportQuery {
  pay_run_id?: string;
  /** Payment dates, inclusive. */
  from?: string;
  to?: string;
  /** An activity-statement period: `2026-10` (a month) or `2026-Q4` (a calendar quarter). */
  period?: string;
  include_drafts: boolean;
}

/** `money`: a 2-decimal string; `count`: an integer; `date`: ISO date; `text`: anything else. */
export type ColumnKind = 'text' | 'date' | 'money' | 'count';
export interface Column {
  key: string;
  kind: ColumnKind;
}

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

export interface Report {
  report: ReportSlug;
  jurisdiction: string;
  currency: string;
  /** The payment dates covered (from the runs read when a single run was asked for). */
  period: { from: string; to: string };
  pay_run_ids: string[];
  include_drafts: boolean;
  /** The caller sees part of the payroll (a data scope): rows and totals are over that part only. */
  scope_limited: boolean;
  columns: Column[];
  rows: Row[];
  /** Column totals over the rows (money and counts). */
  totals: Row;
  /** The GL journal's lines (its rows), for accounting systems. */
  lines?: Row[];
  /** Why a figure is what it is: the rule a report applies (due dates, W1, mapping rules). */
  notes: string[];
}

export type ReportBuilder = (uc: UseCaseContext, q: ReportQuery) => Promise<Report>;
