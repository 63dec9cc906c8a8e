// The credits that pay one employee's net: one to their account, or one per account of a split
// (divided by `allocateSplits`); a split account whose share comes to 0.00 gets no line.
import { allocateSplits } from '../../lib/net-splits.ts';
import type { PaymentAccount } from '../../jurisdictions/types.ts';

export interface PaymentLine {
  bsb: string;
  account_enc: string;
  account_name: string;
  amount: string;
}

export function paymentLines(account: PaymentAccount, net: string): PaymentLine[] {
  if (!account.splits?.length)
    return [
      {
        bsb: String(account.bsb),
        account_enc: account.account_enc,
        account_name: String(account.account_name),
        amount: net,
      },
    ];
  const amounts = allocateSplits(net, account.splits);
  return account.splits
    .map((s, i) => ({ bsb: s.bsb, account_enc: s.account_enc, account_name: s.account_name, amount: amounts[i] }))
    .filter((l) => Number(l.amount) > 0);
}
