// The money after a sample run is finalised, in the API's shapes: lodgements (one rejected and then
// accepted with a warning, so every outcome shows), the bank file's payments (one run's file re-issued
// after the bank refused the first upload), super owed per fund and
// each run's checklist. Only AU lodges, pays by bank file and owes super; other countries have none.
import { todayIso } from '../clock.js';
import type {
  Checklist,
  ChecklistItem,
  Country,
  Lodgement,
  Payment,
  PaymentFile,
  PayRun,
  PayRunEntry,
  SuperLiability,
} from '../../client/models.js';
import { addMoney } from '../format.js';

export interface SampleMoney {
  lodgements: Record<string, Lodgement[]>;
  payments: Record<string, Payment[]>;
  files: Record<string, PaymentFile[]>;
  super: SuperLiability[];
  checklists: Record<string, Checklist>;
}

const FUNDS = [
  { name: 'AustralianSuper', usi: 'STA0100AU', abn: '65714394898', smsf: false },
  { name: 'Hostplus', usi: 'HOS0001AU', abn: '68657495890', smsf: false },
  { name: 'Australian Retirement Trust', usi: 'QSU0100AU', abn: '60905115063', smsf: false },
];

/** `n` business days after an ISO date (weekends skipped; the sample knows no public holidays). */
function businessDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  while (n > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() % 6) n--;
  }
  return d.toISOString().slice(0, 10);
}

const at = (iso: string, hh: string) => `${iso}T${hh}:00.000Z`;
/** A stand-in for a file's SHA-256: 64 hex digits from its id. */
const sha = (id: string) =>
  [...id]
    .reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
    .toString(16)
    .padStart(8, '0')
    .repeat(8);
const ev = (kind: string, r: number, n = 1) => `sample-${kind}-${r + 1}-${n}`;

export function buildSampleMoney(
  country: Country,
  runs: PayRun[],
  entries: Record<string, PayRunEntry[]>,
): SampleMoney {
  const out: SampleMoney = { lodgements: {}, payments: {}, files: {}, super: [], checklists: {} };
  const au = country === 'AU';
  const today = todayIso();
  runs.forEach((run, r) => {
    const rows = entries[run.id] ?? [];
    const finalised = run.status === 'finalised' || run.status === 'lodged';
    const lodged = run.status === 'lodged';
    const day = run.payment_date;
    // Lodgements: the third run was rejected once (a payee's name) and accepted with a warning on resubmission.
    const lodgement = (attempt: number, status: Lodgement['status'], errors = 0, warnings = 0): Lodgement => {
      const who = (i: number) => ({ employee_id: rows[i].employee_id, employee_name: rows[i].employee_name });
      return {
        id: `sample-lodgement-${r + 1}-${attempt}`,
        pay_run_id: run.id,
        kind: 'pay_event',
        attempt,
        full_file_replacement: false,
        status,
        rail: 'ato_stp_sandbox',
        pack_version: run.pack_version,
        financial_year: '2026-27',
        employee_count: rows.length,
        submitted_at: at(day, attempt === 1 ? '09:02' : '11:40'),
        processed_at: at(day, attempt === 1 ? '09:03' : '11:41'),
        receipt_evidence_id: `inb_sample${r}${attempt}`,
        response_evidence_id: `inb_sample${r}${attempt}r`,
        errors: Array.from({ length: errors }, () => ({
          code: 'CMN.ATO.PAYEVNTEMP.000215',
          severity: 'error' as const,
          message: "The payee's family name does not match the ATO's records for this TFN.",
          field: 'PAYEVNTEMP.Payee.PersonNameDetails.FamilyNameT',
          ...who(2),
        })),
        warnings: Array.from({ length: warnings }, () => ({
          code: 'CMN.ATO.PAYEVNTEMP.000228',
          severity: 'warning' as const,
          message: "The payee's name differs from the ATO's records; the report was accepted.",
          field: 'PAYEVNTEMP.Payee.PersonNameDetails.FamilyNameT',
          ...who(4),
        })),
      };
    };
    out.lodgements[run.id] =
      au && lodged
        ? r === 2
          ? [lodgement(1, 'rejected', 1), lodgement(2, 'accepted_with_warnings', 0, 1)]
          : [lodgement(1, 'accepted')]
        : [];

    // Payments: the newest finalised run's file awaits the bank; older ones are confirmed, one returned.
    out.payments[run.id] =
      au && finalised
        ? rows.map((e, i) => {
            const returned = r === 2 && i === 6;
            const status = lodged ? (returned ? 'returned' : 'confirmed') : 'file_generated';
            return {
              employee_id: e.employee_id,
              employee_name: e.employee_name,
              amount: e.net,
              currency: e.currency,
              method: 'aba',
              account_last4: String(1000 + ((i * 7919 + 311) % 9000)),
              status,
              return_reason: returned ? 'Account closed' : null,
              file_evidence_id: ev('bank-file', r),
              status_evidence_id: status === 'file_generated' ? null : ev('payments', r),
              updated_at: at(day, '16:00'),
            } satisfies Payment;
          })
        : [];

    // Bank files: the third run's first file was refused by the bank and re-issued an hour later.
    const file = (id: string, hh: string, superseded?: { by: string; hh: string }): PaymentFile => ({
      evidence_id: id,
      format: 'aba',
      message_id: null,
      sha256: sha(id),
      generated_at: at(day, hh),
      status: superseded ? 'superseded' : 'current',
      superseded_by: superseded?.by ?? null,
      superseded_at: superseded ? at(day, superseded.hh) : null,
    });
    out.files[run.id] =
      au && finalised
        ? r === 2
          ? [
              file(ev('bank-file', r, 0), '10:00', { by: ev('bank-file', r), hh: '11:00' }),
              file(ev('bank-file', r), '11:00'),
            ]
          : [file(ev('bank-file', r), '10:00')]
        : [];

    // Super: per fund, due 7 business days after payday (payday super); batches for the lodged runs.
    if (au && finalised) {
      const batches = lodged
        ? [{ evidence_id: ev('super-batch', r), generated_at: at(day, '10:00'), state: 'generated' as const }]
        : [];
      const due = businessDays(day, 7);
      FUNDS.forEach((fund, f) => {
        const mine = rows.filter((_, i) => i % FUNDS.length === f);
        if (!mine.length) return;
        const sg = addMoney(...mine.map((e) => e.super));
        const ss = f === 1 ? addMoney(...mine.slice(0, 1).map(() => '150.00')) : '0.00';
        // One employee of the second fund also puts $50.00 a pay in from their pay after tax.
        const personal = f === 1 ? '50.00' : '0.00';
        out.super.push({
          pay_run_id: run.id,
          payment_date: day,
          pack_version: run.pack_version,
          fund,
          employee_count: mine.length,
          super_guarantee: sg,
          salary_sacrifice: ss,
          personal,
          total: addMoney(sg, ss, personal),
          due_date: due,
          due_rule: 'payday_7_business_days',
          batches,
          overdue: !batches.length && today > due,
        });
      });
    }

    const paid = out.payments[run.id];
    const ls = out.lodgements[run.id];
    const latest = ls[ls.length - 1];
    const item = (
      key: ChecklistItem['key'],
      done: boolean,
      applicable = true,
      detail: string | null = null,
    ): ChecklistItem => ({
      key,
      status: !applicable ? 'not_applicable' : done ? 'done' : 'pending',
      evidence_id: applicable && done ? ev(key.replace(/_/g, '-'), r) : null,
      detail,
    });
    const confirmed = paid.length > 0 && paid.every((p) => p.status === 'confirmed');
    const items: ChecklistItem[] = [
      item('readiness', true),
      item('exceptions', finalised),
      item('approval', finalised),
      item('finalise', finalised),
      item('bank_file', paid.length > 0, au),
      item('payments_confirmed', confirmed, au),
      // Each country's filings: AU's super batch and pay event; DE's forms, drawn up once the run is final.
      ...(au
        ? [
            item('super_batch', lodged, au),
            item('stp_lodged', !!latest, au),
            item('stp_accepted', !!latest && latest.status !== 'rejected', au),
          ]
        : (['lohnsteuer_anmeldung', 'beitragsnachweis'] as const).map((key) => ({
            ...item(key, finalised),
            // Drawn up from the final figures each time they are asked for: no record of their own.
            evidence_id: null,
          }))),
    ];
    out.checklists[run.id] = {
      pay_run_id: run.id,
      status: run.status,
      complete: items.every((i) => i.status !== 'pending'),
      items,
    };
  });
  // Oldest payday first, as the API lists them.
  out.super.sort((a, b) => a.payment_date.localeCompare(b.payment_date) || a.fund.name.localeCompare(b.fund.name));
  return out;
}
