// Evidence chain verification throughput: npx tsx tests/bench/evidence-verify.bench.ts [records]
// Builds a valid chain for one tenant in a temporary SQLite file, then times verifyChain over all of it.
// KEEP_BENCH_DB=1 keeps the file (its directory is printed) for profiling.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { Store } from '../../api/store/index.ts';
import type { EvidenceTable } from '../../api/store/schema.ts';
import { GENESIS_HASH, recordHash, verifyChain } from '../../api/services/governance/evidence.ts';
import { canonicalJson } from '../../api/lib/canonical-json.ts';
import { sha256Hex } from '../../api/lib/ids.ts';
import { evidenceInserter } from '../helpers/evidence-db.ts';

const RECORDS = Number(process.argv[2] ?? 1_000_000);
const BUDGET_PER_SECOND = 200_000;
const BATCH = 50_000;
const TENANT = 'ten_benchmark0000000000000000';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-evidence-bench-'));
const file = path.join(dir, 'evidence.db');
// Opening the store once creates the schema; the chain is then written on a connection of its own.
await (await Store.open({ file })).close();
let store: Store | null = null;
try {
  const raw = new SQLite(file);
  // The fixture is throwaway: no journal and no fsync while it is written.
  raw.pragma('journal_mode = off');
  raw.pragma('synchronous = off');
  raw.pragma('cache_size = -262144');
  const insert = evidenceInserter(raw);
  const buildStart = performance.now();
  // Realistic field sizes: a partner-key actor, a decision envelope with a reason, hex hashes.
  const actor = canonicalJson({
    kind: 'partner_key',
    key_id: 'key_4f1c2a9e8b7d6c5b4a3f2e1d',
    user_id: null,
    role: null,
    session_id: null,
  });
  const reason = 'Quarterly payroll change requested by HR';
  const start = Date.parse('2026-01-01T00:00:00Z');
  // Request and response hashes are opaque to verification: a pool of real digests keeps the build fast.
  const digests = Array.from({ length: 4096 }, (_, i) => sha256Hex(`payload ${i}`));
  const decision = canonicalJson({ governance_reason: reason, from: 'AU-2025.1', to: 'AU-2026.1' });
  let prev = GENESIS_HASH;
  for (let from = 1; from <= RECORDS; from += BATCH) {
    const rows: EvidenceTable[] = [];
    for (let seq = from; seq < Math.min(from + BATCH, RECORDS + 1); seq++) {
      const row = {
        id: `cev_${seq.toString(16).padStart(24, '0')}`,
        tenant_id: TENANT,
        seq,
        created_at: new Date(start + seq * 1000).toISOString(),
        action: seq % 3 === 0 ? 'pay_run.approved' : 'employee.updated',
        resource: `emp_${(seq % 9973).toString(16).padStart(16, '0')}`,
        actor_json: actor,
        governance_reason: reason,
        request_hash: digests[seq & 4095],
        response_hash: digests[(seq * 7) & 4095],
        decision_json: decision,
        prev_hash: prev,
      };
      const hash = recordHash(row);
      rows.push({ ...row, hash });
      prev = hash;
    }
    insert(rows);
  }
  raw.close();
  const buildSeconds = (performance.now() - buildStart) / 1000;
  console.log(`built ${RECORDS.toLocaleString('en')} records in ${buildSeconds.toFixed(1)} s`);

  // Verification runs on a connection opened the way the service opens it, not the tuned build one.
  store = await Store.open({ file });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await verifyChain(store, TENANT);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (!result.valid || result.records_checked !== RECORDS || result.head_hash !== prev) {
    console.error('verification did not accept the valid chain', result);
    process.exitCode = 1;
  }
  const rate = Math.round(RECORDS / seconds);
  console.log(
    `evidence verify: ${RECORDS.toLocaleString('en')} records in ${seconds.toFixed(2)} s = ${rate.toLocaleString('en')} records/s (budget ≥ ${BUDGET_PER_SECOND.toLocaleString('en')}/s)${rate >= BUDGET_PER_SECOND ? '' : '  MISSED'}`,
  );
  // CPU time shows what the figure would be on an idle machine when other work competes for the cores.
  console.log(
    `  cpu ${cpuSeconds.toFixed(2)} s = ${Math.round(RECORDS / cpuSeconds).toLocaleString('en')} records per cpu-second`,
  );
} finally {
  await store?.close();
  if (process.env.KEEP_BENCH_DB) console.log(dir);
  else fs.rmSync(dir, { recursive: true, force: true });
}
