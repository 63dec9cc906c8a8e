// The DE demo employer: a Munich software company with a Leipzig office.
export const DE_TENANT = {
  name: 'Nordlicht Software GmbH',
  slug: 'nordlicht-software',
  jurisdiction: 'DE',
  engine: 'payroll_engine',
} as const;

/** The employer fields the Lohnsteuer-Anmeldung and the Beitragsnachweise name (demo numbers, valid in form). */
export const DE_COMPANY = {
  legal_name: 'Nordlicht Software GmbH',
  betriebsnummer: '12345671',
  steuernummer: '143/815/08156',
  lsta_period: 'monthly',
  trading_name: 'Nordlicht',
  // Up to 30 employees: the employer takes part in U1 (§ 3 AAG). The insurers' U1/U2 rates are demo values
  // in the range Krankenkassen publish in their Satzung; a real employer enters its insurers' current rates.
  u1_participation: true,
  insurer_levy_rates: [
    { betriebsnummer: '15027365', name: 'Techniker Krankenkasse', u1_rate: '2.6', u2_rate: '0.5' },
    { betriebsnummer: '87880235', name: 'AOK Bayern', u1_rate: '2.7', u2_rate: '0.62' },
  ],
};

/**
 * The employer runs payroll on Payrail from October 2026: Jonas Weber's year to date before it (January to
 * September at 5,166.67 a month, class I, TK), which his October sales bonus is charged against (§ 23a SGB IV).
 */
export const DE_OPENINGS = (ids: string[]) => [
  {
    employee_id: ids[4],
    as_at: '2026-09-30',
    figures: {
      sv_wage_kv_pv: '46500.03',
      sv_wage_rv_av: '46500.03',
      taxable_wage: '46500.03',
      income_tax: '7487.19',
      employee_social: '10009.17',
      net: '29003.67',
    },
    source: 'Lohnkonto of the previous payroll provider, January to September 2026',
  },
];

/** The employer's default schedule: calendar months, paid the day before month end or the working day before. */
export const DE_PAY_SCHEDULE = {
  name: 'Monatsgehalt',
  frequency: 'monthly',
  anchor_date: '2026-10-01',
  payment_offset_days: -1,
  bank_holiday_rule: 'before',
  cutoff_days: 3,
  state: 'BY',
};

export const DE_COMPANY_BANK = {
  account_name: 'Nordlicht Software GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bank_name: 'Commerzbank',
};

/** The sites cost centres and employees name (and user tokens' data scope). */
export const DE_SITES = [
  { code: 'München', name: 'München (Hauptsitz)', state: 'BY' },
  { code: 'Leipzig', name: 'Leipzig', state: 'SN' },
];

export const DE_COST_CENTRES = [
  { code: 'ENG', name: 'Engineering', site: 'München', gl_account: '4100' },
  { code: 'ENG-LEJ', name: 'Engineering Leipzig', parent_code: 'ENG', site: 'Leipzig', gl_account: '4110' },
  { code: 'SALES', name: 'Vertrieb', site: 'München', gl_account: '4200' },
  { code: 'ADMIN', name: 'Verwaltung', site: 'München', gl_account: '4900' },
];

const TAX_IDS = [
  '54826591758',
  '23796551541',
  '43279705678',
  '29638427210',
  '84761250495',
  '95378602713',
  '68718295302',
  '91206943590',
  '63470425891',
  '79726584071',
  '98584180672',
  '72689542022',
  '22298341703',
  '32984405678',
  '27946035983',
  '73705896245',
];
const IBANS = [
  'DE02370400441819545424',
  'DE98100700002670579680',
  'DE17500105178313233472',
  'DE22200411116698473943',
  'DE39700202709549236801',
  'DE57600501014044301898',
  'DE38120300002726088128',
  'DE86760260009972526459',
  'DE06370400441470452246',
  'DE47100700006589088434',
  'DE70500105176877661327',
  'DE88200411116351921437',
  'DE61700202706595808147',
  'DE59600501012043491301',
  'DE33120300005972284301',
  'DE66760260003836983200',
];

type De = Record<string, unknown>;
type Row = [
  first: string,
  last: string,
  annual: number | null,
  hourly: { rate: number; hours: number } | null,
  cc: string,
  de: De,
];

// The Krankenkassen by their real Betriebsnummern, which carry a valid check digit.
const TK = {
  type: 'statutory',
  additional_rate: 2.45,
  insurer: { name: 'Techniker Krankenkasse', betriebsnummer: '15027365' },
};
const AOK = { type: 'statutory', additional_rate: 2.7, insurer: { name: 'AOK Bayern', betriebsnummer: '87880235' } };
const ROWS: Row[] = [
  [
    'Lukas',
    'Müller',
    98000,
    null,
    'ENG',
    {
      tax_class: 1,
      church_tax: true,
      church_tax_denomination: 'ev',
      state: 'BY',
      health_insurance: TK,
      care_insurance: { childless_surcharge: true },
    },
  ],
  [
    'Anna',
    'Schmidt',
    86000,
    null,
    'ENG',
    {
      tax_class: 4,
      children: 1,
      church_tax: true,
      church_tax_denomination: 'rk',
      state: 'BY',
      health_insurance: TK,
      care_insurance: { children_under_25: 1 },
    },
  ],
  [
    'Felix',
    'Schneider',
    120000,
    null,
    'ENG',
    {
      tax_class: 3,
      children: 2,
      church_tax: false,
      state: 'BY',
      health_insurance: { type: 'private', private_premium: 720, employer_subsidy: 360, insurer: TK.insurer },
      care_insurance: { children_under_25: 2 },
    },
  ],
  [
    'Laura',
    'Fischer',
    54000,
    null,
    'SALES',
    {
      tax_class: 2,
      children: 1,
      church_tax: true,
      church_tax_denomination: 'ev',
      state: 'BW',
      health_insurance: AOK,
      care_insurance: { children_under_25: 1 },
    },
  ],
  [
    'Jonas',
    'Weber',
    62000,
    null,
    'SALES',
    {
      tax_class: 1,
      church_tax: false,
      state: 'BY',
      health_insurance: TK,
      care_insurance: { childless_surcharge: true },
    },
  ],
  [
    'Lea',
    'Meyer',
    41000,
    null,
    'ADMIN',
    {
      tax_class: 5,
      church_tax: true,
      church_tax_denomination: 'rk',
      state: 'BY',
      health_insurance: AOK,
      care_insurance: { childless_surcharge: false },
    },
  ],
  [
    'Paul',
    'Wagner',
    24000,
    null,
    'ADMIN',
    {
      tax_class: 6,
      church_tax: false,
      state: 'BY',
      health_insurance: TK,
      care_insurance: { childless_surcharge: true },
    },
  ],
  [
    'Sophie',
    'Becker',
    72000,
    null,
    'ENG-LEJ',
    {
      tax_class: 1,
      church_tax: false,
      state: 'SN',
      health_insurance: AOK,
      care_insurance: { childless_surcharge: true },
    },
  ],
  [
    'Maximilian',
    'Schulz',
    68000,
    null,
    'ENG-LEJ',
    {
      tax_class: 3,
      children: 3,
      church_tax: true,
      church_tax_denomination: 'ev',
      state: 'SN',
      health_insurance: TK,
      care_insurance: { children_under_25: 3 },
    },
  ],
  [
    'Marie',
    'Hoffmann',
    null,
    { rate: 13.9, hours: 10 },
    'SALES',
    { tax_class: 1, state: 'BY', health_insurance: TK, pension_insurance: true },
  ],
  [
    'Elias',
    'Koch',
    18000,
    null,
    'ADMIN',
    { tax_class: 1, state: 'BY', health_insurance: AOK, care_insurance: { childless_surcharge: true } },
  ],
  [
    'Emma',
    'Richter',
    145000,
    null,
    'ENG',
    {
      tax_class: 1,
      church_tax: true,
      church_tax_denomination: 'rk',
      state: 'BY',
      health_insurance: { type: 'private', private_premium: 640, employer_subsidy: 320, insurer: TK.insurer },
      care_insurance: { childless_surcharge: true },
    },
  ],
  [
    'Leon',
    'Klein',
    58000,
    null,
    'ENG-LEJ',
    {
      tax_class: 4,
      factor: '0.912',
      church_tax: false,
      state: 'SN',
      health_insurance: TK,
      care_insurance: { childless_surcharge: false },
    },
  ],
  [
    'Mia',
    'Wolf',
    47000,
    null,
    'SALES',
    {
      tax_class: 2,
      children: 2,
      church_tax: true,
      church_tax_denomination: 'ev',
      state: 'HE',
      health_insurance: AOK,
      care_insurance: { children_under_25: 2 },
    },
  ],
  [
    'Noah',
    'Schröder',
    79000,
    null,
    'ENG',
    {
      tax_class: 1,
      church_tax: false,
      state: 'BE',
      health_insurance: TK,
      care_insurance: { childless_surcharge: true },
      unemployment_insurance: true,
    },
  ],
  [
    'Hannah',
    'Neumann',
    36000,
    null,
    'ADMIN',
    {
      tax_class: 1,
      church_tax: true,
      church_tax_denomination: 'rk',
      state: 'NW',
      health_insurance: AOK,
      care_insurance: { childless_surcharge: true },
    },
  ],
];

// Home addresses: the registration with the social insurance and the payslip carry them.
const STRASSEN = ['Leopoldstraße', 'Schellingstraße', 'Karl-Liebknecht-Straße', 'Sendlinger Straße', 'Gohliser Straße'];
const ORTE: Record<string, [string, string]> = { MUC: ['München', '80802'], LEJ: ['Leipzig', '04107'] };

export function deEmployees() {
  return ROWS.map(([first, last, annual, hourly, cc, de], i) => ({
    body: {
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}.${last.toLowerCase().replace('ü', 'ue').replace('ö', 'oe')}@nordlicht.example`,
      address: {
        line1: `${STRASSEN[i % STRASSEN.length]} ${3 + i * 2}`,
        locality: ORTE[cc.endsWith('LEJ') ? 'LEJ' : 'MUC'][0],
        postcode: ORTE[cc.endsWith('LEJ') ? 'LEJ' : 'MUC'][1],
        country: 'DE',
      },
      date_of_birth: `${1968 + ((i * 5) % 32)}-${String(1 + ((i * 7) % 12)).padStart(2, '0')}-${String(1 + ((i * 3) % 28)).padStart(2, '0')}`,
      position: cc.startsWith('ENG') ? 'Softwareentwicklung' : cc === 'SALES' ? 'Vertrieb' : 'Verwaltung',
      employment: {
        type: hourly ? 'part_time' : annual && annual < 30000 ? 'part_time' : 'full_time',
        ...(hourly
          ? { hourly_rate: hourly.rate, hours_per_week: hourly.hours }
          : { annual_salary: annual, hours_per_week: annual && annual < 30000 ? 20 : 40 }),
        pay_frequency: 'monthly',
        start_date: `${2018 + (i % 7)}-${String(1 + (i % 12)).padStart(2, '0')}-01`,
      },
      statutory: { de: { ...de, tax_id: TAX_IDS[i], iban: IBANS[i] } },
    },
    cost_centre: cc,
  }));
}
