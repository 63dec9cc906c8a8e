// The fuzzer's parts, shared by the fast slice in `npm test` (tests/api/fuzz.test.ts) and the long run
// (`npm run test:fuzz`, tests/fuzz/run.ts): a fixture with real ids, request arbitraries generated from the
// OpenAPI document (path and query parameters, headers and request bodies from each operation's JSON schema,
// valid-ish and mutated), the check every answer must pass, and the list of known crashers.
import zlib from 'node:zlib';
import fc from 'fast-check';
import { REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  fortnight,
  hireAu,
  hireDe,
  month,
  runPath,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { operations, type JsonSchema, type Operation } from '../helpers/openapi-requests.ts';
import { pathRegex } from '../../api/http/route.ts';

export interface FuzzRequest {
  /** The operation the request was generated for (`POST /v1/tenants/{tenantId}/employees`). */
  op: string;
  method: string;
  /** Path and query string, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** How the request was made, for the known-crasher list and for reports. */
  tags: string[];
}

/** One tenant's coherent set of path values and credentials, so most requests get past isolation. */
export interface World {
  params: Record<string, string[]>;
  bearers: string[];
}

export interface Fixture {
  /** The AU, DE and mock employers; each request is made in one of them (or, now and then, across them). */
  worlds: World[];
  /** Candidate values for each path parameter name, across every world and beyond (another partner's tenant). */
  params: Record<string, string[]>;
  /** Every bearer, including another partner's key. */
  bearers: string[];
  /** Property values that make a body reach deeper than validation. */
  hints: Record<string, unknown[]>;
  /** Bodies the service accepted while the fixture was built, by operation: the seeds the fuzzer mutates. */
  corpus: Record<string, unknown[]>;
}

// ---- the fixture --------------------------------------------------------------------------------------------

/** AU and DE employers with employees, cost centres, a draft and a finalised run each, tokens of every kind. */
export async function buildFixture(api: TestApi): Promise<Fixture> {
  // Every body the service accepts while the fixture is built becomes a seed for that operation.
  const corpus: Record<string, unknown[]> = {};
  const routes = operations().map((op) => ({ op, re: pathRegex(op.path) }));
  const call = api.call;
  api.call = async (method, p, o = {}) => {
    const reply = await call(method, p, o);
    const pathname = p.split('?')[0];
    const hit = routes
      .filter((r) => r.op.method === method && r.re.test(pathname))
      .sort((a, b) => b.op.path.replace(/\{\w+\}/g, '').length - a.op.path.replace(/\{\w+\}/g, '').length)[0];
    if (hit && reply.status < 300 && o.body !== undefined) (corpus[hit.op.key] ??= []).push(o.body);
    return reply;
  };
  try {
    return await fixtureData(api, corpus);
  } finally {
    api.call = call;
  }
}

async function fixtureData(api: TestApi, corpus: Record<string, unknown[]>): Promise<Fixture> {
  const au = await createTenant(api, { jurisdiction: 'AU', engine: 'payroll_engine_au' });
  const de = await createTenant(api, { jurisdiction: 'DE' });
  const mock = (await api.call('POST', '/v1/partners/tenants', { body: { name: 'Fuzz Mock Co' } })).body.data.tenant;
  const auSlug = (await api.call('GET', `/v1/partners/tenants/${au.id}`)).body.data.tenant.slug as string;
  expectStatus(
    await api.call('POST', `/v1/tenants/${au.id}/cost-centres`, { body: { code: 'OPS', name: 'Ops' }, reason: REASON }),
    201,
  );
  const auStaff = [
    await hireAu(api, au, { pay_frequency: 'fortnightly' }),
    await hireAu(api, au, { pay_frequency: 'fortnightly', tfn: null }),
    await hireAu(api, au, { pay_frequency: 'fortnightly', hourly_rate: 31.5 }),
  ];
  const deStaff = [await hireDe(api, de), await hireDe(api, de, { tax_class: 3, children: 2 })];
  const finalise = async (t: TenantRef, runId: string) => {
    for (const step of ['preview', 'approve', 'finalise'])
      expectStatus(await api.call('POST', runPath(t, runId, `/${step}`), { body: {}, reason: REASON }), 200, step);
  };
  const auFinal = (await draftRun(api, au, fortnight(0))).id;
  await finalise(au, auFinal);
  const auDraft = (await draftRun(api, au, fortnight(1))).id;
  const deFinal = (await draftRun(api, de, month(2026, 10))).id;
  await finalise(de, deFinal);
  const deDraft = (await draftRun(api, de, month(2026, 11))).id;
  // A few more accepted bodies for the corpus.
  await api.call('POST', runPath(au, auDraft, '/entries'), {
    body: { employee_id: auStaff[0], items: [{ type: 'bonus', amount: '150.00' }] },
  });
  await api.call('POST', runPath(au, auDraft, '/timesheets'), {
    body: { rows: [{ employee_id: auStaff[2], date: fortnight(1).period_start, hours: 7.5 }] },
  });
  await api.call('POST', `/v1/tenants/${de.id}/calculate`, {
    body: { frequency: 'monthly', employee: { annual_salary: 60000, tax_class: 1, state: 'BY' } },
  });
  await api.call('PATCH', `/v1/tenants/${au.id}/employees/${auStaff[1]}`, {
    body: { position: 'Barista', site: 'Sydney' },
    reason: REASON,
  });
  const trail = (await api.call('GET', `/v1/tenants/${au.id}/governance/audit-trail?limit=3`)).body.data.map(
    (e: { id: string }) => e.id,
  );
  const mapping = expectStatus(
    await api.call('POST', `/v1/tenants/${au.id}/cost-centre-mappings`, {
      body: { source: 'employee', attribute: 'position', match_value: 'Barista', cost_centre_code: 'OPS' },
      reason: REASON,
    }),
    201,
  ).data.id;
  const spareKey = expectStatus(await api.call('POST', '/v1/partners/keys', { body: {} }), 201).data.id;
  const other = await api.newPartner('Fuzz Stranger');
  const strangerTenant = (await api.call('POST', '/v1/partners/tenants', { key: other.key, body: { name: 'Theirs' } }))
    .body.data.tenant.id;
  const mint = async (t: { id: string }, route: string, body: Record<string, unknown>) =>
    expectStatus(await api.call('POST', `/v1/tenants/${t.id}/${route}`, { body }), 201, route).data.token as string;
  const tokensOf = async (t: { id: string }, employee: string) => [
    api.partner.key,
    api.partner.key,
    await mint(t, 'embed/token', { components: ['*'] }),
    await mint(t, 'embed/token', { components: ['employees-list'], employee_id: employee }),
    await mint(t, 'users/token', { role: 'admin', user_id: 'fuzz-admin' }),
    await mint(t, 'users/token', { role: 'preparer', user_id: 'fuzz-preparer', scope: { cost_centres: ['OPS'] } }),
    await mint(t, 'users/token', { role: 'viewer', user_id: 'fuzz-viewer' }),
  ];
  const shared = {
    code: ['OPS', 'NOPE'],
    id: [mapping],
    keyId: [spareKey],
    sessionId: ['ses_0123456789abcdef01234567'],
    packCode: ['AU', 'DE', 'NZ', 'au'],
    file: ['theme-light.css', 'theme-dark.css', 'payslip-viewer.js'],
  };
  const worlds: World[] = [
    {
      params: {
        ...shared,
        tenantId: [au.id, au.id, auSlug],
        employeeId: auStaff,
        payRunId: [auFinal, auDraft],
        evidenceId: trail,
        bindingId: [au.bindingId],
      },
      bearers: await tokensOf(au, auStaff[0]),
    },
    {
      params: {
        ...shared,
        tenantId: [de.id],
        employeeId: deStaff,
        payRunId: [deFinal, deDraft],
        evidenceId: trail,
        bindingId: [de.bindingId],
      },
      bearers: await tokensOf(de, deStaff[0]),
    },
    {
      params: {
        ...shared,
        tenantId: [mock.id],
        employeeId: auStaff,
        payRunId: [auDraft],
        evidenceId: trail,
        bindingId: [],
      },
      bearers: [api.partner.key],
    },
  ];
  const employees = [...auStaff, ...deStaff];
  const union = (name: string) => [...new Set(worlds.flatMap((w) => w.params[name] ?? []))];
  return {
    worlds,
    params: {
      ...shared,
      tenantId: [...union('tenantId'), strangerTenant],
      employeeId: employees,
      payRunId: union('payRunId'),
      evidenceId: trail,
      bindingId: union('bindingId'),
    },
    bearers: [...new Set([...worlds.flatMap((w) => w.bearers), other.key])],
    hints: {
      employee_id: employees,
      cost_centre_code: ['OPS', 'FIN'],
      parent_code: ['OPS'],
      pack_version: ['AU-2025.1', 'AU-2026.1', 'AU-2026.2', 'DE-2026.1', 'DE-2026.2', 'DE-2026.3', 'DE-2026.4'],
      components: [['*'], ['employees-list']],
      role: ['viewer', 'admin'],
    },
    corpus,
  };
}

// ---- values ---------------------------------------------------------------------------------------------------

/** Strings that have broken parsers, queries, templates and filesystems somewhere. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\t\r\n',
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE employees; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '%00%ff',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u200b\ufeff',
  'Ω≈ç√∫˜µ≤≥÷',
  '田中さんにあげて下さい',
  '👩🏽‍💻🏳️‍🌈',
  'ثم نفس سقطت وبالتحديد',
  'Nguyễn Văn Đức',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '0x1F',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  'emp_',
  'pr_',
  'ten_',
  '__proto__',
  'constructor',
];
const NASTY_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', 'a.b', '$where'];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
);
/** For paths, queries and headers: mostly short, now and then over the 16 KB header limit. */
const nastyShortString = fc.oneof(
  { weight: 100, arbitrary: nastyString.filter((s) => s.length < 2_000) },
  { weight: 1, arbitrary: fc.constant('y'.repeat(20_000)) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 0.001, 1e21, -1e21, 1.7976931348623157e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Nested `levels` deep (objects or arrays); the known-crasher list names the depth at which it hurts. */
export const nested = (levels: number, arrays: boolean): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = arrays ? [v] : { a: v };
  return v;
};

/** A value of the wrong kind anywhere: null, a number, a nasty string, an array, an object, shallow nesting. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom(...NASTY_KEYS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 2, max: 24 }), fc.boolean()).map(([n, arrays]) => nested(n, arrays)),
  },
);

const DATE_NAME = /(^|_)(date|as_of|from|to|start|end|effective_from)$/;
const validDate = fc
  .date({ min: new Date('2019-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function patternArbitrary(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern), { maxLength: 40 });
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

const typeOf = (s: JsonSchema): string | undefined =>
  Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);

/** A value the schema (mostly) accepts, using fixture values for properties the hints name. */
export function valueFor(schema: JsonSchema, hints: Record<string, unknown[]>, name?: string): fc.Arbitrary<unknown> {
  if (name && hints[name]?.length)
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...hints[name]) }, valueFor(schema, {}, undefined));
  if (!schema || typeof schema !== 'object') return fc.jsonValue({ maxDepth: 2 });
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union?.length) return fc.oneof(...union.map((s) => valueFor(s, hints, name)));
  switch (typeOf(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set<string>(schema.required ?? []);
      const entries = Object.entries(props);
      const model = Object.fromEntries(entries.map(([k, s]) => [k, valueFor(s, hints, k)]));
      const known = fc.record(model, { requiredKeys: entries.map(([k]) => k).filter((k) => required.has(k)) });
      // Pass-through bodies take any further field: the fuzzer sends some.
      if (schema.additionalProperties === false) return known;
      return fc
        .tuple(
          known,
          fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }),
        )
        .map(([a, b]) => ({ ...b, ...a }));
    }
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, hints), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string':
      if (name && DATE_NAME.test(name)) return validDate;
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return patternArbitrary(schema.pattern);
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: schema.maximum ?? 1_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -5, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Replaces the n-th node (depth-first, modulo the node count) of a JSON value. */
function replaceNode(value: unknown, n: number, replacement: unknown): unknown {
  const nodes: { parent: Record<string, unknown> | unknown[] | null; key: string | number }[] = [
    { parent: null, key: 0 },
  ];
  const walk = (v: unknown) => {
    if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        nodes.push({ parent: v as Record<string, unknown>, key: Array.isArray(v) ? Number(k) : k });
        walk(child);
      }
    }
  };
  walk(value);
  const target = nodes[n % nodes.length];
  if (!target.parent) return replacement;
  (target.parent as Record<string | number, unknown>)[target.key] = replacement;
  return value;
}

/**
 * A body for the operation: valid-ish (from its schema, or a body the service accepted while the fixture was
 * built), with one node mutated, with an extra hostile field, or something else entirely.
 */
export function bodyFor(
  schema: JsonSchema | null,
  hints: Record<string, unknown[]>,
  seeds: unknown[] = [],
): fc.Arbitrary<unknown> {
  const fromSchema = schema ? valueFor(schema, hints) : fc.constant({});
  const valid = seeds.length
    ? fc.oneof(
        fromSchema,
        fc.constantFrom(...seeds).map((v) => structuredClone(v)),
      )
    : fromSchema;
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, fc.nat(), nastyValue).map(([v, n, bad]) => replaceNode(structuredClone(v), n, bad)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...NASTY_KEYS, 'tfn_attested', 'account_enc', 'x'.repeat(300)), nastyValue)
        .map(([v, k, bad]) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v, [k]: bad } : v)),
    },
    { weight: 1, arbitrary: nastyValue },
  );
}

// ---- requests -------------------------------------------------------------------------------------------------

/** Percent-encodes any string, lone surrogates included (as U+FFFD): the fuzzer's paths are always well-formed. */
export const encodeSegment = (v: unknown) =>
  encodeURIComponent(
    (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );
const enc = encodeSegment;
const hex = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength, maxLength });

function pathFor(op: Operation, fixture: Fixture, world: World): fc.Arbitrary<{ path: string; tags: string[] }> {
  const parts = op.pathParams.map((name) =>
    fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...(world.params[name]?.length ? world.params[name] : ['x'])) },
      { weight: 1, arbitrary: fc.constantFrom(...(fixture.params[name] ?? ['x'])) },
      { weight: 1, arbitrary: nastyShortString },
      { weight: 1, arbitrary: hex(1, 30).map((h) => `${name.slice(0, 3)}_${h}`) },
    ),
  );
  // Now and then a segment goes out with a broken percent-escape, as a hand-typed URL might.
  const broken = fc.oneof(
    { weight: 40, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.constantFrom('%ZZ', '%', '%E0%A4%A', 'a%2')) },
  );
  return fc.tuple(fc.tuple(...parts), broken).map(([values, bad]) => {
    let i = 0;
    const segments = values.map((v) => encodeSegment(v));
    if (bad && segments.length) segments[bad[0] % segments.length] = bad[1];
    const path = op.path.replace(/\{\w+\}/g, () => segments[i++]);
    return { path, tags: bad && segments.length ? ['bad-escape'] : [] };
  });
}

function queryFor(op: Operation, fixture: Fixture): fc.Arbitrary<string> {
  const known = op.query.map((q) =>
    fc.option(
      fc.oneof(
        { weight: 3, arbitrary: valueFor(q.schema, fixture.hints, q.name) },
        { weight: 1, arbitrary: nastyShortString },
      ),
      { freq: 2 },
    ),
  );
  const extra = fc.array(
    fc.tuple(fc.constantFrom('limit', 'cursor', 'page', 'as_of', 'x', '__proto__'), nastyShortString),
    {
      maxLength: 2,
    },
  );
  return fc.tuple(fc.tuple(...known), extra).map(([values, more]) => {
    const pairs: string[] = [];
    op.query.forEach((q, i) => {
      if (values[i] !== null && values[i] !== undefined) pairs.push(`${enc(q.name)}=${enc(values[i])}`);
    });
    for (const [k, v] of more) pairs.push(`${enc(k)}=${enc(v)}`);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

const headerValue = fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, ''));

function headersFor(fixture: Fixture, world: World): fc.Arbitrary<Record<string, string>> {
  return fc
    .record(
      {
        authorization: fc.oneof(
          { weight: 36, arbitrary: fc.constantFrom(...world.bearers).map((b) => `Bearer ${b}`) },
          { weight: 4, arbitrary: fc.constantFrom(...fixture.bearers).map((b) => `Bearer ${b}`) },
          { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer x.y.z') },
          { weight: 1, arbitrary: headerValue.map((s) => `Bearer ${s}`) },
          { weight: 1, arbitrary: hex(32, 50).map((s) => `Bearer prk_live_${s}`) },
        ),
        'idempotency-key': fc.oneof(fc.uuid(), headerValue, fc.constant('x'.repeat(300))),
        'x-governance-reason': fc.oneof(
          { weight: 6, arbitrary: fc.constant(REASON) },
          {
            weight: 1,
            arbitrary: nastyString.filter((s) => s.length < 2000).map((s) => s.replace(/[^\x20-\x7e]/g, '?')),
          },
        ),
        // Rare: a foreign Origin turns most token and key requests into a 403 (SPEC.md, Authentication §6).
        origin: fc.oneof(
          { weight: 12, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', 'http://localhost:5173') },
        ),
        'x-request-id': headerValue,
        accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/pdf'),
      },
      { requiredKeys: ['authorization'] },
    )
    .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);
}

type Encoded = { bytes?: Buffer; headers: Record<string, string>; tags: string[] };

/** Field names the server owns (sealed values, attestations, hashes, masked digits). */
const SERVER_OWNED = /"[^"]*_(enc|attested|hash|last\d+)"\s*:/;

/** How the body goes on the wire: JSON (sometimes with a misleading type or compressed), CSV, or broken text. */
function wireFor(op: Operation, fixture: Fixture): fc.Arbitrary<Encoded> {
  const json = bodyFor(op.body, fixture.hints, fixture.corpus[op.key]);
  const asJson = fc
    .tuple(
      json,
      fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'application/merge-patch+json',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
      fc.constantFrom('identity-none', 'identity-none', 'identity-none', 'gzip', 'identity', 'x-rot13'),
    )
    .map(([v, type, encoding]): Encoded => {
      const text = JSON.stringify(v) ?? 'null';
      let bytes = Buffer.from(text);
      const headers: Record<string, string> = { 'content-type': type };
      const tags = ['json', ...(SERVER_OWNED.test(text) ? ['server-owned'] : [])];
      if (encoding === 'gzip') {
        bytes = zlib.gzipSync(bytes);
        headers['content-encoding'] = 'gzip';
        tags.push('gzip');
      } else if (encoding !== 'identity-none') headers['content-encoding'] = encoding;
      return { bytes, headers, tags };
    });
  const broken = fc
    .constantFrom(
      '{"a":',
      '{"a":1}}',
      '{a:1}',
      "{'a':1}",
      '[1,2,',
      '\ufeff{}',
      'null',
      '"string"',
      '1e999999',
      '{"a":"\\ud800"}',
      '{"a":1,"a":2}',
      '',
    )
    .map((text): Encoded => ({
      bytes: Buffer.from(text),
      headers: { 'content-type': 'application/json' },
      tags: ['raw'],
    }));
  const badBytes = fc
    .uint8Array({ minLength: 1, maxLength: 64 })
    .map((b): Encoded => ({ bytes: Buffer.from(b), headers: { 'content-type': 'application/json' }, tags: ['bytes'] }));
  const csv = fc
    .array(
      fc.array(
        nastyString.filter((s) => s.length < 100),
        { minLength: 1, maxLength: 5 },
      ),
      { maxLength: 5 },
    )
    .map((rows): Encoded => {
      const text = [
        'employee_id,date,hours,type',
        ...rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')),
      ].join('\n');
      return { bytes: Buffer.from(text), headers: { 'content-type': 'text/csv' }, tags: ['csv'] };
    });
  // A field nested hundreds or thousands of levels deep inside an otherwise plausible body.
  const deep = fc
    .tuple(json, fc.integer({ min: 100, max: 6_000 }), fc.boolean())
    .map(([v, levels, arrays]): Encoded => {
      const open = arrays ? '['.repeat(levels) : '{"a":'.repeat(levels);
      const inner = `${open}1${(arrays ? ']' : '}').repeat(levels)}`;
      const base = v && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : '{}';
      const text = `${base.slice(0, -1)}${base === '{}' ? '' : ','}"nested":${inner}}`;
      return {
        bytes: Buffer.from(text),
        headers: { 'content-type': 'application/json' },
        tags: ['deep', `depth:${levels}`],
      };
    });
  // A body that claims a compression it does not have, or is cut short.
  const corrupt = fc
    .tuple(json, fc.constantFrom('gzip', 'deflate', 'br'), fc.boolean())
    .map(([v, encoding, truncated]): Encoded => {
      const text = Buffer.from(JSON.stringify(v) ?? 'null');
      const bytes = truncated ? zlib.gzipSync(text).subarray(0, 12) : text;
      return {
        bytes,
        headers: { 'content-type': 'application/json', 'content-encoding': truncated ? 'gzip' : encoding },
        tags: ['corrupt-encoding'],
      };
    });
  return fc.oneof(
    { weight: 40, arbitrary: asJson },
    { weight: 2, arbitrary: broken },
    { weight: 2, arbitrary: badBytes },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: corrupt },
    ...(op.csv ? [{ weight: 4, arbitrary: csv }] : []),
  );
}

/** Requests for every operation of the OpenAPI document. */
export function requestArbitrary(fixture: Fixture, ops: Operation[] = operations()): fc.Arbitrary<FuzzRequest> {
  const perOp = ops.map((op) =>
    fc
      .constantFrom(...fixture.worlds)
      .chain((world) =>
        fc.tuple(pathFor(op, fixture, world), queryFor(op, fixture), headersFor(fixture, world), wireFor(op, fixture)),
      )
      .map(([path, query, headers, wire]): FuzzRequest => {
        const write = op.method !== 'GET';
        return {
          op: op.key,
          method: op.method,
          url: path.path + query,
          headers: { ...headers, ...(write ? wire.headers : {}) },
          body: write ? wire.bytes : undefined,
          tags: [...path.tags, ...(write ? wire.tags : [])],
        };
      }),
  );
  return fc.oneof(...perOp);
}

// ---- what every answer must be ------------------------------------------------------------------------------------

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** 5xx answers that are contract, not failure: a capability the pack lacks, the SDK bundle not built here. */
const EXPECTED_5XX = new Set(['501 CAPABILITY_NOT_SUPPORTED', '503 sdk_not_built']);

/** Why this answer breaks the rules (no 5xx, the error envelope on every error, no stack trace), or null. */
export function violation(a: Answer): string | null {
  let body: unknown = null;
  const json = a.contentType.startsWith('application/json');
  if (json) {
    try {
      body = JSON.parse(a.text);
    } catch {
      return `${a.status} with a body that is not JSON`;
    }
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; status?: unknown } } | null)?.error;
  if (a.status >= 500 && !EXPECTED_5XX.has(`${a.status} ${String(error?.code)}`))
    return `${a.status} ${String(error?.code ?? '')}`;
  if (a.status >= 400) {
    if (!json) return `${a.status} answered ${a.contentType || 'no content type'}, not the JSON error envelope`;
    if (!error || typeof error.code !== 'string' || !error.code || typeof error.message !== 'string')
      return `${a.status} without the error envelope`;
    if (error.status !== a.status) return `${a.status} with error.status ${String(error.status)}`;
  }
  if (/\bat [\w.<>$]+ \(|node:internal|node_modules\//.test(a.text))
    return `${a.status} with a stack trace in the body`;
  return null;
}

export async function send(url: string, req: FuzzRequest): Promise<Answer> {
  const res = await fetch(url + req.url, { method: req.method, headers: req.headers, body: req.body });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text };
}

/** A request as a one-line description for a report (the body cut short). */
export function describeRequest(req: FuzzRequest): string {
  const body = req.body ? req.body.toString('utf8').slice(0, 300) : '';
  const headers = Object.entries(req.headers)
    .filter(([k]) => k !== 'authorization')
    .map(([k, v]) => `${k}: ${v.slice(0, 60)}`)
    .join('; ');
  return `${req.method} ${req.url.slice(0, 300)} [${headers}] ${body}`;
}

// ---- known crashers -----------------------------------------------------------------------------------------------

export interface KnownCrasher {
  name: string;
  /** The issue item that fixes it (on another branch). */
  item: string;
  /** Does a generated request fall into this case? */
  matches: (req: FuzzRequest) => boolean;
  /**
   * For a crasher that poisons state: requests that fail later because a matching request went before (the
   * long run counts their 5xx under this entry once a matching request has been sent).
   */
  aftermath?: RegExp;
  /** Concrete requests that crash today, sent in order; the last answer must pass `violation`. */
  example: (fixture: Fixture) => FuzzRequest[];
}

const partner = (f: Fixture) => ({ authorization: `Bearer ${f.worlds[0].bearers[0]}` });
const json = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'x-governance-reason': REASON,
  ...extra,
});
const inAu = (f: Fixture, tail: string) => `/v1/tenants/${f.worlds[0].params.tenantId[0]}${tail}`;

/**
 * Requests that once answered 5xx, each with the issue item that fixed it: the fast slice sends their examples as
 * regression tests. `SKIP_LIST` holds any the fuzzers must leave out while a fix is pending (none today).
 */
export const FIXED_CRASHERS: KnownCrasher[] = [
  {
    name: 'JSON nested ~3,000 levels deep in a pass-through body overflows the stack (500)',
    item: 'item 14: limit JSON depth and make every body walk linear',
    matches: (req) => req.tags.includes('deep'),
    example: (f) => [
      {
        op: 'POST /v1/tenants/{tenantId}/employees',
        method: 'POST',
        url: inAu(f, '/employees'),
        headers: { ...partner(f), ...json() },
        body: Buffer.from(`{"first_name":"A","last_name":"B","nested":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`),
        tags: ['deep'],
      },
    ],
  },
  {
    name: 'a corrupt or truncated gzip, deflate or br body answers 500',
    item: 'item 15: malformed input answers 4xx in the envelope',
    matches: (req) => req.tags.includes('corrupt-encoding'),
    example: (f) => [
      {
        op: 'POST /v1/partners/tenants',
        method: 'POST',
        url: '/v1/partners/tenants',
        headers: { ...partner(f), ...json({ 'content-encoding': 'gzip' }) },
        body: Buffer.from('this is not gzip'),
        tags: ['corrupt-encoding'],
      },
    ],
  },
  {
    name: 'a bad percent-escape in a path segment (/v1/packs/%ZZ) answers 500',
    item: 'item 15: malformed input answers 4xx in the envelope',
    matches: (req) => req.tags.includes('bad-escape'),
    example: () => [
      { op: 'GET /v1/packs/{packCode}', method: 'GET', url: '/v1/packs/%ZZ', headers: {}, tags: ['bad-escape'] },
    ],
  },
  {
    name: 'a server-owned field (account_enc) sent through a pass-through body is stored; the payment file then answers 500',
    item: 'item 10: server-owned fields are refused with 400',
    matches: (req) => req.tags.includes('server-owned'),
    aftermath: /payment-file|super-batch|payslips/,
    example: (f) => {
      const [au] = f.worlds;
      const finalised = au.params.payRunId[0];
      return [
        {
          op: 'PATCH /v1/tenants/{tenantId}/employees/{employeeId}/bank-accounts',
          method: 'PATCH',
          url: inAu(f, `/employees/${au.params.employeeId[0]}/bank-accounts`),
          headers: { ...partner(f), ...json() },
          body: Buffer.from('{"account_enc":"not-a-sealed-value"}'),
          tags: ['server-owned'],
        },
        {
          op: 'POST /v1/tenants/{tenantId}/pay-runs/{payRunId}/payment-file',
          method: 'POST',
          url: inAu(f, `/pay-runs/${finalised}/payment-file`),
          headers: { ...partner(f), ...json() },
          body: Buffer.from('{}'),
          tags: [],
        },
      ];
    },
  },
];

export const SKIP_LIST: KnownCrasher[] = [];
export const knownCrasherOf = (req: FuzzRequest) => SKIP_LIST.find((k) => k.matches(req)) ?? null;
