// An employee's net pay divided among the accounts it goes to. The rule is Payrail's, not a country's:
// every payment file that pays a split uses it, and the country's intake checks the shares first.
import { dec, money, sum } from './money.ts';

/** How much of the net an account takes: a fixed amount, a percentage, or (the last) the remainder. */
export interface SplitShare {
  amount?: string | null;
  percent?: string | null;
}

/**
 * An employee's net divided among the accounts, in the accounts' order: fixed amounts are paid first
 * (in order, each capped at what is left), then each percentage of what the fixed amounts leave, rounded
 * half-up to the cent and capped at what is left, and the last account takes the rest. The amounts always
 * add up to the net; an account whose share comes to 0.00 gets 0.00 (the payment file leaves it out).
 */
export function allocateSplits(net: string, shares: SplitShare[]): string[] {
  const amounts: string[] = shares.map(() => '0.00');
  let left = dec(net);
  shares.forEach((s, i) => {
    if (i === shares.length - 1 || !s.amount) return;
    const take = dec(s.amount).gt(left) ? left : dec(s.amount);
    amounts[i] = money(take);
    left = left.minus(take);
  });
  const base = left;
  shares.forEach((s, i) => {
    if (i === shares.length - 1 || !s.percent) return;
    let take = dec(money(base.times(dec(s.percent)).div(100)));
    if (take.gt(left)) take = left;
    amounts[i] = money(take);
    left = left.minus(take);
  });
  amounts[shares.length - 1] = money(dec(net).minus(sum(amounts.slice(0, -1))));
  return amounts;
}
