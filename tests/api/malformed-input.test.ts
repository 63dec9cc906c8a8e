// Hostile or broken request input: deeply nested JSON, corrupt compressed bodies, bad percent-escapes and
// malformed JSON all answer a 4xx in the error envelope — never a 500, never a stack.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';

let api: TestApi;
let tenantId: string;

before(async () => {
  api = await startTestApi();
  tenantId = (await api.call('POST', '/v1/partners/tenants', { body: { name: 'Edge Co' } })).body.data.tenant.id;
});
after(async () => {
  await api.close();
});

const objects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** The governance verify route takes any object body: nothing but the depth limit stands between it and the walks. */
const verify = (raw: string, headers: Record<string, string> = {}) =>
  api.call('POST', `/v1/tenants/${tenantId}/governance/verify`, {
    raw,
    headers: { 'content-type': 'application/json', ...headers },
  });

function assertEnvelope(r: Reply, status: number, code?: string) {
  assert.equal(r.status, status, r.text.slice(0, 300));
  assert.ok(r.body?.error, `no error envelope: ${r.text.slice(0, 300)}`);
  assert.equal(r.body.error.status, status);
  if (code) assert.equal(r.body.error.code, code);
  assert.equal(typeof r.body.error.message, 'string');
  assert.doesNotMatch(r.text, /\bat [\w.<>]+ \(|node:internal|node_modules/, 'no stack in the body');
}

const errorLogsSince = (n: number) => api.logs.slice(n).filter((l) => JSON.parse(l).level >= 50);

describe('JSON depth', () => {
  test('a body nested 32 levels deep is accepted', async () => {
    const r = await verify(`{"x":${objects(31)}}`);
    assert.equal(r.status, 200, r.text.slice(0, 300));
  });

  test('a body nested 33 levels deep is 400 bad_request naming the depth limit', async () => {
    const r = await verify(`{"x":${objects(32)}}`);
    assertEnvelope(r, 400, 'bad_request');
    assert.match(r.body.error.message, /32/);
    assert.equal(r.body.error.errors[0].path, '(body)');
  });

  test('3,000 and 200,000 levels (objects or arrays, with an Idempotency-Key) answer 400, not 500', async () => {
    const before = api.logs.length;
    for (const raw of [`{"x":${objects(3000)}}`, `{"x":${arrays(200_000)}}`, arrays(500_000)]) {
      const r = await verify(raw, { 'idempotency-key': `deep-${raw.length}` });
      assertEnvelope(r, 400, 'bad_request');
    }
    const deepGovernedWrite = await api.call('POST', `/v1/tenants/${tenantId}/employees`, {
      raw: `{"first_name":"A","last_name":"B","custom":${objects(3000)}}`,
      headers: { 'content-type': 'application/json' },
      reason: REASON,
    });
    assertEnvelope(deepGovernedWrite, 400, 'bad_request');
    assert.deepEqual(errorLogsSince(before), []);
  });

  test('brackets inside strings do not count as depth', async () => {
    const r = await verify(JSON.stringify({ x: '{'.repeat(100) + '['.repeat(100) }));
    assert.equal(r.status, 200, r.text.slice(0, 300));
  });

  test('the depth limit also holds for a gzip-compressed body', async () => {
    const res = await fetch(`${api.url}/v1/tenants/${tenantId}/governance/verify`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${api.partner.key}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      body: zlib.gzipSync(`{"x":${objects(3000)}}`),
    });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as any).error.code, 'bad_request');
  });
});

describe('malformed input never answers 500', () => {
  const post = (body: Buffer | string, encoding: string) =>
    fetch(`${api.url}/v1/partners/tenants`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${api.partner.key}`,
        'content-type': 'application/json',
        'content-encoding': encoding,
      },
      body,
    });

  for (const encoding of ['gzip', 'deflate', 'br']) {
    test(`a corrupt ${encoding} body is 400 bad_request in the envelope, with no error-level log`, async () => {
      const before = api.logs.length;
      const res = await post(Buffer.from('this is not compressed at all'), encoding);
      const text = await res.text();
      const r = { status: res.status, body: JSON.parse(text), headers: res.headers, text };
      assertEnvelope(r, 400, 'bad_request');
      assert.deepEqual(errorLogsSince(before), []);
    });
  }

  test('a truncated gzip body is 400', async () => {
    const whole = zlib.gzipSync(JSON.stringify({ name: 'Truncated Co' }));
    const res = await post(whole.subarray(0, whole.length - 6), 'gzip');
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as any).error.code, 'bad_request');
  });

  test('an unknown content encoding is 415 in the envelope', async () => {
    const res = await post('{}', 'x-rot13');
    assert.equal(res.status, 415);
    const body = (await res.json()) as any;
    assert.equal(body.error.status, 415);
    assert.equal(body.error.code, 'unsupported_media_type');
  });

  test('a JSON body in another charset than UTF-8 is 415', async () => {
    const res = await fetch(`${api.url}/v1/partners/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.partner.key}`, 'content-type': 'application/json; charset=utf-16' },
      body: Buffer.from(JSON.stringify({ name: 'Wide Co' }), 'utf16le'),
    });
    assert.equal(res.status, 415);
    assert.equal(((await res.json()) as any).error.code, 'unsupported_media_type');
  });

  test('a valid gzip body still works', async () => {
    const res = await post(zlib.gzipSync(JSON.stringify({ name: 'Zipped Co' })), 'gzip');
    assert.equal(res.status, 201);
  });

  test('bad percent-escapes in the path are 400 bad_request, with no error-level log', async () => {
    const before = api.logs.length;
    for (const p of ['/v1/packs/%ZZ', `/v1/tenants/%E0%A4%A/employees`, `/v1/tenants/${tenantId}/employees/%`]) {
      const r = await api.call('GET', p);
      assertEnvelope(r, 400, 'bad_request');
    }
    assert.deepEqual(errorLogsSince(before), []);
  });

  test('a NUL character in the path, the query or a JSON string is 400 bad_request on either store', async () => {
    const before = api.logs.length;
    for (const p of [`/v1/tenants/%00/company/bank`, `/v1/tenants/${tenantId}/employees?q=a%00b`]) {
      const r = await api.call('GET', p);
      assertEnvelope(r, 400, 'bad_request');
    }
    const hire = await api.call('POST', `/v1/tenants/${tenantId}/employees`, {
      body: { first_name: 'Nul\u0000', last_name: 'Byte' },
      reason: REASON,
    });
    assertEnvelope(hire, 400, 'bad_request');
    assert.deepEqual(errorLogsSince(before), []);
  });

  test('malformed JSON is 400 bad_request with a (body) field error', async () => {
    for (const raw of ['{"name": ', '{"name": "x"}}', '\u0000', 'nul']) {
      const r = await api.call('POST', '/v1/partners/tenants', {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      assertEnvelope(r, 400, 'bad_request');
      assert.equal(r.body.error.errors[0].path, '(body)');
    }
  });

  test('a body over 1 MB is 413 payload_too_large', async () => {
    const r = await api.call('POST', '/v1/partners/tenants', {
      raw: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    assertEnvelope(r, 413, 'payload_too_large');
  });
});
