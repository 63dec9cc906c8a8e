// Net pay split across up to three bank accounts: each account but the last takes a fixed amount or a
// percentage, and the last takes what remains. Pure: intake checks a list with `splitViolations`; the
// payment file divides an employee's net by the shares (lib/net-splits.ts, which is no country's).
import { dec } from '../../lib/money.ts';
import type { RuleViolation } from '../types.ts';
import { validateAccountName, validateAccountNumber, validateBsb } from './validation.ts';

export const MAX_SPLIT_ACCOUNTS = 3;

/** One account of a split as a request sends it. */
export interface SplitInput {
  bsb?: unknown;
  account_number?: unknown;
  account_name?: unknown;
  amount?: unknown;
  percent?: unknown;
}

const compact = (v: unknown) => String(v ?? '').replace(/[\s-]/g, '');
const AMOUNT = /^\d+\.\d{2}$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * What is wrong with a list of split accounts, each with its path (`splits[1].account_number`) and a
 * rule under `<pack>/bank/`. Accounts are told apart by BSB and number: the same account twice is refused.
 */
export function splitViolations(version: string, splits: unknown): RuleViolation[] {
  const rule = (name: string, path: string, message: string): RuleViolation => ({
    rule: `${version}/bank/${name}`,
    path,
    message,
  });
  if (!Array.isArray(splits) || splits.length === 0)
    return [rule('splits_format', 'splits', 'splits must list one to three accounts.')];
  if (splits.length > MAX_SPLIT_ACCOUNTS)
    return [rule('splits_max', 'splits', `Pay can be split across at most ${MAX_SPLIT_ACCOUNTS} accounts.`)];
  const out: (RuleViolation | null)[] = [];
  const seen = new Map<string, number>();
  let percentTotal = dec(0);
  splits.forEach((raw: unknown, i) => {
    const at = `splits[${i}]`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      out.push(rule('splits_format', at, 'Each split is an object with bsb, account_number and account_name.'));
      return;
    }
    const s = raw as SplitInput;
    const bsb = compact(s.bsb);
    const account = compact(s.account_number);
    out.push(
      validateBsb(version, bsb, `${at}.bsb`),
      validateAccountNumber(version, account, `${at}.account_number`),
      validateAccountName(version, s.account_name, `${at}.account_name`),
    );
    const key = `${bsb}/${account}`;
    if (account && seen.has(key))
      out.push(
        rule(
          'split_duplicate',
          `${at}.account_number`,
          `This account is already listed as account ${seen.get(key)! + 1}.`,
        ),
      );
    else seen.set(key, i);
    const hasAmount = s.amount !== undefined && s.amount !== null;
    const hasPercent = s.percent !== undefined && s.percent !== null;
    const last = i === splits.length - 1;
    if (last) {
      if (hasAmount || hasPercent)
        out.push(
          rule(
            'split_remainder',
            hasAmount ? `${at}.amount` : `${at}.percent`,
            'The last account takes what remains: give it no amount or percentage.',
          ),
        );
      return;
    }
    if (hasAmount === hasPercent) {
      out.push(rule('split_share', `${at}.amount`, 'Give this account either an amount or a percentage.'));
      return;
    }
    if (hasAmount) {
      const ok = typeof s.amount === 'string' && AMOUNT.test(s.amount) && dec(s.amount).gt(0);
      if (!ok)
        out.push(rule('split_amount', `${at}.amount`, 'Amount must be more than 0, with 2 decimals, e.g. "100.00".'));
      return;
    }
    const ok =
      typeof s.percent === 'string' && PERCENT.test(s.percent) && dec(s.percent).gt(0) && dec(s.percent).lt(100);
    if (!ok) out.push(rule('split_percent', `${at}.percent`, 'Percentage must be more than 0 and less than 100.'));
    else percentTotal = percentTotal.plus(dec(s.percent as string));
  });
  if (percentTotal.gte(100))
    out.push(
      rule(
        'split_percent_total',
        'splits',
        'The percentages must add up to less than 100 so the last account gets the rest.',
      ),
    );
  return out.filter((v): v is RuleViolation => v !== null);
}
