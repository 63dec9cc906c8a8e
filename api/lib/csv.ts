// CSV, RFC 4180, both ways: reading (quoted fields, CRLF or LF line ends) for imports, and writing (CRLF row
// ends, a field quoted only when it holds a delimiter, quote or line break) for every file Payrail produces.

/** Every record as its list of fields, exactly as written; blank lines are skipped. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

/** Records keyed by the header row, fields trimmed (timesheet imports). */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...body] = readCsv(text);
  if (!header) return [];
  const keys = header.map((h) => h.trim());
  return body.map((cells) => Object.fromEntries(keys.map((k, i) => [k, (cells[i] ?? '').trim()])));
}

export const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The rows as CSV text, each row ended by CRLF. */
export const writeCsv = (rows: string[][]): string => rows.map((r) => r.map(csvField).join(',') + '\r\n').join('');

const FORMULA = /^[=+\-@\t\r]/;

/**
 * Text typed by users, made safe for a spreadsheet: a cell that would run as a formula (it starts with =, +, -,
 * @, a tab or a carriage return) gets a leading apostrophe. For files people open in spreadsheets; files read
 * by machines to a column specification (SAFF) carry their values as they are.
 */
export const spreadsheetSafe = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);
