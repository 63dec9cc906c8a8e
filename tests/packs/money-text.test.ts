// Money as text on the wire: `money` writes amounts that are whole cents as they stand and rounds the rest;
// either way the text is what decimal.js's toFixed(2, half-up) gives, never "-0.00". Rates and hours the same way
// at up to four decimals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { D, money, sum } from '../../api/lib/money.ts';
import { quantityString } from '../../api/packs/au/pay-earnings.ts';

/** The definition: half-up to two decimals by decimal.js, with "-0.00" written "0.00". */
const byToFixed = (v: string | number) => {
  const text = new D(v).toFixed(2, D.ROUND_HALF_UP);
  return text === '-0.00' ? '0.00' : text;
};

const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{1,${max}}$`));
/** Decimal text of every shape: leading zeros, no or many decimals, signs, exponents, huge and tiny values. */
const decimalText = fc.oneof(
  fc
    .tuple(fc.constantFrom('', '-'), digits(20), fc.option(digits(12), { nil: undefined }))
    .map(([sign, whole, fraction]) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}`),
  fc
    .tuple(fc.constantFrom('', '-'), digits(3), fc.integer({ min: -30, max: 30 }))
    .map(([sign, m, e]) => `${sign}${m}e${e}`),
  fc.constantFrom('0', '-0', '0.00', '-0.00', '-0.001', '-0.005', '0.005', '0.995', '1e-7', '1e21', '007.50'),
);

test('money gives the half-up text of toFixed(2) for any decimal text, number or Decimal', () => {
  fc.assert(
    fc.property(decimalText, (v) => {
      assert.equal(money(v), byToFixed(v), `text ${v}`);
      assert.equal(money(new D(v)), byToFixed(v), `Decimal ${v}`);
    }),
    { numRuns: 5_000 },
  );
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
      assert.equal(money(n), byToFixed(n), `number ${n}`);
    }),
    { numRuns: 2_000 },
  );
});

test('amounts already in whole cents keep their text; others are rounded half-up', () => {
  assert.equal(money('1234.50'), '1234.50');
  assert.equal(money('1234.5'), '1234.50');
  assert.equal(money('1234'), '1234.00');
  assert.equal(money('0.005'), '0.01');
  assert.equal(money('-0.004'), '0.00');
  assert.equal(money('-0.00'), '0.00');
  assert.equal(money(new D('2.675')), '2.68');
  assert.equal(money(new D(100).div(3)), '33.33');
});

test('rates and hours read with 2 to 4 decimals: 4 at most, half-up, and at least 2', () => {
  const definition = (v: string) => {
    const rounded = new D(v).toDecimalPlaces(4, D.ROUND_HALF_UP);
    return rounded.decimalPlaces() <= 2 ? rounded.toFixed(2) : rounded.toFixed();
  };
  fc.assert(
    fc.property(decimalText, (v) => assert.equal(quantityString(new D(v)), definition(v), `quantity ${v}`)),
    { numRuns: 5_000 },
  );
  assert.equal(quantityString(new D('38')), '38.00');
  assert.equal(quantityString(new D('7.6')), '7.60');
  assert.equal(quantityString(new D('36.52631578')), '36.5263');
});

/** The definition of a sum: every value as a Decimal, added in turn from zero. */
const bySteps = (values: (string | number)[]) => values.reduce<InstanceType<typeof D>>((a, v) => a.plus(v), new D(0));
/** Money text of every size, long enough to pass the whole-cents path's limit, of either sign, and "-0.00". */
const moneyText = fc.oneof(
  fc
    .tuple(fc.constantFrom('', '-'), fc.bigInt({ min: 0n, max: 10n ** 17n }))
    .map(([sign, cents]) => `${sign}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`),
  fc.constantFrom('0.00', '-0.00', '99999999999999.99', '999999999999.99'),
);

test('sum adds money text as whole cents to exactly the Decimal sum, and anything else as Decimals', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(moneyText, moneyText, decimalText), { maxLength: 40 }), (values) => {
      const got = sum(values);
      const want = bySteps(values);
      assert.ok(got.eq(want), `${values.join(' + ')}: ${got.toString()} against ${want.toString()}`);
      assert.equal(got.isNeg(), want.isNeg(), `the sign of ${values.join(' + ')}`);
    }),
    { numRuns: 3_000 },
  );
  // Thousands of pay lines at the largest whole-cents amount still stay exact, as does a total beyond 2^53 cents.
  const many = Array.from({ length: 2_000 }, () => '999999999999.99');
  assert.equal(sum(many).toFixed(2), bySteps(many).toFixed(2));
  assert.equal(sum(['45035996273704.96', '45035996273704.96']).toFixed(2), '90071992547409.92');
  // A running total that passes 2^53 cents and comes back down is still exact.
  const upAndDown = [...Array(100).fill('999999999999.99'), ...Array(99).fill('-999999999999.99')];
  assert.equal(sum(upAndDown).toFixed(2), '999999999999.99');
});
