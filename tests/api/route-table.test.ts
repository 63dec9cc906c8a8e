import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { allRoutes } from '../../api/routes/index.ts';
import { routeKey } from '../../api/http/route.ts';
import { routeTable } from '../../api/http/route-table.ts';

// Every declared route is reached by a path of its own shape, with its parameters decoded: a literal segment
// (`…/employees/validate`) wins over a parameter in the same place, and `{id}.pdf` over `{id}`.
describe('the route table', () => {
  const routes = allRoutes();
  const app = express();
  app.use(routeTable(routes, (r) => (req, res) => res.json({ route: routeKey(r.method, r.path), params: req.params })));
  app.use((_req, res) => res.status(418).json({ route: null }));
  const server = app.listen(0);
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  after(() => server.close());

  test('each route is found by a path of its own shape, its parameters decoded', async () => {
    for (const r of routes) {
      const names: string[] = [];
      const path = r.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        names.push(name);
        return `${name}%20${names.length}`;
      });
      const res = await fetch(base() + path, { method: r.method.toUpperCase() });
      assert.equal(res.status, 200, `${r.method} ${path}`);
      const body = (await res.json()) as { route: string; params: Record<string, string> };
      assert.equal(body.route, routeKey(r.method, r.path));
      assert.deepEqual(body.params, Object.fromEntries(names.map((n, i) => [n, `${n} ${i + 1}`])));
    }
  });

  test('a path or method no route has falls through to what follows', async () => {
    assert.equal((await fetch(base() + '/v1/no-such-thing')).status, 418);
    assert.equal((await fetch(base() + '/v1/packs', { method: 'DELETE' })).status, 418);
  });
});
