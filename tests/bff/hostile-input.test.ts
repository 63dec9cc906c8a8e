// The BFF meets hostile browsers too: its session cookie is checked in constant time, and broken cookies,
// malformed JSON and absurdly nested bodies get a JSON error (or are passed on), never a 500 or a crash.
import { test, before, after, describe, mock } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { startTestBff, signIn, closedPort, PRIYA, type RunningBff, json } from './support.ts';

let bff: RunningBff;

before(async () => {
  bff = await startTestBff({ apiUrl: `http://127.0.0.1:${await closedPort()}` });
});
after(async () => {
  await bff.close();
});

const me = async (cookie: string) => {
  const res = await fetch(`${bff.url}/bff/me`, { headers: { cookie } });
  return { status: res.status, body: await json(res) };
};

describe('the host session cookie', () => {
  test('its MAC is compared with crypto.timingSafeEqual on equal-length buffers', async () => {
    const good = await signIn(bff.url, PRIYA);
    const [id, mac] = decodeURIComponent(good.slice('host_session='.length)).split('.');
    const forgedMac = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const spy = mock.method(crypto, 'timingSafeEqual');
    try {
      assert.equal((await me(`host_session=${encodeURIComponent(`${id}.${forgedMac}`)}`)).body.data.user, null);
      const macCalls = spy.mock.calls.filter(({ arguments: [a, b] }) =>
        [a, b].some((x) => Buffer.from(x as Uint8Array).toString() === forgedMac),
      );
      assert.equal(macCalls.length, 1);
      const [a, b] = macCalls[0].arguments as [Uint8Array, Uint8Array];
      assert.equal(a.byteLength, b.byteLength);
    } finally {
      spy.mock.restore();
    }
    assert.equal((await me(good)).body.data.user.id, PRIYA);
  });

  test('a cookie with a broken percent-escape, extra segments or a short MAC counts as signed out', async () => {
    const good = await signIn(bff.url, PRIYA);
    for (const cookie of ['host_session=%E0%A4%A', 'host_session=%', `${good}.extra`, `${good.slice(0, -3)}`]) {
      const r = await me(cookie);
      assert.equal(r.status, 200, cookie);
      assert.equal(r.body.data.user, null, cookie);
    }
    const session = await fetch(`${bff.url}/bff/session`, { method: 'POST', headers: { cookie: 'host_session=%' } });
    assert.equal(session.status, 401);
  });
});

describe('malformed bodies', () => {
  test('malformed JSON to sign-in is 400 in the JSON error envelope, without a stack', async () => {
    const res = await fetch(`${bff.url}/bff/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"user_id": ',
    });
    const text = await res.text();
    assert.equal(res.status, 400, text);
    const body = JSON.parse(text);
    assert.equal(body.error.status, 400);
    assert.equal(body.error.code, 'bad_request');
    assert.doesNotMatch(text, /node_modules|\bat [\w.]+ \(/);
  });

  test('a deeply nested body with a non-Latin-1 host reason does not take the BFF down', async () => {
    const cookie = await signIn(bff.url, PRIYA);
    const deep = '{"a":'.repeat(150_000) + '1' + '}'.repeat(150_000);
    const res = await fetch(`${bff.url}/api/v1/tenants/harbour-coffee/pay-runs`, {
      method: 'POST',
      headers: {
        cookie,
        origin: bff.url,
        'content-type': 'application/json',
        'x-host-governance-reason': encodeURIComponent('Lohnlauf – März'),
      },
      body: deep,
    });
    assert.equal(res.status, 502, 'the API is down in this test; the BFF itself is still answering');
    assert.equal((await json(res)).error.code, 'bad_gateway');
    assert.equal((await fetch(`${bff.url}/bff/users`)).status, 200);
  });
});
