// Cursor signatures are compared in constant time, and only an exact `body.signature` cursor is accepted.
import { test, before, after, describe, mock } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { startTestApi, type TestApi } from '../helpers/api.ts';

let api: TestApi;
let cursor: string;

before(async () => {
  api = await startTestApi();
  for (const name of ['One Co', 'Two Co', 'Three Co'])
    assert.equal((await api.call('POST', '/v1/partners/tenants', { body: { name } })).status, 201);
  cursor = (await api.call('GET', '/v1/partners/tenants?limit=1')).body.next_cursor;
  assert.ok(cursor);
});
after(async () => {
  await api.close();
});

const page = (c: string) => api.call('GET', `/v1/partners/tenants?limit=1&cursor=${encodeURIComponent(c)}`);

describe('cursor signatures', () => {
  test('the signature is checked with crypto.timingSafeEqual on equal-length buffers', async () => {
    const [body, sig] = cursor.split('.');
    const forged = `${body}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const spy = mock.method(crypto, 'timingSafeEqual');
    try {
      assert.equal((await page(forged)).status, 400);
      const signatureCalls = spy.mock.calls.filter(({ arguments: [a, b] }) =>
        [a, b].some((x) => Buffer.from(x as Uint8Array).toString() === forged.split('.')[1]),
      );
      assert.equal(signatureCalls.length, 1, 'the forged signature went through timingSafeEqual');
      const [a, b] = signatureCalls[0].arguments as [Uint8Array, Uint8Array];
      assert.equal(a.byteLength, b.byteLength);
    } finally {
      spy.mock.restore();
    }
    assert.equal((await page(cursor)).status, 200);
  });

  test('signatures of another length, extra segments and empty parts are 400, never 500', async () => {
    const [body, sig] = cursor.split('.');
    for (const bad of [
      `${body}.${sig}x`,
      `${body}.${sig.slice(1)}`,
      `${cursor}.extra`,
      `.${sig}`,
      `${body}.`,
      '.',
      '..',
    ]) {
      const r = await page(bad);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.error.code, 'bad_request');
    }
  });
});
