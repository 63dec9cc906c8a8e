// The BFF in front of several API instances: requests take turns, an instance that is down or dies mid-answer is
// passed over, and every proxied write carries an Idempotency-Key so that the retry on the next instance replays
// what the failed one may have committed.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, closedPort, PRIYA, type RunningBff } from './support.ts';

let api: LiveApi;
/** An instance that takes each request in and dies before answering it (the connection is cut). */
let dying: Server;
let dyingUrl: string;
const cut: { url: string; headers: IncomingHttpHeaders }[] = [];

before(async () => {
  api = await startLiveApi();
  dying = http.createServer((req, res) => {
    cut.push({ url: req.url!, headers: req.headers });
    req.resume();
    req.on('end', () => res.socket?.destroy());
  });
  await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', () => resolve()));
  dyingUrl = `http://127.0.0.1:${(dying.address() as { port: number }).port}`;
});
after(async () => {
  await new Promise<void>((resolve) => dying.close(() => resolve()));
  await api.close();
});

describe('several API instances behind the BFF', () => {
  test('with one instance refusing connections, every request is answered by the other', async () => {
    let bff: RunningBff | null = null;
    try {
      bff = await startTestBff({
        apiUrl: `http://127.0.0.1:${await closedPort()},${api.url}`,
        partnerKey: api.partnerKey,
      });
      const cookie = await signIn(bff.url, PRIYA);
      for (let i = 0; i < 4; i++) {
        const r = await fetch(`${bff.url}/api/v1/tenants/harbour-coffee/pay-runs`, { headers: { cookie } });
        assert.equal(r.status, 200, await r.text());
      }
    } finally {
      await bff?.close();
    }
  });

  test('a write cut off by a dying instance is sent to the next with the same Idempotency-Key, and happens once', async () => {
    let bff: RunningBff | null = null;
    try {
      bff = await startTestBff({ apiUrl: `${dyingUrl},${api.url}`, partnerKey: api.partnerKey });
      const cookie = await signIn(bff.url, PRIYA);
      const run = api.draftPayRun.au;
      const previews = async () => {
        const r = await fetch(
          `${api.url}/v1/tenants/${api.tenants.au}/governance/audit-trail?action=pay_run.previewed&resource=${run}&limit=200`,
          { headers: { authorization: `Bearer ${api.partnerKey}` } },
        );
        return ((await r.json()) as { data: unknown[] }).data.length;
      };
      const before = await previews();
      const write = () =>
        fetch(`${bff!.url}/api/v1/tenants/harbour-coffee/pay-runs/${run}/preview`, {
          method: 'POST',
          headers: {
            cookie,
            origin: bff!.url,
            'content-type': 'application/json',
            'x-host-governance-reason': 'Checking the totals',
          },
          body: '{}',
        });
      // The host user's token is minted first (the dying instance fails that and rests a moment); then the writes.
      assert.equal(
        (await fetch(`${bff.url}/api/v1/tenants/harbour-coffee/pay-runs`, { headers: { cookie } })).status,
        200,
      );
      await new Promise((r) => setTimeout(r, 2_100));
      cut.length = 0;
      // The turn goes round: of two writes, one starts on the dying instance and is finished by the other.
      const answers = await Promise.all([write(), write()]);
      for (const r of answers) assert.equal(r.status, 200, await r.text());
      const writes = cut.filter((c) => c.url.endsWith('/preview'));
      assert.ok(writes.length >= 1, 'a write reached the dying instance');
      for (const w of writes) assert.match(String(w.headers['idempotency-key']), /^bff_[0-9a-f-]{36}$/);
      assert.equal((await previews()) - before, 2, 'two writes, two previews: none made twice');
    } finally {
      await bff?.close();
    }
  });
});
