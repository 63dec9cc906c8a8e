// A pay run moved through the BFF against the real API, as the host page does it: the host user's own
// token, the host's reason turned into the governance reason, and the API's segregation of duties.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, PRIYA, MARCUS, SAM, type RunningBff, json } from './support.ts';

let api: LiveApi;
let bff: RunningBff;
const cookies: Record<string, string> = {};

before(async () => {
  api = await startLiveApi();
  bff = await startTestBff({ apiUrl: api.url, partnerKey: api.partnerKey });
  for (const u of [PRIYA, MARCUS, SAM]) cookies[u] = await signIn(bff.url, u);
});
after(async () => {
  await bff.close();
  await api.close();
});

/** A write as the host page sends it: same-origin (so with its Origin), no Authorization of its own. */
async function act(user: string, action: string, reason?: string) {
  const res = await fetch(`${bff.url}/api/v1/tenants/harbour-coffee/pay-runs/${api.draftPayRun.au}/${action}`, {
    method: 'POST',
    headers: {
      cookie: cookies[user],
      origin: bff.url,
      'content-type': 'application/json',
      ...(reason ? { 'x-host-governance-reason': encodeURIComponent(reason) } : {}),
    },
    body: '{}',
  });
  return { status: res.status, body: await json(res) };
}

const evidence = async (id: string) =>
  (
    await json(
      await fetch(`${api.url}/v1/tenants/harbour-coffee/governance/evidence/${id}`, {
        headers: { authorization: `Bearer ${api.partnerKey}` },
      }),
    )
  ).data;

test("the seeded AU draft goes preview → approve → finalise through the proxy, each step with the host user's role and reason", async () => {
  const preview = await act(PRIYA, 'preview', 'Timesheets imported and checked');
  assert.equal(preview.status, 200, JSON.stringify(preview.body));
  assert.equal(preview.body.data.pay_run.status, 'previewed');

  const viewer = await act(SAM, 'approve', 'Looks fine to me');
  assert.equal(viewer.status, 403, 'a viewer may not approve');
  const preparer = await act(PRIYA, 'approve', 'Approving my own run');
  assert.equal(preparer.status, 403, 'a preparer may not approve their own run');
  assert.match(preparer.body.error.message, /preparer/);

  const silent = await act(MARCUS, 'approve');
  assert.equal(silent.status, 400);
  assert.equal(silent.body.error.code, 'governance_reason_required');

  const reason = 'Totals match the roster export – approved';
  const approve = await act(MARCUS, 'approve', reason);
  assert.equal(approve.status, 200, JSON.stringify(approve.body));
  const record = await evidence(approve.body.evidence_id);
  assert.equal(record.governance_reason, reason, "the host's reason is bound into the evidence record");
  assert.equal(record.actor.user_id, MARCUS);
  assert.equal(record.actor.role, 'approver');

  const finalise = await act(MARCUS, 'finalise', 'Paying on Tuesday');
  assert.equal(finalise.status, 200, JSON.stringify(finalise.body));
  assert.equal((await evidence(finalise.body.evidence_id)).governance_reason, 'Paying on Tuesday');

  const run = await json(
    await fetch(`${bff.url}/api/v1/tenants/harbour-coffee/pay-runs/${api.draftPayRun.au}`, {
      headers: { cookie: cookies[SAM] },
    }),
  );
  assert.equal(run.data.status, 'finalised');
});

test("a write through the proxy with the host token but no Origin is refused by the API's origin binding", async () => {
  const res = await fetch(`${bff.url}/api/v1/tenants/harbour-coffee/pay-runs/${api.draftPayRun.au}/preview`, {
    method: 'POST',
    headers: { cookie: cookies[PRIYA], 'content-type': 'application/json', 'x-host-governance-reason': 'No origin' },
    body: '{}',
  });
  assert.equal(res.status, 403);
  assert.ok((await json(res)).error.message);
});
