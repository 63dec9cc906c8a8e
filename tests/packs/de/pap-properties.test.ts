import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { papCents } from '../../../api/packs/de/index.ts';

// Monotonicity in RE4. The official PAP is not monotonic cent by cent: the Vorsorgepauschale is rounded
// up to whole euros, so a raise of a few cents can lift VSP by one euro and lower the tax by a few
// cents (see the dip in pap-hand-checked.test.ts, confirmed on the executed XML). A monthly raise of at
// least one euro lifts annual pay by 12 euros, more than any such rounding step, and never lowers the
// wage tax: that is the property checked here, for every class in both years (LZZ 2). An exhaustive
// run over 0..20,000 euros a month in one-cent steps found no counterexample.
describe('PAP wage tax is non-decreasing in RE4 (monthly raises of one euro or more)', () => {
  for (const year of [2025, 2026] as const) {
    for (let stkl = 1; stkl <= 6; stkl++) {
      it(`${year} class ${stkl}`, () => {
        fc.assert(
          fc.property(fc.integer({ min: 0, max: 3_000_000 }), fc.integer({ min: 100, max: 500_000 }), (re4, raise) => {
            const low = papCents(year, { LZZ: 2, STKL: stkl, RE4: re4 }).LSTLZZ;
            const high = papCents(year, { LZZ: 2, STKL: stkl, RE4: re4 + raise }).LSTLZZ;
            assert.ok(high >= low, `RE4 ${re4} → ${low}, RE4 ${re4 + raise} → ${high}`);
          }),
          { numRuns: 400, seed: year * 10 + stkl },
        );
      });
    }
  }

  it('Soli and the church-tax base never exceed what they are levied on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 1, max: 6 }), (re4, stkl) => {
        const out = papCents(2026, { LZZ: 2, STKL: stkl, RE4: re4, R: 1 });
        assert.ok(out.SOLZLZZ >= 0 && out.SOLZLZZ <= Math.ceil(out.LSTLZZ * 0.055));
        assert.ok(out.BK >= 0 && out.BK <= out.LSTLZZ);
      }),
      { numRuns: 500, seed: 3 },
    );
  });
});
