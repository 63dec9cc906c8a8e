// Builders for AU pay inputs, so each test states only what it is about.
import type { AuPayInput, AuPayItem, TaxDeclaration } from '../../../api/packs/au/index.ts';

export const residentTax = (overrides: Partial<TaxDeclaration> = {}): TaxDeclaration => ({
  tfn_provided: true,
  tax_free_threshold: true,
  residency: 'resident',
  medicare_levy_exemption: 'none',
  study_loan: false,
  ...overrides,
});

/**
 * The calculator reads the payment date only where a version changed a schedule part-way through its year (Schedule 8
 * on 24 September 2025); builders pay after that, so a test about something else gets each version's main schedule.
 */
export const PAID_ON = '2026-06-30';

export const salaried = (annual_salary: string, overrides: Partial<AuPayInput> = {}): AuPayInput => ({
  frequency: 'fortnightly',
  payment_date: PAID_ON,
  employment: { type: 'full_time', annual_salary, hours_per_week: '38' },
  tax: residentTax(),
  items: [],
  ...overrides,
});

export const hourly = (hourly_rate: string, overrides: Partial<AuPayInput> = {}): AuPayInput => ({
  frequency: 'weekly',
  payment_date: PAID_ON,
  employment: { type: 'part_time', hourly_rate, hours_per_week: '38' },
  tax: residentTax(),
  items: [],
  ...overrides,
});

export const hours = (category: 'ordinary' | 'overtime' | 'leave', h: string, multiplier?: string): AuPayItem => ({
  kind: 'hours',
  category,
  hours: h,
  ...(multiplier ? { multiplier } : {}),
});

export const amount = (
  category: 'allowance' | 'bonus' | 'deduction' | 'salary_sacrifice' | 'leave',
  value: string,
  description?: string,
): AuPayItem => ({ kind: 'amount', category, amount: value, ...(description ? { description } : {}) });
