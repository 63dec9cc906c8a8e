import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { allRoutes } from '../../api/routes/index.ts';
import { openApi } from '../helpers/contract.ts';

describe('the OpenAPI document describes every answer', () => {
  test('every route declares its success answer with a schema (or a file content type)', () => {
    const missing = allRoutes()
      .filter((r) => !r.response || !(r.response.data || r.response.list || r.response.body || r.response.contentType))
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    assert.deepEqual(missing, [], `routes without a described answer:\n${missing.join('\n')}`);
  });

  test('every operation documents the error envelope for 4xx answers and a non-empty success schema', () => {
    for (const [p, ops] of Object.entries(openApi.paths)) {
      for (const [method, op] of Object.entries(ops as Record<string, { responses: Record<string, any> }>)) {
        const statuses = Object.keys(op.responses);
        const ok = statuses.filter((s) => s.startsWith('2'));
        assert.ok(ok.length, `${method} ${p} documents no success`);
        for (const s of ok) {
          const content = op.responses[s].content ?? {};
          const json = content['application/json']?.schema;
          assert.ok(
            Object.keys(content).length && (!json || Object.keys(json.properties?.data ?? json).length),
            `${method} ${p} ${s} has an empty schema`,
          );
        }
        for (const s of statuses.filter((x) => x.startsWith('4')))
          assert.equal(op.responses[s].content['application/json'].schema.$ref, '#/components/schemas/Error');
      }
    }
  });

  test('pay-run steps that change a run answer 200, creations 201', () => {
    const paths = openApi.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const T = '/v1/tenants/{tenantId}/pay-runs/{payRunId}';
    for (const step of ['preview', 'approve', 'finalise', 'void'])
      assert.ok(paths[`${T}/${step}`].post.responses['200'], `${step} answers 200`);
    assert.ok(paths['/v1/tenants/{tenantId}/pay-runs'].post.responses['201']);
  });
});
