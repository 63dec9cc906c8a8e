// The pain.001.001.09 builder on its own: escaping that survives a parser, the debtor agent without a BIC,
// long names cut to 70, and each scheme rule refused with its rule name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSepaFile, SepaInputError, type SepaInput } from '../../../api/services/outputs/sepa.ts';
import { at, childrenOf, parseXml, textAt } from '../../helpers/xml.ts';

const input = (over: Partial<SepaInput> = {}): SepaInput => ({
  message_id: 'cev-abc123',
  payment_id: 'pr-run1',
  created_at: '2026-10-30T08:00:00',
  execution_date: '2026-10-31',
  currency: 'EUR',
  debtor: { name: 'Müller & Töchter GmbH', iban: 'DE89370400440532013000' },
  transfers: [
    {
      name: "Seán O'Brien",
      iban: 'DE02 3704 0044 1819 5454 24',
      amount: '2500.10',
      end_to_end_id: 'ps-1',
      remittance: 'Lohn/Gehalt 2026-10',
    },
    {
      name: 'A'.repeat(80),
      iban: 'DE98100700002670579680',
      bic: 'deutdeff',
      amount: '0.01',
      end_to_end_id: 'ps-2',
      remittance: 'Lohn/Gehalt 2026-10',
    },
  ],
  ...over,
});

test('apostrophes are escaped and read back; the debtor without a BIC is NOTPROVIDED; names over 70 are cut', () => {
  const file = buildSepaFile(input());
  assert.ok(file.xml.includes('O&apos;Brien'));
  const doc = parseXml(file.xml);
  const txs = childrenOf(at(doc, 'CstmrCdtTrfInitn/PmtInf'), 'CdtTrfTxInf');
  assert.equal(textAt(txs[0], 'Cdtr/Nm'), "Sean O'Brien");
  assert.equal(textAt(txs[0], 'CdtrAcct/Id/IBAN'), 'DE02370400441819545424');
  assert.equal(textAt(txs[1], 'Cdtr/Nm'), 'A'.repeat(70));
  assert.equal(textAt(txs[1], 'CdtrAgt/FinInstnId/BICFI'), 'DEUTDEFF');
  assert.equal(textAt(doc, 'CstmrCdtTrfInitn/PmtInf/DbtrAgt/FinInstnId/Othr/Id'), 'NOTPROVIDED');
  assert.equal(textAt(doc, 'CstmrCdtTrfInitn/PmtInf/Dbtr/Nm'), 'Mueller + Toechter GmbH');
  assert.equal(file.control_sum, '2500.11');
  assert.equal(textAt(doc, 'CstmrCdtTrfInitn/GrpHdr/CtrlSum'), '2500.11');
  assert.equal(file.number_of_transactions, 2);
});

test('every broken rule is listed with its name and path', () => {
  const bad = input({
    message_id: 'a//b',
    currency: 'AUD',
    execution_date: '31.10.2026',
    debtor: { name: 'Firma', iban: 'DE89370400440532013001', bic: 'COBA' },
    transfers: [
      { name: '王小明', iban: '', amount: '0.00', end_to_end_id: 'ps-1', remittance: 'x' },
      { name: 'B', iban: 'DE98100700002670579680', amount: '10.5', end_to_end_id: 'ps-1', remittance: 'x' },
      { name: 'C', iban: 'DE98100700002670579680', amount: '1.00', end_to_end_id: 'x'.repeat(36), remittance: 'x' },
    ],
  });
  assert.throws(
    () => buildSepaFile(bad),
    (e: unknown) => {
      assert.ok(e instanceof SepaInputError);
      assert.deepEqual(
        e.issues.map((i) => [i.rule, i.path]),
        [
          ['identifier', 'message_id'],
          ['currency', 'currency'],
          ['execution_date', 'execution_date'],
          ['iban_checksum', 'debtor.iban'],
          ['bic_format', 'debtor.bic'],
          ['iban_required', 'payments[0].iban'],
          ['character_set', 'payments[0].name'],
          ['amount', 'payments[0].amount'],
          ['amount', 'payments[1].amount'],
          ['end_to_end_unique', 'payments[1].end_to_end_id'],
          ['identifier', 'payments[2].end_to_end_id'],
        ],
      );
      return true;
    },
  );
});

test('the test parser refuses what is not well-formed', () => {
  for (const bad of ['<a><b></a></b>', '<a>x & y</a>', '<a></a><b></b>', '<a x="1" x="2"></a>', '<a>&nope;</a>', '<a>'])
    assert.throws(() => parseXml(bad), SyntaxError, bad);
});
