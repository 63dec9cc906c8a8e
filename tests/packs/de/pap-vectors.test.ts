import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pap, papCents, type PapInput, type PapYear } from '../../../api/packs/de/index.ts';

// Every published vector in reference/de.md (amounts in cents, other inputs at their PAP defaults).
const PUBLISHED: { year: PapYear; input: Partial<PapInput>; LSTLZZ: number; SOLZLZZ?: number }[] = [
  { year: 2026, input: { LZZ: 2, RE4: 250000, STKL: 1 }, LSTLZZ: 20050, SOLZLZZ: 0 },
  { year: 2026, input: { LZZ: 2, RE4: 500000, STKL: 1 }, LSTLZZ: 81741, SOLZLZZ: 0 },
  { year: 2026, input: { LZZ: 2, RE4: 1000000, STKL: 1 }, LSTLZZ: 268275, SOLZLZZ: 11744 },
  { year: 2026, input: { LZZ: 2, RE4: 500000, STKL: 3 }, LSTLZZ: 42850, SOLZLZZ: 0 },
  { year: 2026, input: { LZZ: 2, RE4: 1000000, STKL: 5 }, LSTLZZ: 325850, SOLZLZZ: 17921 },
  { year: 2026, input: { LZZ: 2, RE4: 500000, STKL: 6 }, LSTLZZ: 136766, SOLZLZZ: 0 },
  { year: 2026, input: { LZZ: 2, RE4: 500000, STKL: 1, KVZ: 2.5, PVZ: 1 }, LSTLZZ: 78583, SOLZLZZ: 0 },
  { year: 2026, input: { LZZ: 2, RE4: 500000, STKL: 1, PVA: 2 }, LSTLZZ: 82600, SOLZLZZ: 0 },
  { year: 2026, input: { LZZ: 2, RE4: 500000, STKL: 1, PKV: 1, PKPV: 30000 }, LSTLZZ: 86600, SOLZLZZ: 0 },
  { year: 2026, input: { LZZ: 1, RE4: 10000000, STKL: 1 }, LSTLZZ: 2384800, SOLZLZZ: 41626 },
  { year: 2026, input: { LZZ: 4, RE4: 100000, STKL: 1 }, LSTLZZ: 37486, SOLZLZZ: 2061 },
  { year: 2025, input: { LZZ: 1, RE4: 5000000, STKL: 1, KVZ: 2.5, PVZ: 1 }, LSTLZZ: 692700 },
  { year: 2025, input: { LZZ: 1, RE4: 5000000, STKL: 3, KVZ: 2.5, PVZ: 1 }, LSTLZZ: 297000 },
];

describe('PAP published vectors (de.md)', () => {
  for (const v of PUBLISHED) {
    const label = `${v.year} ${JSON.stringify(v.input)} withholds LSTLZZ ${v.LSTLZZ}${v.SOLZLZZ === undefined ? '' : ` and SOLZLZZ ${v.SOLZLZZ}`}`;
    it(label, () => {
      const out = pap(v.year, v.input);
      assert.equal(out.LSTLZZ.toFixed(), String(v.LSTLZZ));
      if (v.SOLZLZZ !== undefined) assert.equal(out.SOLZLZZ.toFixed(), String(v.SOLZLZZ));
      const cents = papCents(v.year, v.input);
      assert.equal(cents.LSTLZZ, v.LSTLZZ);
    });
  }

  it('accepts the same inputs as strings and decimals', () => {
    assert.equal(papCents(2026, { LZZ: 2, RE4: '500000', STKL: 1, KVZ: '2.50', PVZ: 1 }).LSTLZZ, 78583);
  });

  it('reports VKVLZZ/VKVSONST for 2025 only, as the XMLs declare', () => {
    assert.ok('VKVLZZ' in pap(2025, { LZZ: 2, RE4: 500000 }));
    assert.ok(!('VKVLZZ' in pap(2026, { LZZ: 2, RE4: 500000 })));
  });

  it('rejects inputs a year does not declare or outside the PAP domain', () => {
    assert.throws(() => papCents(2025, { ALV: 1 }), RangeError);
    assert.throws(() => papCents(2025, { PKPVAGZ: 100 }), RangeError);
    assert.throws(() => papCents(2026, { PKV: 2 }), RangeError);
    assert.throws(() => papCents(2026, { STKL: 7 }), RangeError);
    assert.throws(() => papCents(2026, { LZZ: 5 }), RangeError);
    assert.throws(() => papCents(2026, { RE4: 100.5 }), RangeError);
    assert.throws(() => papCents(2026, { KVZ: '2.4551' }), RangeError);
  });
});
