// The sample tenant's evidence chain: the employees added, and each pay run created, previewed (one
// record per entry), approved and finalised, with reasons and chained digests in the API's shapes. The
// entries and the acknowledged exception carry the ids of their records, so "Evidence" links open them.
import { now as clockNow } from '../clock.js';
import type { Country, Employee, EvidenceRecord, PayRun, PayRunEntry, PayRunException } from '../../client/models.js';

/** A made-up 64-hex digest, the same for the same seed. */
function digest(seed: number): string {
  let h = (seed + 1) * 2654435761;
  let out = '';
  while (out.length < 64) {
    h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
    out += ((h ^ (h >>> 13)) >>> 0).toString(16).padStart(8, '0');
  }
  return out.slice(0, 64);
}

const REASONS = {
  en: ['New starter, contract signed', 'Timesheets checked against the roster', 'Totals agreed with finance'],
  de: [
    'Neueinstellung, Vertrag unterschrieben',
    'Stunden mit dem Dienstplan abgeglichen',
    'Summen mit der Buchhaltung abgestimmt',
  ],
};

interface Input {
  country: Country;
  names: string[];
  employees: Employee[];
  runs: PayRun[];
  entries: Record<string, PayRunEntry[]>;
  exceptions: Record<string, PayRunException[]>;
}

/** Builds the chain newest first, and sets `evidence_id` on the entries and acknowledged exceptions. */
export function buildSampleEvidence({ country, names, employees, runs, entries, exceptions }: Input): EvidenceRecord[] {
  const [add, check, agree] = REASONS[country === 'DE' ? 'de' : 'en'];
  const user = (n: number, role: string) => ({
    kind: 'user_token',
    user_id: `sample-user-${n + 1}`,
    user_name: names[n],
    role,
  });
  // The open run is still in its period: nothing is recorded later than now.
  const now = clockNow().toISOString();
  const past = (at: string) => (at < now ? at : now);
  const raw: Omit<EvidenceRecord, 'sequence' | 'chain' | 'request_hash' | 'response_hash'>[] = [];
  const push = (id: string, at: string, action: string, resource: string, actor: object, reason: string | null) =>
    raw.push({
      id,
      created_at: past(at),
      action,
      resource,
      actor: actor as EvidenceRecord['actor'],
      governance_reason: reason,
      decision: { governance_reason: reason },
    });
  employees.forEach((e, i) => {
    e.evidence_id = `sample-evidence-employee-${i + 1}`;
    push(
      e.evidence_id,
      `${e.employment.start_date ?? '2020-01-01'}T08:00:00Z`,
      'employee.created',
      e.id,
      user(2, 'admin'),
      add,
    );
  });
  [...runs].reverse().forEach((r) => {
    const n = runs.indexOf(r) + 1;
    const by = user(1, 'preparer');
    push(`sample-evidence-run-${n}`, `${r.period_start}T09:00:00Z`, 'pay_run.created', r.id, by, check);
    if (r.status === 'draft') return;
    const at = `${r.period_end}T10:00:00Z`;
    push(`sample-evidence-preview-${n}`, at, 'pay_run.previewed', r.id, by, check);
    entries[r.id]?.forEach((e, i) => {
      e.evidence_id = `sample-evidence-entry-${n}-${i + 1}`;
      push(e.evidence_id, at, 'pay_run_entry.committed', `${r.id}/${e.employee_id}`, by, null);
    });
    for (const x of exceptions[r.id] ?? []) {
      if (!x.acknowledged) continue;
      x.evidence_id = `sample-evidence-ack-${n}`;
      push(x.evidence_id, x.acknowledged_at!, 'pay_run.exception_acknowledged', `${r.id}/${x.id}`, by, x.reason);
    }
    if (!r.finalised_at) return;
    const approver = user(0, 'approver');
    push(`sample-evidence-approve-${n}`, `${r.payment_date}T07:00:00Z`, 'pay_run.approved', r.id, approver, agree);
    push(`sample-evidence-finalise-${n}`, r.finalised_at, 'pay_run.finalised', r.id, approver, agree);
  });
  raw.sort((a, b) => a.created_at.localeCompare(b.created_at));
  let prev = '0'.repeat(64);
  return raw
    .map((r, i) => {
      const hash = digest(i * 3);
      const rec: EvidenceRecord = {
        ...r,
        sequence: i + 1,
        request_hash: digest(i * 3 + 1),
        response_hash: digest(i * 3 + 2),
        chain: { prev_hash: prev, hash },
      };
      prev = hash;
      return rec;
    })
    .reverse();
}
