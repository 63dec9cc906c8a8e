// The AU demo employer: a specialty-coffee roaster with cafés in Sydney and Melbourne.
export const AU_TENANT = {
  name: 'Harbour & Co Coffee Roasters',
  slug: 'harbour-coffee',
  jurisdiction: 'AU',
  engine: 'payroll_engine_au',
} as const;

export const AU_COMPANY_BANK = {
  account_name: 'Harbour & Co Coffee Pty Ltd',
  bsb: '032-000',
  account_number: '004455667',
  bank_name: 'Westpac',
  fi_code: 'WBC',
  apca_user_id: '301500',
  abn: '51824753556',
};

/** What the pay event names the employer by (single-touch payroll payer details). */
export const AU_COMPANY = {
  legal_name: 'Harbour & Co Coffee Pty Ltd',
  trading_name: 'Harbour & Co Coffee Roasters',
  work_week: ['mon', 'tue', 'wed', 'thu', 'fri'],
  abn: '51824753556',
  branch: '001',
  payroll_contact: { name: 'Olivia Bennett', email: 'payroll@harbourco.example', phone: '+61 2 9555 0100' },
  address: { line1: '14 Wharf Road', locality: 'Pyrmont', state: 'NSW', postcode: '2009', country: 'AU' },
};

/** The employer's default schedule: the seeded runs' fortnights (Monday to Sunday), paid the Wednesday after. */
export const AU_PAY_SCHEDULE = {
  name: 'Fortnightly staff',
  frequency: 'fortnightly',
  anchor_date: '2026-10-19',
  payment_offset_days: 3,
  bank_holiday_rule: 'before',
  cutoff_days: 2,
  state: 'NSW',
};

const STREETS = ['George Street', 'Crown Street', 'Lygon Street', 'Smith Street', 'King Street', 'Chapel Street'];
const SUBURBS: Record<string, [string, string, string]> = {
  Sydney: ['Surry Hills', 'NSW', '2010'],
  Melbourne: ['Fitzroy', 'VIC', '3065'],
};

/** The sites cost centres and employees name (and user tokens' data scope). */
export const AU_SITES = [
  { code: 'Sydney', name: 'Sydney: Pyrmont roastery and cafés', state: 'NSW' },
  { code: 'Melbourne', name: 'Melbourne cafés', state: 'VIC' },
];

export const AU_COST_CENTRES = [
  { code: 'OPS', name: 'Café operations', site: null },
  { code: 'OPS-SYD', name: 'Sydney cafés', parent_code: 'OPS', site: 'Sydney', gl_account: '6100' },
  { code: 'OPS-MEL', name: 'Melbourne cafés', parent_code: 'OPS', site: 'Melbourne', gl_account: '6110' },
  { code: 'ROAST', name: 'Roastery', site: 'Sydney', gl_account: '6200' },
  { code: 'ADMIN', name: 'Head office', site: 'Sydney', gl_account: '6900' },
];

const FUNDS = [
  { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' },
  { super_fund_name: 'Hostplus', super_usi: 'HOS0100AU' },
  { super_fund_name: 'UniSuper', super_usi: 'UNI0100AU' },
  { super_fund_name: 'Aware Super', super_usi: 'FSF0001AU' },
];

type Row = [
  first: string,
  last: string,
  type: 'full_time' | 'part_time' | 'casual',
  pay: { annual_salary?: number; hourly_rate?: number },
  frequency: 'weekly' | 'fortnightly' | 'monthly',
  hours: number,
  cc: string,
  tax: Record<string, unknown>,
];

const R: Record<string, unknown> = { tax_free_threshold: true };
const ROWS: Row[] = [
  ['Olivia', 'Bennett', 'full_time', { annual_salary: 128000 }, 'monthly', 38, 'ADMIN', { ...R, study_loan: false }],
  ['Liam', 'Nguyen', 'full_time', { annual_salary: 96000 }, 'monthly', 38, 'ADMIN', R],
  ['Charlotte', 'Walsh', 'full_time', { annual_salary: 84500 }, 'fortnightly', 38, 'ROAST', { ...R, study_loan: true }],
  ['Noah', 'Papadopoulos', 'full_time', { annual_salary: 72800 }, 'fortnightly', 38, 'ROAST', R],
  [
    'Amelia',
    'Kaur',
    'full_time',
    { annual_salary: 68000 },
    'fortnightly',
    38,
    'OPS-SYD',
    { ...R, medicare_levy_exemption: 'half' },
  ],
  ['Jack', "O'Connor", 'full_time', { annual_salary: 66500 }, 'fortnightly', 38, 'OPS-SYD', R],
  ['Isla', 'Rossi', 'full_time', { annual_salary: 65000 }, 'fortnightly', 38, 'OPS-MEL', R],
  ['William', 'Tran', 'full_time', { annual_salary: 71000 }, 'fortnightly', 38, 'OPS-MEL', { ...R, study_loan: true }],
  ['Mia', 'Fitzgerald', 'part_time', { hourly_rate: 32.5 }, 'fortnightly', 24, 'OPS-SYD', R],
  [
    'Thomas',
    'Le',
    'part_time',
    { hourly_rate: 31.8 },
    'fortnightly',
    20,
    'OPS-MEL',
    { ...R, tax_free_threshold: false },
  ],
  ['Grace', 'Murphy', 'part_time', { hourly_rate: 33.2 }, 'fortnightly', 30, 'ROAST', R],
  ['Lucas', 'Santos', 'casual', { hourly_rate: 38.75 }, 'weekly', 18, 'OPS-SYD', R],
  ['Chloe', 'Anderson', 'casual', { hourly_rate: 38.75 }, 'weekly', 12, 'OPS-SYD', { ...R, tax_free_threshold: false }],
  ['Henry', 'Kowalski', 'casual', { hourly_rate: 39.9 }, 'weekly', 22, 'OPS-MEL', R],
  [
    'Ava',
    'Singh',
    'casual',
    { hourly_rate: 38.75 },
    'weekly',
    15,
    'OPS-MEL',
    { residency: 'foreign_resident', tax_free_threshold: false },
  ],
  ['Leo', 'Brown', 'casual', { hourly_rate: 41.2 }, 'weekly', 25, 'ROAST', R],
  [
    'Sophie',
    'Chen',
    'full_time',
    { annual_salary: 92000 },
    'monthly',
    38,
    'ROAST',
    { ...R, medicare_levy_exemption: 'full' },
  ],
  ['Oscar', 'Williams', 'full_time', { annual_salary: 61500 }, 'fortnightly', 38, 'OPS-SYD', R],
  ['Ruby', 'Hughes', 'full_time', { annual_salary: 63000 }, 'fortnightly', 38, 'OPS-MEL', R],
  ['Ethan', 'Nakamura', 'part_time', { hourly_rate: 34.1 }, 'fortnightly', 16, 'ADMIN', R],
  ['Zoe', 'Martin', 'full_time', { annual_salary: 78000 }, 'fortnightly', 38, 'OPS', R],
  [
    'Harrison',
    'Clarke',
    'casual',
    { hourly_rate: 40.5 },
    'weekly',
    10,
    'OPS-SYD',
    { tfn: null, no_number_reason: 'not_quoted' },
  ],
  [
    'Matilda',
    'Dimitriou',
    'full_time',
    { annual_salary: 69500 },
    'fortnightly',
    38,
    'OPS-SYD',
    { ...R, study_loan: true },
  ],
  ['Archie', 'Patel', 'full_time', { annual_salary: 74000 }, 'fortnightly', 38, 'ROAST', R],
  ['Evie', 'Robinson', 'part_time', { hourly_rate: 32.9 }, 'fortnightly', 22.8, 'OPS-MEL', R],
  ['Hudson', 'Ibrahim', 'casual', { hourly_rate: 38.75 }, 'weekly', 20, 'OPS-MEL', R],
  ['Willow', 'McKenzie', 'full_time', { annual_salary: 105000 }, 'monthly', 38, 'ADMIN', R],
  ['Jasper', 'Vu', 'full_time', { annual_salary: 67000 }, 'fortnightly', 38, 'OPS-SYD', R],
];

// Valid TFNs (weights 1,4,3,7,5,8,6,9,10; sum mod 11 = 0), generated once, kept as demo data only.
const TFNS = [
  '123456782',
  '876543210',
  '459599230',
  '565051603',
  '628194821',
  '252760189',
  '385280841',
  '539336338',
  '478878384',
  '837261675',
];

export function auEmployees() {
  return ROWS.map(([first, last, type, pay, frequency, hours, cc, tax], i) => ({
    body: {
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}.${last.toLowerCase().replace(/[^a-z]/g, '')}@harbourco.example`,
      address: (() => {
        const [locality, state, postcode] = SUBURBS[cc === 'OPS-MEL' ? 'Melbourne' : 'Sydney'];
        return { line1: `${10 + i * 3} ${STREETS[i % STREETS.length]}`, locality, state, postcode, country: 'AU' };
      })(),
      date_of_birth: `${1975 + ((i * 7) % 28)}-${String(1 + ((i * 5) % 12)).padStart(2, '0')}-${String(1 + ((i * 11) % 28)).padStart(2, '0')}`,
      position:
        type === 'casual' ? 'Barista' : cc === 'ROAST' ? 'Roaster' : cc === 'ADMIN' ? 'Head office' : 'Café supervisor',
      employment: {
        type,
        ...pay,
        pay_frequency: frequency,
        hours_per_week: hours,
        start_date: `${2019 + (i % 6)}-${String(1 + (i % 12)).padStart(2, '0')}-01`,
      },
      // The TFN declaration comes with the hire: an AU employee has the TFN or the reason it is not given.
      statutory: { au: tax.tfn === null ? { ...tax, tfn: undefined } : { tfn: TFNS[i % TFNS.length], ...tax } },
    },
    cost_centre: cc,
    bank: {
      bank_bsb: ['062-000', '033-000', '083-004', '012-003'][i % 4],
      bank_account_number: String(10_000_000 + i * 7_919_237).slice(0, 8),
      bank_account_name: `${first} ${last}`,
    },
    pension: { ...FUNDS[i % FUNDS.length], super_member_number: String(800_000_000 + i * 1_234_567) },
  }));
}
