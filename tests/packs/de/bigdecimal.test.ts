import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  divDown,
  divUp,
  mulDivDown,
  mulDivUp,
  parseDecimal,
  roundUpTo,
  subProductDivDown,
  toScaled,
  truncTo,
} from '../../../api/packs/de/bigdecimal.ts';

const bigDown = (n: bigint, d: bigint) => n / d;
const bigUp = (n: bigint, d: bigint) => (n % d === 0n ? n / d : n > 0n ? n / d + 1n : n / d - 1n);

describe('BigDecimal rounding on scaled integers', () => {
  it('ROUND_DOWN truncates toward zero and ROUND_UP rounds away from zero, as Java does', () => {
    assert.equal(divDown(7, 2), 3);
    assert.equal(divDown(-7, 2), -3);
    assert.equal(divUp(7, 2), 4);
    assert.equal(divUp(-7, 2), -4);
    assert.equal(divUp(8, 2), 4);
    assert.equal(truncTo(-450, 100), -400);
    assert.equal(roundUpTo(-450, 100), -500);
    assert.equal(roundUpTo(401, 100), 500);
  });

  it('mulDiv stays exact beyond 2^53 (compared with BigInt)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e15, max: 1e15 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.constantFrom(7, 12, 100, 360, 1_000_000, 1_000_000_000_000),
        (a, b, d) => {
          assert.equal(mulDivDown(a, b, d), Number(bigDown(BigInt(a) * BigInt(b), BigInt(d))));
          assert.equal(mulDivUp(a, b, d), Number(bigUp(BigInt(a) * BigInt(b), BigInt(d))));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('the split path used by the tariff agrees with BigInt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400_000_000_000 }), fc.integer({ min: 0, max: 6_000_000 }), (a, b) => {
        assert.equal(mulDivDown(a, b, 1e12), Number(bigDown(BigInt(a) * BigInt(b), 10n ** 12n)));
      }),
      { numRuns: 3000 },
    );
  });

  it('(a·d − x·y)/d truncates toward zero at any size', () => {
    assert.equal(
      subProductDivDown(552, 6_615_000, 100_500, 1_000_000),
      Number(bigDown(552n * 1_000_000n - 6_615_000n * 100_500n, 1_000_000n)),
    );
    assert.equal(subProductDivDown(10, 3, 1, 2), divDown(20 - 3, 2));
    assert.equal(subProductDivDown(4e15, 9e15, 3, 7), Number(bigDown(4n * 10n ** 15n * 7n - 27n * 10n ** 15n, 7n)));
  });

  it('reads decimals exactly, like BigDecimal.valueOf', () => {
    assert.deepEqual(parseDecimal(0.913, 'f'), { units: 913, scale: 3 });
    assert.deepEqual(parseDecimal('2.50', 'KVZ'), { units: 25, scale: 1 });
    assert.deepEqual(parseDecimal('1e-7', 'x'), { units: 1, scale: 7 });
    assert.deepEqual(parseDecimal('-12.000', 'x'), { units: -12, scale: 0 });
    assert.equal(toScaled('2.455', 3, 'KVZ'), 2455);
    assert.equal(toScaled(12.34, 2, 'amount'), 1234);
    assert.throws(() => toScaled('1.005', 2, 'amount'), RangeError);
    assert.throws(() => parseDecimal('abc', 'x'), RangeError);
  });
});
