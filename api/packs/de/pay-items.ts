// The DE pack's pay-item types (Lohnarten) an entry or timesheet may name by code, with the pack's
// wage-type number and whether the pay is taxable (steuerpflichtig, EStG § 19) and contributory
// (sozialversicherungspflichtig, SvEV § 1). There is no national numbering of Lohnarten: the numbers are
// this pack's own, stable across its versions. Recurring items are laufender Arbeitslohn; one-off items are
// einmalig gezahltes Arbeitsentgelt (sonstige Bezüge, § 23a SGB IV), taxed and charged as such. Tax-free
// supplements (§ 3b EStG Sunday, night and holiday premiums) are not in the pack: it cannot apply their caps.
import type { AuPayItemType as EntryItemType } from '../au/stp/categories.ts';

export interface DePayItemDef {
  code: string;
  name: string;
  kind: 'earning' | 'allowance' | 'deduction';
  types: readonly EntryItemType[];
  wage_type: string;
  taxable: boolean;
  contributory: boolean;
  default?: true;
}

const item = (
  code: string,
  wage_type: string,
  name: string,
  kind: DePayItemDef['kind'],
  types: readonly EntryItemType[],
  statutory: boolean,
  extra: { default?: true } = {},
): DePayItemDef => ({ code, name, kind, types, wage_type, taxable: statutory, contributory: statutory, ...extra });

const DE_PAY_ITEMS: readonly DePayItemDef[] = [
  item('ORDINARY', '1100', 'Stundenlohn', 'earning', ['ordinary_hours'], true, { default: true }),
  item('OVERTIME', '1200', 'Mehrarbeit', 'earning', ['overtime'], true, { default: true }),
  item('PAID_LEAVE', '1300', 'Urlaubsentgelt', 'earning', ['leave'], true, { default: true }),
  item('BONUS', '2000', 'Einmalzahlung', 'earning', ['bonus'], true, { default: true }),
  item('CHRISTMAS_BONUS', '2010', 'Weihnachtsgeld', 'earning', ['bonus'], true),
  item('HOLIDAY_PAY', '2100', 'Urlaubsgeld', 'earning', ['leave_pay'], true, { default: true }),
  item('ALLOWANCE', '1400', 'Zulage', 'allowance', ['allowance'], true, { default: true }),
  item('DEDUCTION', '8000', 'Nettoabzug', 'deduction', ['deduction'], false, { default: true }),
];

/** The pay items of a DE pack version: the same list for every released version. */
export const dePayItems = (_version?: string): readonly DePayItemDef[] => DE_PAY_ITEMS;
