// The stateless calculation: one period's German wage tax and social insurance for one employee,
// computed by the tenant's pinned pack with no pay run, and recorded in evidence.
import type { z } from 'zod';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { CalculateInput, calculationSchema } from '../../schemas/calculate.ts';
import {
  calculateDePay,
  deSalaryShare,
  validateDePayInput,
  type DeEmployeePayFacts,
  type DePackVersion,
  type DePayInput,
} from '../../packs/de/index.ts';
import { capabilityNotSupported, packValidationFailed } from '../../lib/errors.ts';

export type Calculation = z.output<typeof calculationSchema>;

/** The pack refuses inputs it cannot compute (RangeError): that is the caller's input, a 422, never a 500. */
function calculateOrReject(version: string, input: DePayInput) {
  try {
    return calculateDePay(version as DePackVersion, input);
  } catch (err) {
    if (err instanceof RangeError)
      throw packValidationFailed([
        { rule: `${version}/earnings/out_of_range`, path: 'earnings', message: err.message },
      ]);
    throw err;
  }
}

/**
 * Checks the request against the pack before any transaction: a 501 for what the pack cannot do, a 422
 * for what it refuses. The answer is the change to commit: the result and its evidence.
 */
export function calculate(uc: UseCaseContext, b: CalculateInput): Change<Calculation> {
  uc.requireCapability('stateless_calculate', ['POST /v1/tenants/{tenantId}/pay-runs']);
  const t = uc.requireTenant();
  if (b.employee.residency !== 'resident') {
    throw capabilityNotSupported(
      'non_resident_wage_tax',
      t.binding.pack_version,
      [],
      'Wage tax for employees without German residence is not in this pack yet.',
    );
  }
  const earnings =
    b.earnings ??
    (b.employee.annual_salary
      ? [
          {
            type: 'salary',
            amount: deSalaryShare(t.binding.pack_version as DePackVersion, b.employee.annual_salary, b.frequency),
          },
        ]
      : []);
  const { residency: _r, annual_salary: _a, ...facts } = b.employee;
  // The tax class is checked by the pack's validation below; other facts have the pack's shape.
  const employee = { ...facts, tax_class: facts.tax_class as DeEmployeePayFacts['tax_class'] };
  const input: DePayInput = { frequency: b.frequency, earnings, employee };
  const violations = validateDePayInput(t.binding.pack_version, input);
  if (violations.length) throw packValidationFailed(violations);
  const r = calculateOrReject(t.binding.pack_version, input);
  return {
    data: {
      pack: r.pack,
      frequency: b.frequency,
      gross: { amount: r.gross, currency: r.currency },
      net: { amount: r.net, currency: r.currency },
      lines: r.lines,
      employer_costs: r.employer_costs,
      wage_types: r.wage_types,
      tax: r.tax,
      social: r.social,
      employment_category: r.employment_category,
    },
    evidence: {
      action: 'calculation.performed',
      resource: `${t.tenant.id}/calculate`,
      decision: { pack: r.pack, gross: r.gross, net: r.net },
    },
  };
}
