// The onboarding wizard's steps by country: each field names where it goes in the draft employee that
// `POST …/employees/validate` checks (and the writes take), so the API's violations land on their fields.
import type { Country } from '../client/models.js';
import { setAtPath, type Field, type Value } from '../internal/forms.js';
import type { MessageKey } from '../internal/i18n.js';
import {
  AU_BANK,
  AU_TAX,
  DE_BANK,
  DE_HEALTH,
  DE_HEALTH_PATHS,
  DE_NO_SVNR,
  DE_SVNR,
  DE_TAX,
  FUND_BY_USI,
  FUND_CHOICE,
  SMSF,
  fundFields,
} from '../internal/employee-fields.js';

/** A wizard field and where its value goes: `employee.…`, `bank.…` or `pension.…`. */
export interface StepField extends Field {
  path: string;
  /** Asked only when this holds for what was entered (the fields a choice of fund needs). */
  when?: (values: Record<string, string>) => boolean;
}

/** The fields asked for, given what was entered so far. */
export const asked = (fields: StepField[], values: Record<string, string>) =>
  fields.filter((f) => !f.when || f.when(values));

export interface Step {
  key: 'personal' | 'employment' | 'tax' | 'super' | 'social' | 'bank' | 'review';
  label: MessageKey;
  fields: StepField[];
}

const dot = (v: string) => v.replace(',', '.');
const at = (prefix: string, list: Field[]): StepField[] => list.map((f) => ({ ...f, path: `${prefix}.${f.name}` }));

const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;

/**
 * Name, birth date and home address: the statutory reports carry all three (a single-touch payroll pay
 * event names each payee's; the German registration with the social insurance too), so all are asked.
 */
function personal(country: 'AU' | 'DE'): StepField[] {
  return [
    ...at('employee', [
      { name: 'first_name', label: 'firstName', required: true },
      { name: 'last_name', label: 'lastName', required: true },
      { name: 'date_of_birth', label: 'dateOfBirth', required: true, type: 'date' },
      { name: 'email', label: 'email', type: 'email' },
    ]),
    { name: 'line1', label: 'street', required: true, wide: true, path: 'employee.address.line1' },
    { name: 'locality', label: 'town', required: true, path: 'employee.address.locality' },
    ...(country === 'AU'
      ? [
          {
            name: 'address_state',
            label: 'osState' as const,
            required: true,
            options: AU_STATES.map((s) => [s, s] as const),
            path: 'employee.address.state',
          },
        ]
      : []),
    {
      name: 'postcode',
      label: 'postcode',
      required: true,
      check: (v: string) => (/^\d{4,5}$/.test(v.trim()) ? null : 'errPostcode'),
      path: 'employee.address.postcode',
    },
  ];
}

const money = (v: string) => (/^\d{1,9}([.,]\d{1,2})?$/.test(v) ? null : 'errMoney');

/**
 * How someone is employed. In Germany a Minijob or Midijob is a part-time job whose pay decides its
 * contributions (the pack sorts it by the pay); the choice is kept beside the terms, and a Minijob's
 * tax (the employer's 2 % flat tax, or by tax class) is asked.
 */
const KINDS = {
  AU: [
    ['full_time', 'full_time'],
    ['part_time', 'part_time'],
    ['casual', 'casual'],
  ],
  DE: [
    ['full_time', 'full_time'],
    ['part_time', 'part_time'],
    ['minijob', 'minijob'],
    ['midijob', 'midijob'],
  ],
} as const;

function employment(country: 'AU' | 'DE', frequencies: readonly string[]): StepField[] {
  return [
    ...at('employee.employment', [
      {
        name: 'type',
        label: 'employmentType',
        required: true,
        options: KINDS[country],
      },
      { name: 'start_date', label: 'startDate', required: true, type: 'date' },
      { name: 'annual_salary', label: 'salary', numeric: true, check: money, parse: dot },
      { name: 'hourly_rate', label: 'hourlyRate', numeric: true, check: money, parse: dot },
      {
        name: 'pay_frequency',
        label: 'frequency',
        required: true,
        options: frequencies.map((f) => [f, f]),
      },
      {
        name: 'hours_per_week',
        label: 'hoursPerWeek',
        numeric: true,
        check: (v) => (/^\d{1,3}([.,]\d{1,2})?$/.test(v) ? null : 'errHours'),
        parse: dot,
      },
    ]),
    ...(country === 'DE'
      ? [
          {
            name: 'minijob_taxation',
            label: 'minijobTaxation' as const,
            required: true,
            options: [
              ['flat', 'minijobFlat'],
              ['individual', 'minijobIndividual'],
            ] as const,
            path: 'employee.statutory.de.minijob_taxation',
            when: (v: Record<string, string>) => v.type === 'minijob',
          },
        ]
      : []),
    { name: 'cost_centre_code', label: 'costCentre', path: 'employee.cost_centre_code' },
  ];
}

const LAENDER = [
  ['BW', 'Baden-Württemberg'],
  ['BY', 'Bayern'],
  ['BE', 'Berlin'],
  ['BB', 'Brandenburg'],
  ['HB', 'Bremen'],
  ['HH', 'Hamburg'],
  ['HE', 'Hessen'],
  ['MV', 'Mecklenburg-Vorpommern'],
  ['NI', 'Niedersachsen'],
  ['NW', 'Nordrhein-Westfalen'],
  ['RP', 'Rheinland-Pfalz'],
  ['SL', 'Saarland'],
  ['SN', 'Sachsen'],
  ['ST', 'Sachsen-Anhalt'],
  ['SH', 'Schleswig-Holstein'],
  ['TH', 'Thüringen'],
] as const;

// The super form's choice of fund: each choice's fields are asked only once it is chosen.
const ofChoice = (list: Field[]): StepField[] =>
  at('pension', list).map((f) => ({ ...f, when: (v) => fundFields(v.fund_choice) === list }));
const SUPER: StepField[] = [...at('pension', [FUND_CHOICE]), ...ofChoice(FUND_BY_USI), ...ofChoice(SMSF)];

// The wizard asks everything the registration and the Beitragsnachweis need: the number (or that there is
// none yet) and the Krankenkasse.
const SOCIAL: StepField[] = [
  { ...DE_NO_SVNR, path: 'employee.statutory.de.no_insurance_number_yet' },
  {
    ...DE_SVNR,
    required: true,
    path: 'employee.statutory.de.svnr',
    when: (v) => v.no_insurance_number_yet !== 'true',
  },
  ...DE_HEALTH.map((f) => ({
    ...f,
    required: f.name !== 'additional_rate',
    path: `employee.statutory.de.health_insurance.${DE_HEALTH_PATHS[f.name]}`,
  })),
];

const REVIEW: Step = { key: 'review', label: 'stepReview', fields: [] };

export const STEPS: Partial<Record<Country, Step[]>> = {
  AU: [
    { key: 'personal', label: 'stepPersonal', fields: personal('AU') },
    { key: 'employment', label: 'stepEmployment', fields: employment('AU', ['weekly', 'fortnightly', 'monthly']) },
    { key: 'tax', label: 'stepTax', fields: at('employee.statutory.au', AU_TAX) },
    { key: 'super', label: 'stepSuper', fields: SUPER },
    { key: 'bank', label: 'stepBank', fields: at('bank', AU_BANK) },
    REVIEW,
  ],
  DE: [
    { key: 'personal', label: 'stepPersonal', fields: personal('DE') },
    { key: 'employment', label: 'stepEmployment', fields: employment('DE', ['monthly']) },
    {
      key: 'tax',
      label: 'stepTax',
      fields: [
        ...at('employee.statutory.de', DE_TAX),
        { name: 'state', label: 'fedState', options: LAENDER, path: 'employee.statutory.de.state' },
      ],
    },
    { key: 'social', label: 'stepSocial', fields: SOCIAL },
    { key: 'bank', label: 'stepBank', fields: at('bank', DE_BANK) },
    REVIEW,
  ],
};

/** What a draft holds: the employee as `POST …/employees` takes it, the bank account and (AU) the fund. */
export type Draft = {
  employee: Record<string, unknown>;
  bank?: Record<string, unknown>;
  pension?: Record<string, unknown>;
};

/** The draft from the values typed: filled fields at their paths, boxes as flags; identifiers only when asked. */
export function assemble(
  fields: StepField[],
  values: Record<string, string>,
  withSecrets: boolean,
  country: Country = 'AU',
): Draft {
  const draft: Record<string, unknown> = { employee: {} };
  for (const f of asked(fields, values)) {
    const v = (values[f.name] ?? '').trim();
    if ((f.secret && !withSecrets) || (!v && !f.box)) continue;
    const value: Value = f.box ? v === 'true' : f.parse ? f.parse(v) : v;
    setAtPath(draft, f.path, value);
  }
  const employee = draft.employee as Record<string, unknown> & {
    address?: Record<string, unknown>;
    employment?: Record<string, unknown>;
    statutory?: { de?: Record<string, unknown> };
  };
  // The address is in the employer's country; a Minijob or Midijob is a part-time job to the terms.
  if (employee.address) employee.address.country = country;
  const kind = employee.employment?.type;
  if (kind === 'minijob' || kind === 'midijob') {
    employee.employment!.type = 'part_time';
    employee.statutory = { ...employee.statutory, de: { ...employee.statutory?.de, employment_kind: kind } };
  }
  if (employee.statutory?.de?.no_insurance_number_yet === false) delete employee.statutory.de.no_insurance_number_yet;
  // Hired before the TFN declaration arrived (no number, no reason): an unticked threshold box is no answer
  // to its question 9, which stays open until the declaration comes.
  const au = (draft.employee as { statutory?: { au?: Record<string, unknown> } }).statutory?.au;
  if (au && !values.tfn?.trim() && !values.no_number_reason && au.tax_free_threshold === false)
    delete au.tax_free_threshold;
  return draft as Draft;
}

/** The field a violation's path names: its own path, or the field a deeper path sits under. */
export const fieldAt = (fields: StepField[], path: string) =>
  fields.find((f) => f.path === path) ?? fields.find((f) => path.startsWith(`${f.path}.`));
