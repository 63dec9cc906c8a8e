// The shape of a leave balance as every country answers it.
import { D, type Dec } from '../../lib/money.ts';

export interface BalanceRow {
  employee_id: string;
  employee_name: string;
  leave_type: string;
  accrued: string;
  taken: string;
  balance: string;
  unit: 'hours' | 'days';
}

export interface BalanceMovement {
  date: string;
  /** `paid_out`: the balance paid when employment ended (counted with leave taken). */
  kind: 'opening' | 'accrual' | 'taken' | 'paid_out' | 'entitlement';
  quantity: string;
  evidence_id: string | null;
  pay_run_id: string | null;
}

export interface BalanceDetail extends BalanceRow {
  movements: BalanceMovement[];
}

/** A balance figure: 2 decimals, half up. */
export const two = (v: Dec) => v.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
