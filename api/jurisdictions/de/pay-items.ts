// The DE pack's pay items in the catalogue's shape: each with its Lohnart and whether it is contributory.
import { dePayItems } from '../../packs/de/pay-items.ts';
import type { PackPayItem } from '../types.ts';

const NONE = { ote: null, super_liable: null, stp: null, wage_type: null, contributory: null };

export const dePackPayItems = (version: string): PackPayItem[] =>
  dePayItems(version).map((d) => ({
    ...NONE,
    code: d.code,
    name: d.name,
    kind: d.kind,
    entry_types: [...d.types],
    taxable: d.taxable,
    wage_type: d.wage_type,
    contributory: d.contributory,
    default: d.default === true,
  }));
