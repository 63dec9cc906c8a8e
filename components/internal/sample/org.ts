// The sample employer's setup: its company record, sites, pay schedules, cost centres and mapping rules,
// in the API's shapes. Made up, like every sample figure.
import type { Company, CostCentre, CostCentreRule, Country, PaySchedule, Site } from '../../client/models.js';

export interface SampleOrg {
  company: Company;
  sites: Site[];
  schedules: PaySchedule[];
  centres: CostCentre[];
  rules: CostCentreRule[];
}

const AT = '2026-07-01T09:00:00.000Z';
const stamp = { created_at: AT, updated_at: AT };

const site = (code: string, name: string, state: string, archived = false): Site => ({
  code,
  name,
  state,
  address: null,
  status: archived ? 'archived' : 'active',
  ...stamp,
});

const schedule = (id: string, name: string, frequency: PaySchedule['frequency'], next: string): PaySchedule => ({
  id,
  name,
  frequency,
  anchor_date: '2026-07-06',
  payment_offset_days: 2,
  bank_holiday_rule: 'before',
  cutoff_days: 2,
  state: null,
  holiday_region: null,
  status: 'active',
  next_pay_dates: [
    {
      period_start: next,
      period_end: next,
      scheduled_date: next,
      payment_date: next,
      cut_off: next,
      holidays_known: true,
    },
  ],
  ...stamp,
});

const centre = (code: string, name: string, parent: string | null, site: string | null, archived = false) => ({
  code,
  name,
  parent_code: parent,
  gl_account: null,
  site,
  status: archived ? ('archived' as const) : ('active' as const),
  ...stamp,
});

const rule = (
  id: number,
  source: 'employee' | 'pay_item',
  attribute: string,
  match: string,
  code: string,
  priority: number,
): CostCentreRule => ({
  id: `sample-rule-${id}`,
  source,
  attribute,
  match_value: match,
  cost_centre_code: code,
  priority,
  created_at: AT,
});

const base = (country: Country) => ({
  tenant_id: 'sample-tenant',
  jurisdiction: country,
  engine: 'sample',
  bank_attested: true,
  single_person_payroll: false,
  default_pay_schedule: 'sample-schedule-2',
});

export function sampleOrg(country: Country): SampleOrg {
  if (country === 'DE')
    return {
      company: {
        ...base(country),
        legal_name: 'Nordlicht Software GmbH',
        trading_name: 'Nordlicht',
        betriebsnummer: '12345671',
        steuernummer_last4: '8156',
        lsta_period: 'monthly',
        payroll_contact: { name: 'Jana Vogel', email: 'lohn@nordlicht.example', phone: '+49 89 1234 5600' },
        address: { line1: 'Leopoldstraße 12', locality: 'München', state: 'BY', postcode: '80802', country: 'DE' },
        work_week: ['mon', 'tue', 'wed', 'thu', 'fri'],
        default_pay_schedule: 'sample-schedule-1',
        pack_version: 'DE-2026.2',
        currency: 'EUR',
      },
      sites: [site('Leipzig', 'Leipzig', 'SN'), site('München', 'München (Hauptsitz)', 'BY')],
      schedules: [schedule('sample-schedule-1', 'Monatlich', 'monthly', '2026-11-27')],
      centres: [
        centre('ADMIN', 'Verwaltung', null, 'München'),
        centre('ENG', 'Engineering', null, 'München'),
        centre('ENG-LEJ', 'Engineering Leipzig', 'ENG', 'Leipzig'),
        centre('SALES', 'Vertrieb', null, 'München'),
      ],
      rules: [rule(1, 'employee', 'position', 'Werkstudent', 'ENG', 100)],
    };
  return {
    company: {
      ...base(country),
      legal_name: 'Harbour & Co Coffee Pty Ltd',
      trading_name: 'Harbour & Co Coffee Roasters',
      abn: '51824753556',
      branch: '001',
      bms_id: '3f6c2a90-5d1e-4b7a-9c2f-0e8d41a7b615',
      payroll_contact: { name: 'Olivia Bennett', email: 'payroll@harbourco.example', phone: '+61 2 9555 0100' },
      address: { line1: '14 Wharf Road', locality: 'Pyrmont', state: 'NSW', postcode: '2009', country: 'AU' },
      work_week: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      pack_version: 'AU-2026.1',
      currency: 'AUD',
    },
    sites: [
      site('Brisbane', 'Brisbane pop-up', 'QLD', true),
      site('Melbourne', 'Melbourne cafés', 'VIC'),
      site('Sydney', 'Sydney roastery and cafés', 'NSW'),
    ],
    schedules: [
      schedule('sample-schedule-1', 'Weekly casuals', 'weekly', '2026-11-25'),
      schedule('sample-schedule-2', 'Fortnightly', 'fortnightly', '2026-12-02'),
      schedule('sample-schedule-3', 'Monthly salaries', 'monthly', '2026-11-30'),
    ],
    centres: [
      centre('ADMIN', 'Head office', null, 'Sydney'),
      centre('OLD', 'Brisbane pop-up', null, 'Brisbane', true),
      centre('OPS', 'Café operations', null, null),
      centre('OPS-MEL', 'Melbourne cafés', 'OPS', 'Melbourne'),
      centre('OPS-SYD', 'Sydney cafés', 'OPS', 'Sydney'),
      centre('ROAST', 'Roastery', null, 'Sydney'),
    ],
    rules: [
      rule(1, 'employee', 'position', 'Barista', 'OPS-SYD', 10),
      rule(2, 'pay_item', 'type', 'allowance', 'ADMIN', 100),
    ],
  };
}
