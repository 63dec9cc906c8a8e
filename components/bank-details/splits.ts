// AU split pay: up to two more accounts beside the main one, each taking a fixed amount or a percentage;
// the main account takes the rest. The form keeps flat inputs (`split1_bsb` …) and sends them as the
// API's `splits` list, the main account last; the API's paths (`splits[0].amount`) map back to inputs.
import { isAccountNumber, isBsb } from '../internal/identifiers.js';
import type { Field } from '../internal/forms.js';

export const MAX_EXTRA_ACCOUNTS = 2;

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
/** A typed amount as the API takes it: a comma as decimal mark accepted, always 2 decimals. */
export const amountOf = (v: string) => {
  const x = v.trim().replace(',', '.');
  return AMOUNT.test(x) ? Number(x).toFixed(2) : x;
};
const percentOf = (v: string) => v.trim().replace(',', '.').replace(/%$/, '').trim();

/** The inputs of extra account `k` (1 or 2); the share's check sees the other accounts' shares. */
export function extraFields(k: number, values: () => Record<string, string>, extras: () => number): Field[] {
  const p = `split${k}_`;
  return [
    { name: `${p}bsb`, label: 'bsb', required: true, numeric: true, check: (v) => (isBsb(v) ? null : 'errBsb') },
    {
      name: `${p}account_number`,
      label: 'accountNumber',
      required: true,
      numeric: true,
      secret: true,
      check: (v) => (isAccountNumber(v) ? null : 'errAccount'),
    },
    { name: `${p}account_name`, label: 'accountName', required: true },
    {
      name: `${p}kind`,
      label: 'splitShareKind',
      required: true,
      options: [
        ['amount', 'splitFixed'],
        ['percent', 'splitPercent'],
      ],
    },
    {
      name: `${p}share`,
      label: values()[`${p}kind`] === 'percent' ? 'splitPercentage' : 'splitAmount',
      required: true,
      check: (v) => {
        const all = values();
        if (all[`${p}kind`] !== 'percent') {
          const a = amountOf(v);
          return AMOUNT.test(a) && Number(a) > 0 ? null : 'errSplitAmount';
        }
        const n = percentOf(v);
        if (!PERCENT.test(n) || !(Number(n) > 0 && Number(n) < 100)) return 'errSplitPercent';
        let total = 0;
        for (let i = 1; i <= extras(); i++)
          if (all[`split${i}_kind`] === 'percent') total += Number(percentOf(all[`split${i}_share`] ?? '')) || 0;
        return total >= 100 ? 'errSplitTotal' : null;
      },
    },
  ];
}

/** The `splits` list the API takes: the extra accounts in order, then the main account (the rest). */
export function splitsPayload(
  values: Record<string, string>,
  extras: number,
  main: Record<string, unknown>,
  withSecrets: boolean,
) {
  const v = (k: string) => (values[k] ?? '').trim();
  const list: Record<string, string>[] = [];
  for (let k = 1; k <= extras; k++) {
    const p = `split${k}_`;
    const s: Record<string, string> = { bsb: v(`${p}bsb`), account_name: v(`${p}account_name`) };
    if (withSecrets) s.account_number = v(`${p}account_number`);
    if (v(`${p}kind`) === 'percent') s.percent = percentOf(v(`${p}share`));
    else s.amount = amountOf(v(`${p}share`));
    list.push(s);
  }
  const last: Record<string, string> = {
    bsb: String(main.bank_bsb ?? ''),
    account_name: String(main.bank_account_name ?? ''),
  };
  if (withSecrets) last.account_number = String(main.bank_account_number ?? '');
  return [...list, last];
}

const MAIN: Record<string, string> = {
  bsb: 'bank_bsb',
  account_number: 'bank_account_number',
  account_name: 'bank_account_name',
};

/** The input an API path names: `splits[i].x` is extra account i+1's, or the main account's for the last. */
export function inputOfPath(path: string, extras: number): string {
  const m = /^splits\[(\d+)\]\.(\w+)$/.exec(path);
  if (!m) return path;
  const i = Number(m[1]);
  if (i >= extras) return MAIN[m[2]] ?? path;
  return m[2] === 'amount' || m[2] === 'percent' ? `split${i + 1}_share` : `split${i + 1}_${m[2]}`;
}
