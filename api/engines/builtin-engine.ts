// The built-in engines (mock, payroll_engine_au, payroll_engine): they keep payroll data in
// Payrail's store and calculate through the tenant's pack. `mock` differs only in being refused
// for live keys and marking its evidence.
import type { CapabilityMatrix, PackMeta, RuleViolation } from '../packs/types.ts';
import type { CalcRequest, Engine, EntryResult, Readiness } from './types.ts';
import type { EmployeeData } from '../model/employee.ts';
import { capabilityNotSupported } from '../lib/errors.ts';
import { versionCapabilities } from '../packs/index.ts';

/** The engine side of one country: its pack's calculation, readiness and employee rules. */
export interface CountryEngine {
  calculate(req: CalcRequest): EntryResult;
  readiness(e: EmployeeData): Readiness;
  validate(packVersion: string, e: EmployeeData, mode: 'create' | 'update'): RuleViolation[];
  finaliseMode: 'sync' | 'async';
  usesContext?: (packVersion: string) => boolean;
}

export class BuiltinEngine implements Engine {
  constructor(
    readonly name: string,
    readonly mock: boolean,
    private readonly adapter: CountryEngine | null,
  ) {}

  get finaliseMode() {
    return this.adapter?.finaliseMode ?? 'sync';
  }

  capabilities(pack: PackMeta, packVersion: string): CapabilityMatrix {
    return versionCapabilities(pack, packVersion);
  }

  validateEmployee(packVersion: string, e: EmployeeData, mode: 'create' | 'update'): RuleViolation[] {
    return this.adapter?.validate(packVersion, e, mode) ?? [];
  }

  usesContext(packVersion: string): boolean {
    return this.adapter?.usesContext?.(packVersion) ?? false;
  }

  calculate(req: CalcRequest): EntryResult {
    if (!this.adapter) throw capabilityNotSupported('pay_calculation', req.packVersion, []);
    return this.adapter.calculate(req);
  }

  readiness(packVersion: string, e: EmployeeData): Readiness {
    if (!this.adapter) {
      return {
        jurisdiction: packVersion.slice(0, 2),
        tabs: {},
        blocks_finalise: true,
        unverified_requirements: ['pay_calculation_unsupported'],
        blocking: ['pay_calculation_unsupported'],
      };
    }
    return this.adapter.readiness(e);
  }
}
