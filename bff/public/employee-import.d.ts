// The types of employee-import.js, which the host page loads as it is (no build step) and the tests import.
export interface ImportColumn {
  header: string;
  path: string;
  required?: boolean;
  secret?: boolean;
  kind?: 'date' | 'money' | 'number' | 'yes_no' | 'choice';
  choices?: Record<string, string>;
  example?: string;
}
export interface ImportRead {
  /** The template column under each header of the file, or null for a column the template has not. */
  found: (ImportColumn | null)[];
  unused: string[];
  missing: string[];
  rows: { line: number; hire: Record<string, unknown> }[];
}
export function importColumns(country: string): ImportColumn[];
export function csvText(rows: string[][]): string;
export function templateCsv(country: string): string;
export function hiresFrom(table: string[][], country: string): ImportRead;
export function columnAt(path: string, country: string): ImportColumn | null;
export function fieldInSheet(
  read: ImportRead & { table: string[][] },
  line: number,
  path: string,
  country: string,
): { column: string | null; typed: string | null };
