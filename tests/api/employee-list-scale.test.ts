// GET /employees costs its page, not the tenant: the store pages a name index in SQL and folds only the
// page's case values; a data scope on explicitly placed employees is an SQL condition, and where mapping
// rules place employees the list reads bounded batches. Proved by what a page does not touch: an employee
// whose stored case values are unreadable breaks only a page that includes it. The name index is filled
// for databases that predate it, and filtered reads of the evidence receipts grow are indexed.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';
import { migrate } from '../../api/store/migrations.ts';
import { listPeriodsOf } from '../../api/services/employee-model.ts';

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
      body: { first_name: 'Pat', last_name: last, ...extra },
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

/** Makes an employee's stored case values unreadable: any read that folds them fails. */
async function corrupt(employeeId: string) {
  await sql`update employee_versions set data_json = '{"first_name": 42}' where employee_id = ${employeeId}`.execute(
    api.deps.store.db,
  );
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

describe('placement by mapping rules: bounded batches', () => {
  test('a scoped walk over more rows than one batch finds each in-scope employee once, in order', async () => {
    const t = await tenant('Ruled Co');
    ok(
      await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: { code: 'OPS', name: 'O' } }),
      201,
    );
    ok(
      await api.call('POST', `/v1/tenants/${t}/cost-centre-mappings`, {
        reason: REASON,
        body: { source: 'employee', attribute: 'team', match_value: 'ops', cost_centre_code: 'OPS', priority: 1 },
      }),
      201,
    );
    const wanted: string[] = [];
    for (let i = 0; i < 230; i++) {
      const last = `Staff${String(i).padStart(3, '0')}`;
      const inScope = i % 45 === 7;
      if (inScope) wanted.push(last);
      await hire(t, last, { team: inScope ? 'ops' : 'other' });
    }
    const scoped = await userToken(t, { scope: { cost_centres: ['OPS'] } });
    assert.deepEqual(await walk(t, scoped, '', 2), wanted);
    assert.deepEqual(await walk(t, scoped, '', 200), wanted);
    assert.deepEqual(await walk(t, api.partner.key, 'cost_centre=OPS', 4), wanted);
  });
});

describe('the name index', () => {
  test('a database that predates it is filled when it migrates, as the service writes it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-migrate-'));
    const raw = new SQLite(path.join(dir, 'old.db'));
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
      const employee = (id: string, first: string, last: string) => ({
        id,
        tenant_id: 'ten_1',
        engine_ref: id,
        status: 'active',
        first_name: first,
        last_name: last,
        cost_centre_code: null,
        site: null,
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto('employees')
        .values([employee('emp_a', 'Ada', 'Adler'), employee('emp_b', 'Ben', 'Berg')])
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
      await migrate(db);
      const stored = await db
        .selectFrom('employee_list_periods')
        .select(['employee_id', 'valid_from', 'valid_to', 'first_name', 'last_name', 'site'])
        .orderBy('employee_id')
        .orderBy('valid_from')
        .execute();
      const expected = ['emp_a', 'emp_b'].flatMap((id) =>
        listPeriodsOf(
          versions
            .filter((v) => v[0] === id)
            .map(([, effective_from, , data]) => ({ effective_from, data_json: JSON.stringify(data) })),
        ).map((p) => ({ employee_id: id, ...p })),
      );
      assert.deepEqual(stored, expected);
      assert.deepEqual(
        stored.filter((p) => p.employee_id === 'emp_a').map((p) => [p.valid_from, p.valid_to, p.last_name, p.site]),
        [
          ['', '2027-01-01', 'Adler', 'Leipzig'],
          ['2027-01-01', '2027-09-01', 'Zimmer', 'Leipzig'],
          ['2027-09-01', null, 'Zimmer', null],
        ],
      );
    } finally {
      await db.destroy();
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
