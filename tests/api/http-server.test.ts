// The API's HTTP server (api/http/http-server.ts): requests and responses reach Express already built with the
// app's prototypes, so Express has nothing to change on them; everything else about serving is as before.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { listenApi } from '../../api/http/http-server.ts';

const app = express();
app.get('/hello', (req, res) => {
  // Express's own request and response methods work on them.
  res.status(201).json({ path: req.path, query: req.query, host: req.hostname });
});
const server = await listenApi(app, 0, '127.0.0.1');
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const born: { request: boolean; response: boolean }[] = [];
// Registered before Express's own listener: it sees the objects as Node built them.
server.prependListener('request', (req, res) => {
  born.push({
    request: Object.getPrototypeOf(req) === app.request,
    response: Object.getPrototypeOf(res) === app.response,
  });
});

test('requests and responses are born with the app prototypes and served by Express as usual', async () => {
  born.length = 0;
  const res = await fetch(`${base}/hello?x=1`);
  assert.equal(res.status, 201);
  assert.deepEqual(await res.json(), { path: '/hello', query: { x: '1' }, host: '127.0.0.1' });
  assert.deepEqual(born, [{ request: true, response: true }]);
});

test('keep-alive connections carry several requests', async () => {
  born.length = 0;
  for (let i = 0; i < 3; i++) assert.equal((await fetch(`${base}/hello`)).status, 201);
  assert.equal(born.length, 3);
  assert.ok(born.every((b) => b.request && b.response));
});

test('a request Node cannot parse still gets the JSON error envelope', async () => {
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1', () =>
      socket.write('NOT HTTP AT ALL\r\n\r\n'),
    );
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  assert.match(reply, /^HTTP\/1\.1 400 /);
  assert.match(reply, /"code":"bad_request"/);
});

test('a port already in use is an error, not a hang', async () => {
  const port = (server.address() as AddressInfo).port;
  await assert.rejects(listenApi(app, port, '127.0.0.1'), { code: 'EADDRINUSE' });
});
