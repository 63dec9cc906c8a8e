// The AU employer fields single touch payroll reports carry: the ABN, its branch and the BMS id.
import crypto from 'node:crypto';
import { keyIdentifierChangeOf } from '../../model/key-identifiers.ts';

/** The ABN branch a company reports under when it has not named one. */
export const DEFAULT_BRANCH = '001';

/**
 * A new BMS id: the id of this employer's instance of the payroll software, which the software itself
 * generates (a GUID), given to every AU employer when it is created.
 */
export const newBmsId = (): string => crypto.randomUUID();

/** The AU employer fields as answered: the ABN null and the branch 001 until given, the BMS id Payrail's. */
export function auCompanyFields(data: Record<string, unknown>) {
  return {
    abn: (data.abn as string | undefined) ?? null,
    branch: (data.branch as string | undefined) ?? DEFAULT_BRANCH,
    bms_id: (data.bms_id as string | undefined) ?? null,
    key_identifier_change: keyIdentifierChangeOf(data),
  };
}
