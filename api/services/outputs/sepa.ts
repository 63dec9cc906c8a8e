// Net pay as a SEPA credit transfer initiation, ISO 20022 pain.001.001.09: the message version of the
// EPC's 2019 implementation guidelines (EPC132-08) that German banks take since November 2023 and the
// only one left since pain.001.001.03 was switched off in November 2025 (Deutsche Kreditwirtschaft,
// DFÜ-Abkommen Anlage 3). One payment information block debits the company account on the payment
// date; one transaction per employee carries purpose and category purpose SALA. Every scheme rule is
// checked before a byte is written: a file a bank would reject is never produced.
import { isValidIban } from '../../lib/iban.ts';
import { dec, money, sum } from '../../lib/money.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { isBic, isSepaId, sepaText } from './sepa-text.ts';

export const PAIN_001 = 'pain.001.001.09';

export interface SepaParty {
  name: string;
  iban: string;
  /** Optional in SEPA since 2016 (IBAN only); checked when given. */
  bic?: string | null;
}

export interface SepaTransfer extends SepaParty {
  end_to_end_id: string;
  /** Euros, 2 decimals, above zero. */
  amount: string;
  remittance: string;
}

export interface SepaInput {
  message_id: string;
  payment_id: string;
  /** ISO date-time of creation, without fractions. */
  created_at: string;
  /** YYYY-MM-DD: the payment date the bank executes the transfers on. */
  execution_date: string;
  currency: string;
  debtor: SepaParty;
  transfers: SepaTransfer[];
}

export interface SepaFile {
  xml: string;
  sha256: string;
  number_of_transactions: number;
  control_sum: string;
}

/** One broken scheme rule; `rule` is the short name the pack's rule reference ends with. */
export interface SepaIssue {
  rule: string;
  path: string;
  message: string;
}

export class SepaInputError extends Error {
  readonly code = 'sepa_input_invalid';
  constructor(readonly issues: SepaIssue[]) {
    super(`${issues.length} SEPA rule(s) broken: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    this.name = 'SepaInputError';
  }
}

const NAME_MAX = 70;
const REMITTANCE_MAX = 140;
const AMOUNT_MAX = dec('999999999.99');

/** Checks a party and returns it as written: names in the character set, IBAN and BIC compact. */
function checkParty(p: SepaParty, path: string, issues: SepaIssue[]): SepaParty {
  const iban = p.iban.replace(/\s+/g, '').toUpperCase();
  if (!iban) issues.push({ rule: 'iban_required', path: `${path}.iban`, message: 'No IBAN is on file to pay into.' });
  else if (!isValidIban(iban))
    issues.push({
      rule: 'iban_checksum',
      path: `${path}.iban`,
      message: 'The IBAN is not valid (ISO 13616 check digits).',
    });
  const bic = p.bic ? p.bic.replace(/\s+/g, '').toUpperCase() : null;
  if (bic && !isBic(bic))
    issues.push({
      rule: 'bic_format',
      path: `${path}.bic`,
      message: `${bic} is not a BIC (8 or 11 letters and digits).`,
    });
  const name = sepaText(p.name);
  if (name === null)
    issues.push({
      rule: 'character_set',
      path: `${path}.name`,
      message: 'The name has characters SEPA cannot carry: give a Latin spelling as the account name.',
    });
  else if (!name) issues.push({ rule: 'name_required', path: `${path}.name`, message: 'A name is required.' });
  // Names are informational in SEPA (the IBAN routes the money): a longer one is cut to the 70 allowed.
  return { name: (name ?? '').slice(0, NAME_MAX).trim(), iban, bic };
}

/** Every scheme rule over the input; the transfers as they will be written. */
export function validateSepa(input: SepaInput): { debtor: SepaParty; transfers: SepaTransfer[] } {
  const issues: SepaIssue[] = [];
  for (const [path, id] of [
    ['message_id', input.message_id],
    ['payment_id', input.payment_id],
  ] as const)
    if (!isSepaId(id))
      issues.push({
        rule: 'identifier',
        path,
        message: `${id} is not a SEPA identifier (1-35 characters of the set).`,
      });
  if (input.currency !== 'EUR')
    issues.push({ rule: 'currency', path: 'currency', message: 'SEPA credit transfers are in euro.' });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.execution_date) || Number.isNaN(Date.parse(input.execution_date)))
    issues.push({ rule: 'execution_date', path: 'execution_date', message: 'The execution date is not a date.' });
  if (!input.transfers.length)
    issues.push({ rule: 'number_of_transactions', path: 'transfers', message: 'Nobody is paid in this run.' });
  const debtor = checkParty(input.debtor, 'debtor', issues);
  const seen = new Set<string>();
  const transfers = input.transfers.map((t, i) => {
    const path = `payments[${i}]`;
    const party = checkParty(t, path, issues);
    if (!/^\d+\.\d{2}$/.test(t.amount) || !dec(t.amount).gt(0) || dec(t.amount).gt(AMOUNT_MAX))
      issues.push({
        rule: 'amount',
        path: `${path}.amount`,
        message: `${t.amount} is not an amount above 0.00 with 2 decimals (at most 999999999.99).`,
      });
    if (!isSepaId(t.end_to_end_id))
      issues.push({
        rule: 'identifier',
        path: `${path}.end_to_end_id`,
        message: `${t.end_to_end_id} is not a SEPA identifier.`,
      });
    else if (seen.has(t.end_to_end_id))
      issues.push({ rule: 'end_to_end_unique', path: `${path}.end_to_end_id`, message: 'The end-to-end id repeats.' });
    seen.add(t.end_to_end_id);
    const remittance = sepaText(t.remittance);
    if (!remittance || remittance.length > REMITTANCE_MAX)
      issues.push({
        rule: 'remittance',
        path: `${path}.remittance`,
        message: `The remittance text must be 1-${REMITTANCE_MAX} characters of the SEPA set.`,
      });
    return { ...t, ...party, remittance: remittance ?? '' };
  });
  if (issues.length) throw new SepaInputError(issues);
  return { debtor, transfers };
}

/** Text content of an element: the five XML specials escaped (the character set keeps only the apostrophe). */
const xmlText = (v: string): string =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

type Node = string | Element;
interface Element extends ReadonlyArray<string | Record<string, string> | Node> {
  0: string;
}

/** A small element tree to indented XML: `['Nm', 'text']`, `['Amt', ['InstdAmt', { Ccy: 'EUR' }, '1.00']]`. */
function render(node: Node, depth = 0): string {
  if (typeof node === 'string') return xmlText(node);
  const [name, ...rest] = node;
  const attrs =
    rest[0] && typeof rest[0] === 'object' && !Array.isArray(rest[0]) ? (rest.shift() as Record<string, string>) : {};
  const open = `${name}${Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${xmlText(v)}"`)
    .join('')}`;
  const pad = '  '.repeat(depth);
  const children = rest as Node[];
  if (children.length === 1 && typeof children[0] === 'string')
    return `${pad}<${open}>${render(children[0])}</${name}>`;
  return `${pad}<${open}>\n${children.map((c) => render(c, depth + 1)).join('\n')}\n${pad}</${name}>`;
}

const agent = (bic: string | null | undefined): Node =>
  // The debtor agent is mandatory in the message; without a BIC the guidelines ask for NOTPROVIDED.
  bic ? ['FinInstnId', ['BICFI', bic]] : ['FinInstnId', ['Othr', ['Id', 'NOTPROVIDED']]];

/** The pain.001.001.09 document, after every rule has passed; throws `SepaInputError` otherwise. */
export function buildSepaFile(input: SepaInput): SepaFile {
  const { debtor, transfers } = validateSepa(input);
  const controlSum = money(sum(transfers.map((t) => t.amount)));
  const count = String(transfers.length);
  const ccy = { Ccy: input.currency };
  const doc: Node = [
    'Document',
    { xmlns: `urn:iso:std:iso:20022:tech:xsd:${PAIN_001}` },
    [
      'CstmrCdtTrfInitn',
      [
        'GrpHdr',
        ['MsgId', input.message_id],
        ['CreDtTm', input.created_at],
        ['NbOfTxs', count],
        ['CtrlSum', controlSum],
        ['InitgPty', ['Nm', debtor.name]],
      ],
      [
        'PmtInf',
        ['PmtInfId', input.payment_id],
        ['PmtMtd', 'TRF'],
        // One debit on the company statement for the whole payroll, not one line per salary.
        ['BtchBookg', 'true'],
        ['NbOfTxs', count],
        ['CtrlSum', controlSum],
        ['PmtTpInf', ['SvcLvl', ['Cd', 'SEPA']], ['CtgyPurp', ['Cd', 'SALA']]],
        ['ReqdExctnDt', ['Dt', input.execution_date]],
        ['Dbtr', ['Nm', debtor.name]],
        ['DbtrAcct', ['Id', ['IBAN', debtor.iban]]],
        ['DbtrAgt', agent(debtor.bic)],
        ['ChrgBr', 'SLEV'],
        ...transfers.map((t): Node => [
          'CdtTrfTxInf',
          ['PmtId', ['EndToEndId', t.end_to_end_id]],
          ['Amt', ['InstdAmt', ccy, t.amount]],
          ...(t.bic ? [['CdtrAgt', agent(t.bic)] as Node] : []),
          ['Cdtr', ['Nm', t.name]],
          ['CdtrAcct', ['Id', ['IBAN', t.iban]]],
          ['Purp', ['Cd', 'SALA']],
          ['RmtInf', ['Ustrd', t.remittance]],
        ]),
      ],
    ],
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${render(doc)}\n`;
  return { xml, sha256: sha256Hex(xml), number_of_transactions: transfers.length, control_sum: controlSum };
}
