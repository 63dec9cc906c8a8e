// The fast slice of the fuzzer (the long run is `npm run test:fuzz`): a few hundred requests generated from the
// OpenAPI document — every operation, its path and query parameters, headers, and bodies from its request schema,
// valid-ish and mutated — against the real app. No answer may be a 5xx (other than 501 CAPABILITY_NOT_SUPPORTED),
// every error answer carries the envelope, and the server is healthy afterwards. A failure prints the seed and the
// shrunk request; FUZZ_SEED=<seed> replays it. Requests that once crashed the server (FIXED_CRASHERS) are sent as
// regression tests at the end.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import fc from 'fast-check';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import {
  buildFixture,
  describeRequest,
  FIXED_CRASHERS,
  knownCrasherOf,
  requestArbitrary,
  send,
  violation,
  type Fixture,
} from '../fuzz/support.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

let api: TestApi;
let fixture: Fixture;
before(async () => {
  api = await startTestApi({ clock: new ManualClock(new Date('2026-11-21T09:00:00.000Z')) });
  fixture = await buildFixture(api);
});
after(async () => {
  await api.close();
});

const errorLogs = () => api.logs.filter((l) => JSON.parse(l).level >= 50);

describe('requests generated from the OpenAPI document', () => {
  test(`${RUNS} requests: no 5xx, the error envelope on every error answer`, async (t) => {
    t.diagnostic(`seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
    const seen = new Set<string>();
    let skipped = 0;
    await fc.assert(
      fc.asyncProperty(requestArbitrary(fixture), async (req) => {
        if (knownCrasherOf(req)) {
          skipped++;
          return;
        }
        seen.add(req.op);
        const answer = await send(api.url, req);
        const v = violation(answer);
        if (v) throw new Error(`${v}\n  request: ${describeRequest(req)}\n  answer: ${answer.text.slice(0, 300)}`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    t.diagnostic(`${seen.size} operations reached; ${skipped} requests on the skip list left out`);
    assert.deepEqual(
      errorLogs().map((l) => JSON.parse(l).msg),
      [],
      'no error-level log line',
    );
  });

  test('the server is healthy afterwards: health, a read and a write', async () => {
    assert.equal((await fetch(`${api.url}/health`)).status, 200);
    assert.equal((await api.call('GET', '/v1/partners/tenants?limit=1')).status, 200);
    assert.equal((await api.call('POST', '/v1/partners/tenants', { body: { name: 'After The Fuzz' } })).status, 201);
  });

  test('what the HTTP parser refuses gets the envelope too: oversized headers 431, a malformed request 400', async () => {
    const big = await fetch(`${api.url}/v1/packs?x=${'y'.repeat(20_000)}`);
    assert.equal(big.status, 431);
    assert.deepEqual(((await big.json()) as { error: unknown }).error, {
      code: 'request_header_fields_too_large',
      message: 'The request line and headers are too large.',
      status: 431,
    });
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(api.url).port), '127.0.0.1', () => socket.write('GARBAGE\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400 /);
    assert.match(raw, /content-type: application\/json/i);
    assert.equal(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).error.status, 400);
  });
});

// Last: the examples may leave state behind (the item 10 one seals garbage into an employee's bank details).
describe('requests that once answered 5xx now answer in the envelope', () => {
  for (const crasher of FIXED_CRASHERS) {
    test(`${crasher.name}, fixed by ${crasher.item}`, async () => {
      const requests = crasher.example(fixture);
      let last = null;
      for (const req of requests) last = await send(api.url, req);
      assert.equal(violation(last!), null, last!.text.slice(0, 300));
    });
  }
});
