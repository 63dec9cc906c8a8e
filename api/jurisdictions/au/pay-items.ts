// The AU pack's pay items in the catalogue's shape: each with its OTE and super treatment and STP category.
import { auPayItems } from '../../packs/au/pay-items.ts';
import type { PackPayItem } from '../types.ts';

const NONE = { ote: null, super_liable: null, stp: null, wage_type: null, contributory: null };

export const auPackPayItems = (version: string): PackPayItem[] =>
  auPayItems(version).map((d) => ({
    ...NONE,
    code: d.code,
    name: d.name,
    kind: d.kind,
    entry_types: [...d.types],
    taxable: d.taxable,
    ote: d.kind === 'deduction' ? false : d.ote,
    super_liable: d.ote,
    stp: {
      category: d.stp.category,
      type: 'type' in d.stp ? d.stp.type : null,
      subtype: 'subtype' in d.stp ? d.stp.subtype : null,
    },
    default: d.default === true,
  }));
