// GET /employees costs its page, not the tenant: the store pages the list index (names and placement per
// value period) in SQL, with the data scope and the filters as conditions on it, and folds only the page's
// case values, whether employees are placed explicitly or by mapping rules. Proved by what a page does not
// touch: an employee whose stored case values are unreadable breaks only a page that includes it. The index
// follows every change of placement, is filled at boot for databases that predate it, and filtered reads
// of the evidence that receipts grow are indexed.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { onPostgres } from '../helpers/test-db.ts';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';
import { migrate } from '../../api/store/migrations/index.ts';
import { createDeps, closeDeps } from '../../api/app.ts';

let api: TestApi;

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, r.text.slice(0, 500));
  return r.body;
};

async function tenant(name: string): Promise<string> {
  return ok(
    await api.call('POST', '/v1/partners/tenants', {
      body: { name, jurisdiction: 'AU', engine: 'payroll_engine_au' },
    }),
    201,
  ).data.tenant.id;
}

async function hire(t: string, last: string, extra: Record<string, unknown> = {}): Promise<string> {
  return ok(
    await api.call('POST', `/v1/tenants/${t}/employees`, {
      reason: REASON,
      body: { first_name: 'Pat', last_name: last, statutory: { au: { no_number_reason: 'applied_for' } }, ...extra },
    }),
    201,
  ).data.id;
}

/** Every page of the list for a credential, as last names in the order served. */
async function walk(t: string, key: string, query = '', limit = 2): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const q = [query, `limit=${limit}`, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
    const body = ok(await api.call('GET', `/v1/tenants/${t}/employees?${q}`, { key }));
    out.push(...body.data.map((e: { last_name: string }) => e.last_name));
    assert.equal(body.has_more, body.next_cursor !== null);
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  return out;
}

/** Makes an employee's stored case values unreadable (any read that folds them fails); answers the undo. */
async function corrupt(employeeId: string): Promise<() => Promise<void>> {
  const db = api.deps.store.db;
  const saved = await db
    .selectFrom('employee_versions')
    .select(['effective_from', 'seq', 'data_json'])
    .where('employee_id', '=', employeeId)
    .execute();
  await sql`update employee_versions set data_json = '{"first_name": 42}' where employee_id = ${employeeId}`.execute(
    db,
  );
  return async () => {
    for (const v of saved)
      await db
        .updateTable('employee_versions')
        .set({ data_json: v.data_json })
        .where('employee_id', '=', employeeId)
        .where('effective_from', '=', v.effective_from)
        .where('seq', '=', v.seq)
        .execute();
  };
}

async function userToken(t: string, body: Record<string, unknown>): Promise<string> {
  return ok(await api.call('POST', `/v1/tenants/${t}/users/token`, { body }), 201).data.token;
}

before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

describe('a page folds only its own employees', () => {
  let t: string;
  before(async () => {
    t = await tenant('Paged Co');
    for (const cc of [
      { code: 'OPS', name: 'Operations', site: 'Sydney' },
      { code: 'ROAST', name: 'Roastery', site: 'Perth' },
    ])
      ok(await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: cc }), 201);
    for (const [last, cc] of [
      ['Adams', 'OPS'],
      ['Baker', 'ROAST'],
      ['Clark', 'OPS'],
      ['Davis', 'OPS'],
      ['Evans', 'ROAST'],
      ['Young', 'OPS'],
      ['Zorn', 'ROAST'],
    ])
      await hire(t, last, { cost_centre_code: cc });
    const zorn = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=50`)).data.find(
      (e: { last_name: string }) => e.last_name === 'Zorn',
    );
    await corrupt(zorn.id);
  });

  test('the first pages answer without reading the last employee', async () => {
    const first = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=2`));
    assert.deepEqual(
      first.data.map((e: { last_name: string }) => e.last_name),
      ['Adams', 'Baker'],
    );
    const second = ok(
      await api.call('GET', `/v1/tenants/${t}/employees?limit=3&cursor=${encodeURIComponent(first.next_cursor)}`),
    );
    assert.deepEqual(
      second.data.map((e: { last_name: string }) => e.last_name),
      ['Clark', 'Davis', 'Evans'],
    );
    assert.equal(second.has_more, true);
  });

  test('a scope and the filters narrow in SQL: rows outside them are never read', async () => {
    const scoped = await userToken(t, { scope: { cost_centres: ['OPS'] } });
    assert.deepEqual(await walk(t, scoped), ['Adams', 'Clark', 'Davis', 'Young']);
    assert.deepEqual(await walk(t, scoped, '', 50), ['Adams', 'Clark', 'Davis', 'Young']);
    const bySite = await userToken(t, { scope: { sites: ['Sydney'] } });
    assert.deepEqual(await walk(t, bySite, '', 3), ['Adams', 'Clark', 'Davis', 'Young']);
    assert.deepEqual(await walk(t, api.partner.key, 'cost_centre=OPS'), ['Adams', 'Clark', 'Davis', 'Young']);
    assert.deepEqual(await walk(t, api.partner.key, 'site=Sydney', 10), ['Adams', 'Clark', 'Davis', 'Young']);
  });
});

describe('placement by mapping rules', () => {
  let t: string;
  const rule = (match_value: string, cost_centre_code: string, priority: number) =>
    api.call('POST', `/v1/tenants/${t}/cost-centre-mappings`, {
      reason: REASON,
      body: { source: 'employee', attribute: 'team', match_value, cost_centre_code, priority },
    });
  before(async () => {
    t = await tenant('Ruled Co');
    for (const cc of [
      { code: 'OPS', name: 'Operations', site: 'Sydney' },
      { code: 'ROAST', name: 'Roastery', site: 'Perth' },
    ])
      ok(await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: cc }), 201);
    ok(await rule('ops', 'OPS', 1), 201);
    ok(await rule('roast', 'ROAST', 2), 201);
    for (let i = 0; i < 40; i++)
      await hire(t, `Staff${String(i).padStart(2, '0')}`, {
        team: i % 4 === 1 ? 'ops' : i % 4 === 3 ? 'roast' : 'other',
      });
  });
  const inTeam = (r: number) =>
    Array.from({ length: 40 }, (_, i) => i)
      .filter((i) => i % 4 === r)
      .map((i) => `Staff${String(i).padStart(2, '0')}`);

  test('a scoped walk finds each employee a rule places in scope once, in order, reading no other', async () => {
    const last = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=50`)).data.find(
      (e: { last_name: string }) => e.last_name === 'Staff38',
    );
    const undo = await corrupt(last.id); // team 'other': outside every scope below
    const scoped = await userToken(t, { scope: { cost_centres: ['OPS'] } });
    assert.deepEqual(await walk(t, scoped, '', 3), inTeam(1));
    assert.deepEqual(await walk(t, scoped, '', 100), inTeam(1));
    assert.deepEqual(await walk(t, await userToken(t, { scope: { sites: ['Perth'] } }), '', 4), inTeam(3));
    assert.deepEqual(await walk(t, api.partner.key, 'cost_centre=ROAST', 4), inTeam(3));
    await undo();
  });

  test('placement follows the rules and the centres: a new rule, a centre moved to another site, a deleted rule', async () => {
    const scoped = await userToken(t, { scope: { cost_centres: ['OPS'] } });
    const added = ok(await rule('other', 'OPS', 3), 201).data;
    assert.deepEqual(await walk(t, scoped, '', 7), [...inTeam(0), ...inTeam(1), ...inTeam(2)].sort());
    ok(await api.call('DELETE', `/v1/tenants/${t}/cost-centre-mappings/${added.id}`, { reason: REASON }));
    assert.deepEqual(await walk(t, scoped, '', 7), inTeam(1));
    ok(await api.call('PATCH', `/v1/tenants/${t}/cost-centres/ROAST`, { reason: REASON, body: { site: 'Sydney' } }));
    const sydney = await userToken(t, { scope: { sites: ['Sydney'] } });
    assert.deepEqual(await walk(t, sydney, '', 9), [...inTeam(1), ...inTeam(3)].sort());
    const moved = ok(await api.call('GET', `/v1/tenants/${t}/employees?site=Sydney&cost_centre=ROAST&limit=50`)).data;
    assert.deepEqual(
      moved.map((e: { last_name: string }) => e.last_name),
      inTeam(3),
    );
  });

  test('an explicit assignment beats the rules in the list at once', async () => {
    const scoped = await userToken(t, { scope: { cost_centres: ['ROAST'] } });
    const someone = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=50`)).data.find(
      (e: { last_name: string }) => e.last_name === 'Staff01',
    );
    ok(
      await api.call('PUT', `/v1/tenants/${t}/employees/${someone.id}/cost-centre`, {
        reason: REASON,
        body: { cost_centre_code: 'ROAST' },
      }),
    );
    assert.deepEqual(await walk(t, scoped, '', 5), ['Staff01', ...inTeam(3)].sort());
    ok(await api.call('DELETE', `/v1/tenants/${t}/employees/${someone.id}/cost-centre`, { reason: REASON }));
    assert.deepEqual(await walk(t, scoped, '', 5), inTeam(3));
  });
});

describe('the list index', () => {
  test('a database written before it existed is indexed at its next boot', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-migrate-'));
    const file = path.join(dir, 'old.db');
    const raw = new SQLite(file);
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
    try {
      await migrate(db, '0003_evidence_links');
      const at = '2026-01-01T00:00:00.000Z';
      await db.insertInto('partners').values({ id: 'par_1', name: 'P', created_at: at }).execute();
      await db
        .insertInto('tenants')
        .values({
          id: 'ten_1',
          partner_id: 'par_1',
          slug: 'one',
          name: 'One',
          jurisdiction: 'DE',
          environment: 'sandbox',
          group_json: null,
          created_at: at,
        })
        .execute();
      await db
        .insertInto('cost_centres')
        .values({
          tenant_id: 'ten_1',
          code: 'ENG',
          name: 'Engineering',
          parent_code: null,
          gl_account: null,
          site: 'München',
          status: 'active',
          created_at: at,
          updated_at: at,
        })
        .execute();
      const employee = (id: string, first: string, last: string, cc: string | null) => ({
        id,
        tenant_id: 'ten_1',
        engine_ref: id,
        status: 'active',
        first_name: first,
        last_name: last,
        cost_centre_code: cc,
        site: null,
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto('employees')
        .values([employee('emp_a', 'Ada', 'Adler', null), employee('emp_b', 'Ben', 'Berg', 'ENG')])
        .execute();
      const versions = [
        ['emp_a', '2026-01-01', 1, { first_name: 'Ada', last_name: 'Adler', site: 'Leipzig' }],
        ['emp_a', '2027-01-01', 2, { last_name: 'Zimmer' }],
        ['emp_a', '2027-06-01', 3, { position: 'Lead' }],
        ['emp_a', '2027-09-01', 4, { site: null }],
        ['emp_b', '0001-01-01', 1, { first_name: 'Ben', last_name: 'Berg' }],
      ] as const;
      await db
        .insertInto('employee_versions')
        .values(
          versions.map(([employee_id, effective_from, seq, data]) => ({
            employee_id,
            tenant_id: 'ten_1',
            effective_from,
            seq,
            data_json: JSON.stringify(data),
            created_at: at,
          })),
        )
        .execute();
    } finally {
      await db.destroy();
    }
    const deps = await createDeps({ dbFile: file });
    try {
      const rows = await deps.store.db
        .selectFrom('employee_list_periods')
        .select(['employee_id', 'valid_from', 'valid_to', 'last_name', 'cost_centre_code', 'site'])
        .orderBy('employee_id')
        .orderBy('valid_from')
        .execute();
      assert.deepEqual(
        rows.map((p) => [p.employee_id, p.valid_from, p.valid_to, p.last_name, p.cost_centre_code, p.site]),
        [
          ['emp_a', '', '2027-01-01', 'Adler', null, 'Leipzig'],
          ['emp_a', '2027-01-01', '2027-09-01', 'Zimmer', null, 'Leipzig'],
          ['emp_a', '2027-09-01', null, 'Zimmer', null, null],
          ['emp_b', '', null, 'Berg', 'ENG', 'München'],
        ],
      );
    } finally {
      await closeDeps(deps);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('receipts do not make reads quadratic', () => {
  test('a list read adds one evidence record and no links; the trail filtered by action or resource is indexed', async () => {
    const t = await tenant('Receipted Co');
    for (const last of ['One', 'Two', 'Three']) await hire(t, last);
    const count = async (table: 'evidence' | 'evidence_links') =>
      Number(
        (
          await api.deps.store.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', t)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [evidence, links] = [await count('evidence'), await count('evidence_links')];
    for (let i = 0; i < 5; i++) ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=2`));
    assert.deepEqual([await count('evidence'), await count('evidence_links')], [evidence + 5, links]);
    if (onPostgres) {
      // PostgreSQL picks plans from table statistics (a three-row table is scanned), so check the indexes are there.
      const names = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'evidence'`.execute(api.deps.store.db);
      for (const column of ['action', 'resource'])
        assert.ok(
          names.rows.some((r) => r.indexname === `evidence_${column}`),
          `index evidence_${column}`,
        );
      return;
    }
    for (const column of ['action', 'resource']) {
      const plan = await sql
        .raw(
          `explain query plan select * from evidence where tenant_id = 'x' and ${column} = 'y' and seq < 100 order by seq desc limit 50`,
        )
        .execute(api.deps.store.db);
      const detail = (plan.rows as { detail: string }[]).map((r) => r.detail).join(' | ');
      assert.match(detail, new RegExp(`USING INDEX evidence_${column}`), detail);
      assert.doesNotMatch(detail, /TEMP B-TREE/, detail);
    }
  });
});
