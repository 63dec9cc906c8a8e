// Appending to evidence chains through the store, on each store (PostgreSQL links records in the database, SQLite
// in Payrail): records land in order at the end of their own chain, and every stored hash is the one `recordHash`
// computes from the stored fields, whatever characters the fields hold.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../api/store/index.ts';
import { GENESIS_HASH, recordHash, type UnchainedRecord } from '../../api/store/evidence-chain.ts';
import { verifyChain } from '../../api/services/governance/evidence.ts';
import { newTestDb, type TestDb } from '../helpers/test-db.ts';

const record = (id: string, chain: string, fields: Partial<UnchainedRecord> = {}): UnchainedRecord => ({
  id,
  tenant_id: chain,
  created_at: '2026-11-28T09:00:00.000Z',
  action: 'employee.read',
  resource: 'emp_1',
  actor_json: '{"kind":"partner_key","key_id":"pk_1"}',
  governance_reason: null,
  request_hash: 'a'.repeat(64),
  response_hash: 'b'.repeat(64),
  decision_json: '{"governance_reason":null}',
  ...fields,
});

describe('evidence chains in the store', () => {
  let db: TestDb;
  let store: Store;
  before(async () => {
    db = await newTestDb();
    store = await Store.open(db.databaseUrl ? { url: db.databaseUrl } : { file: db.dbFile });
  });
  after(async () => {
    await store.close();
    await db.drop();
  });

  const stored = (chain: string) =>
    db.query<Record<string, any>>('select * from evidence where tenant_id = ? order by seq', chain);

  test('a batch over two chains links each record to the one before it in its own chain', async () => {
    const seqs = await store.appendReceipts([
      record('cev_a1', 'ten_a'),
      record('cev_b1', 'ten_b'),
      record('cev_a2', 'ten_a', { action: 'employee.created', governance_reason: 'Hired on 1 December' }),
    ]);
    assert.deepEqual(seqs, [1, 1, 2]);
    const a = await stored('ten_a');
    assert.deepEqual(
      a.map((r) => [r.id, r.seq]),
      [
        ['cev_a1', 1],
        ['cev_a2', 2],
      ],
    );
    assert.equal(a[0].prev_hash, GENESIS_HASH);
    assert.equal(a[1].prev_hash, a[0].hash);
    assert.equal((await stored('ten_b'))[0].prev_hash, GENESIS_HASH);
    // A later append, in a transaction with other work, continues where the chain ends.
    const [next] = await store.transaction((r) => r.appendEvidence([record('cev_a3', 'ten_a')]));
    assert.equal(next, 3);
    assert.equal((await stored('ten_a'))[2].prev_hash, a[1].hash);
  });

  test('every stored hash is recordHash of the stored fields, for any text the fields hold', async () => {
    await store.appendReceipts([
      record('cev_u1', 'ten_u', {
        actor_json: '{"kind":"user","name":"Nguyễn Thị Minh Khai","note":"line\\nbreak"}',
        resource: 'emp_Müller-Lüdenscheid',
        governance_reason: 'Korrektur für März — ½ Tag, 🎉 and a\nnew line',
        decision_json: '{"governance_reason":"Korrektur","amount":"1234.50"}',
      }),
      record('cev_u2', 'ten_u', { governance_reason: '' }),
      record('cev_u3', 'ten_u', { governance_reason: null }),
    ]);
    const rows = await stored('ten_u');
    assert.equal(rows.length, 3);
    for (const row of rows) {
      const { hash, ...fields } = row;
      assert.equal(hash, recordHash({ ...fields, seq: Number(fields.seq) } as never), `hash of ${row.id}`);
    }
    // An empty reason and no reason hash alike (both are empty in the hashed text) but are stored apart.
    assert.deepEqual(
      rows.map((r) => r.governance_reason),
      ['Korrektur für März — ½ Tag, 🎉 and a\nnew line', '', null],
    );
    assert.deepEqual(await verifyChain(store, 'ten_u'), {
      valid: true,
      records_checked: 3,
      head_hash: rows[2].hash,
    });
  });

  test('a failed append stores nothing of its batch', async () => {
    await store.appendReceipts([record('cev_f1', 'ten_f')]);
    // The second record reuses an id: the whole batch is refused and the chain is as it was.
    await assert.rejects(store.appendReceipts([record('cev_f2', 'ten_f'), record('cev_f1', 'ten_f')]));
    assert.deepEqual(
      (await stored('ten_f')).map((r) => r.id),
      ['cev_f1'],
    );
    assert.deepEqual(await store.appendReceipts([record('cev_f3', 'ten_f')]), [2]);
  });
});
