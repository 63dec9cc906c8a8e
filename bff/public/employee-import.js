// Onboarding an employer from a spreadsheet: the columns of the host's import template, and each row of
// the CSV as the body of one hire in POST …/employees/bulk. Cells are tidied the way a spreadsheet writes
// them (15/03/1990 as 1990-03-15, "$72,000" as 72000) and otherwise sent as they are: the API judges every
// value, and a row it refuses comes back with each field's error, which the page names by its column.

const FREQUENCIES = { weekly: 'weekly', fortnightly: 'fortnightly', monthly: 'monthly' };
const YES = new Set(['yes', 'y', 'true', '1', 'x', 'ja', 'j']);
const NO = new Set(['no', 'n', 'false', '0', 'nein']);

/** The columns every country's template has: name, birth date, address and the terms of employment. */
function common(country) {
  const au = country === 'AU';
  return [
    { header: 'First name', path: 'first_name', required: true, example: au ? 'Olivia' : 'Lena' },
    { header: 'Last name', path: 'last_name', required: true, example: au ? 'Nguyen' : 'Hoffmann' },
    { header: 'Date of birth', path: 'date_of_birth', kind: 'date', example: au ? '14/03/1991' : '14.03.1991' },
    { header: 'Email', path: 'email', example: au ? 'olivia.nguyen@example.com' : 'lena.hoffmann@example.com' },
    { header: 'Street', path: 'address.line1', example: au ? '12 Harbour Street' : 'Lindenstraße 8' },
    { header: au ? 'Suburb' : 'Town', path: 'address.locality', example: au ? 'Pyrmont' : 'Köln' },
    ...(au ? [{ header: 'State', path: 'address.state', example: 'NSW' }] : []),
    { header: 'Postcode', path: 'address.postcode', example: au ? '2009' : '50667' },
    { header: 'Position', path: 'position', example: au ? 'Store manager' : 'Buchhalterin' },
    {
      header: 'Employment type',
      path: 'employment.type',
      kind: 'choice',
      choices: au
        ? { 'full time': 'full_time', 'part time': 'part_time', casual: 'casual' }
        : { 'full time': 'full_time', 'part time': 'part_time', minijob: 'minijob', midijob: 'midijob' },
      example: 'Full time',
    },
    { header: 'Start date', path: 'employment.start_date', kind: 'date', example: au ? '01/02/2027' : '01.02.2027' },
    {
      header: 'Pay frequency',
      path: 'employment.pay_frequency',
      kind: 'choice',
      choices: FREQUENCIES,
      example: au ? 'Fortnightly' : 'Monthly',
    },
    { header: 'Annual salary', path: 'employment.annual_salary', kind: 'money', example: au ? '72000.00' : '54000,00' },
    { header: 'Hourly rate', path: 'employment.hourly_rate', kind: 'money', example: '' },
    { header: 'Hours per week', path: 'employment.hours_per_week', kind: 'number', example: au ? '38' : '40' },
    { header: 'Cost centre', path: 'cost_centre_code', example: '' },
  ];
}

/** What the TFN declaration (AU) or the tax and social insurance details (DE) add. */
const STATUTORY = {
  AU: [
    { header: 'Tax file number', path: 'statutory.au.tfn', secret: true, example: '' },
    {
      header: 'Residency',
      path: 'statutory.au.residency',
      kind: 'choice',
      choices: { resident: 'resident', 'australian resident': 'resident', 'foreign resident': 'foreign_resident' },
      example: 'Resident',
    },
    { header: 'Tax-free threshold', path: 'statutory.au.tax_free_threshold', kind: 'yes_no', example: 'Yes' },
    { header: 'Study loan', path: 'statutory.au.study_loan', kind: 'yes_no', example: 'No' },
  ],
  DE: [
    { header: 'Steuer-ID', path: 'statutory.de.tax_id', secret: true, example: '' },
    { header: 'Tax class', path: 'statutory.de.tax_class', kind: 'number', example: '1' },
    { header: 'Child allowances', path: 'statutory.de.children', kind: 'number', example: '0' },
    { header: 'Church tax', path: 'statutory.de.church_tax', kind: 'yes_no', example: 'No' },
    { header: 'SV-Nummer', path: 'statutory.de.svnr', secret: true, example: '' },
    { header: 'Health insurer', path: 'statutory.de.health_insurance.insurer.name', example: 'AOK Rheinland/Hamburg' },
    {
      header: 'Health insurer number',
      path: 'statutory.de.health_insurance.insurer.betriebsnummer',
      example: '',
    },
  ],
};

/** The template's columns for an employer in `country` (AU or DE). */
export const importColumns = (country) => [...common(country), ...(STATUTORY[country] ?? [])];

/** Rows as CSV text: a cell is quoted when it holds a separator, a quote or a line break (RFC 4180). */
export const csvText = (rows) =>
  rows
    .map((row) =>
      row
        .map((v) => (/[",\r\n]/.test(String(v ?? '')) ? `"${String(v).replace(/"/g, '""')}"` : String(v ?? '')))
        .join(','),
    )
    .join('\r\n');

/** The template to fill in: the header row and one example employee. */
export function templateCsv(country) {
  const columns = importColumns(country);
  return csvText([columns.map((c) => c.header), columns.map((c) => c.example ?? '')]);
}

/** A header as typed in a spreadsheet, compared without case, spaces or punctuation. */
const headerKey = (h) =>
  String(h ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9äöüß]/g, '');

/** 15/03/1990 (AU), 15.03.1990 (DE) or 1990-03-15 as 1990-03-15; anything else as it is, for the API to refuse. */
function isoDate(v) {
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : v;
}

/** An amount without its currency sign and grouping: "$72,000.50" and "54.000,50 €" as 72000.50 and 54000.50. */
function plainNumber(v, country) {
  const bare = v.replace(/[\s$€]|AUD|EUR/gi, '');
  return country === 'DE'
    ? bare.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.')
    : bare.replace(/,(?=\d{3}(\D|$))/g, '');
}

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi'];

function valueOf(column, raw, country) {
  const v = raw.trim();
  const key = v.toLowerCase().replace(/[-_]/g, ' ');
  switch (column.kind) {
    case 'date':
      return isoDate(v);
    case 'money':
      return plainNumber(v, country);
    case 'number': {
      // Tax class III is 3 as the API counts it; the German details take numbers, hours stay as written.
      const n = ROMAN.includes(key) ? String(ROMAN.indexOf(key) + 1) : plainNumber(v, country);
      return column.path.startsWith('statutory.de.') && /^\d+(\.\d+)?$/.test(n) ? Number(n) : n;
    }
    case 'yes_no':
      return YES.has(key) ? true : NO.has(key) ? false : v;
    case 'choice':
      return column.choices[key] ?? v;
    default:
      return v;
  }
}

function setAt(target, path, value) {
  const keys = path.split('.');
  let at = target;
  for (const k of keys.slice(0, -1)) at = at[k] ??= {};
  at[keys.at(-1)] = value;
}

/**
 * The parsed CSV (header row first) as hires: the columns found and those not used, and one hire body per
 * filled row with the spreadsheet row it came from (the header is row 1). Empty cells are left out, so what
 * the sheet does not say stays open on the employee's page.
 */
export function hiresFrom(table, country) {
  const columns = importColumns(country);
  const [header = [], ...lines] = table;
  const byKey = new Map(columns.map((c) => [headerKey(c.header), c]));
  const found = header.map((h) => byKey.get(headerKey(h)) ?? null);
  const unused = header.filter((h, i) => !found[i] && String(h).trim() !== '');
  const missing = columns.filter((c) => c.required && !found.includes(c)).map((c) => c.header);
  const rows = [];
  lines.forEach((line, i) => {
    if (line.every((v) => String(v ?? '').trim() === '')) return;
    const hire = {};
    found.forEach((column, j) => {
      const raw = String(line[j] ?? '');
      if (column && raw.trim() !== '') setAt(hire, column.path, valueOf(column, raw, country));
    });
    if (hire.address) hire.address.country = country;
    const kind = hire.employment?.type;
    // A Minijob or Midijob is a part-time job to the terms; the pack sorts its contributions by the kind.
    if (kind === 'minijob' || kind === 'midijob') {
      hire.employment.type = 'part_time';
      setAt(hire, 'statutory.de.employment_kind', kind);
    }
    rows.push({ line: i + 2, hire });
  });
  return { found, unused, missing, rows };
}

/** The template column a refused row's field came from (`employees.3.employment.start_date`: Start date), or null. */
export function columnAt(path, country) {
  const inRow = String(path ?? '').replace(/^employees\.\d+\.?/, '');
  if (!inRow) return null;
  const columns = importColumns(country);
  return (
    columns.find((c) => c.path === inRow) ??
    columns.find((c) => inRow.startsWith(`${c.path}.`)) ??
    columns.find((c) => c.path.startsWith(`${inRow}.`)) ??
    null
  );
}

/**
 * A refused field as the officer can find it in their sheet: the column's name and what they typed in it
 * (never an identifier: a tax file number is not repeated on screen).
 */
export function fieldInSheet(read, line, path, country) {
  const column = columnAt(path, country);
  if (!column) return { column: null, typed: null };
  const j = read.found.findIndex((c) => c?.path === column.path);
  const typed = j < 0 || column.secret ? null : String(read.table[line - 1]?.[j] ?? '').trim() || null;
  return { column: column.header, typed };
}
