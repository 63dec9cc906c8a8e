// The SDK bundle routes serve the configured SDK directory (PAYRAIL_SDK_DIR): a complete build is
// served with its cache rules, compressed as the client's Accept-Encoding allows from the copies the
// build writes, and any file that is not there (no build yet, or no such bundle) is a JSON 404, never a 5xx.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { SDK_VERSION } from '../../components/version.ts';
import { DEFAULT_SDK_DIR, loadConfig, sdkDirFrom } from '../../api/config.ts';
import { acceptedEncodings } from '../../api/routes/sdk.ts';

const V = `/sdk/v${SDK_VERSION}`;
let dir: string;
let api: TestApi;
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-sdk-'));
  api = await startTestApi({ config: { sdkDir: dir } });
});
after(async () => {
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const notFoundEnvelope = (r: { status: number; headers: Headers; body: any }, what: string) => {
  assert.equal(r.status, 404, what);
  assert.match(r.headers.get('content-type') ?? '', /application\/json/, what);
  assert.equal(r.body.error.code, 'not_found', what);
  assert.equal(r.body.error.status, 404, what);
  assert.equal(typeof r.body.error.message, 'string', what);
};

describe('SDK bundles', () => {
  test('PAYRAIL_SDK_DIR chooses the directory; without it the API serves dist/sdk', () => {
    assert.equal(loadConfig({}).sdkDir, DEFAULT_SDK_DIR);
    assert.equal(DEFAULT_SDK_DIR, path.resolve(import.meta.dirname, '..', '..', 'dist', 'sdk'));
    assert.equal(sdkDirFrom({ PAYRAIL_SDK_DIR: '/srv/payrail/sdk' }), '/srv/payrail/sdk');
    assert.equal(sdkDirFrom({ PAYRAIL_SDK_DIR: 'build/sdk' }), path.resolve('build/sdk'));
  });

  test('before any build every bundle path is a JSON 404 saying the SDK is not built; /health is unaffected', async () => {
    for (const p of [
      '/sdk/payrail-components.js',
      '/sdk/v1/payrail-components.js',
      `${V}/payrail-components.js`,
      `${V}/integrity.json`,
      `${V}/components/chart.js`,
    ]) {
      const r = await api.call('GET', p, { key: null });
      notFoundEnvelope(r, p);
      assert.match(r.body.error.message, /not been built/, p);
    }
    assert.equal((await api.call('GET', '/health', { key: null })).status, 200);
  });

  test('a built SDK is served from the directory with its cache rules; a missing bundle is a JSON 404', async () => {
    fs.mkdirSync(path.join(dir, 'components'));
    fs.writeFileSync(path.join(dir, 'payrail-components.js'), 'export const all = 1;\n');
    fs.writeFileSync(path.join(dir, 'components', 'chart.js'), 'export const chart = 1;\n');
    const integrity = { version: 'test', file: 'payrail-components.js', integrity: 'sha384-x', files: {} };
    fs.writeFileSync(path.join(dir, 'integrity.json'), `${JSON.stringify(integrity)}\n`);

    const alias = await api.call('GET', '/sdk/v1/payrail-components.js', { key: null });
    assert.equal(alias.status, 200);
    assert.equal(alias.text, 'export const all = 1;\n');
    assert.match(alias.headers.get('content-type')!, /^text\/javascript/);
    assert.equal(alias.headers.get('cache-control'), 'public, max-age=300');

    const exact = await api.call('GET', `${V}/components/chart.js`, { key: null });
    assert.equal(exact.status, 200);
    assert.equal(exact.text, 'export const chart = 1;\n');
    assert.equal(exact.headers.get('cache-control'), 'public, max-age=31536000, immutable');

    const served = await api.call('GET', `${V}/integrity.json`, { key: null });
    assert.deepEqual(served.body, integrity);

    const missing = await api.call('GET', `${V}/components/no-such-element.js`, { key: null });
    notFoundEnvelope(missing, 'missing component bundle');
    assert.match(missing.body.error.message, /no-such-element\.js/);
    assert.equal(missing.headers.get('cache-control'), null);
  });

  test('Accept-Encoding chooses brotli, then gzip, else the plain file; q=0 refuses and * stands for the rest', () => {
    const cases: [string | undefined, string[]][] = [
      [undefined, []],
      ['', []],
      ['identity', []],
      ['gzip, deflate, br', ['br', 'gzip']],
      ['gzip', ['gzip']],
      ['br;q=0, gzip;q=0.5', ['gzip']],
      ['*', ['br', 'gzip']],
      ['br;q=0, *;q=0.1', ['gzip']],
      ['GZIP ; Q=1', ['gzip']],
      ['*;q=0', []],
    ];
    for (const [header, expected] of cases) assert.deepEqual([...acceptedEncodings(header)], expected, String(header));
  });

  test('bundles and chunks are served compressed from the .br and .gz copies the build writes, with Vary', async () => {
    const source = `export const chunk = '${'payroll '.repeat(400)}';\n`;
    const chunk = path.join(dir, 'components', 'lit-0123abcd.js');
    fs.writeFileSync(chunk, source);
    fs.writeFileSync(`${chunk}.br`, brotliCompressSync(source));
    fs.writeFileSync(`${chunk}.gz`, gzipSync(source));
    const full = path.join(dir, 'payrail-components.js');
    fs.writeFileSync(`${full}.br`, brotliCompressSync(fs.readFileSync(full)));
    fs.writeFileSync(`${full}.gz`, gzipSync(fs.readFileSync(full)));

    for (const [p, cache] of [
      [`${V}/components/lit-0123abcd.js`, 'public, max-age=31536000, immutable'],
      ['/sdk/v1/components/lit-0123abcd.js', 'public, max-age=300'],
      ['/sdk/components/lit-0123abcd.js', 'public, max-age=300'],
    ]) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const r = await api.call('GET', p, { key: null, headers: { 'accept-encoding': accept } });
        assert.equal(r.status, 200, `${p} ${accept}`);
        assert.equal(r.headers.get('content-encoding'), encoding, `${p} ${accept}`);
        assert.equal(r.text, source, `${p} ${accept}: the same script once decoded`);
        assert.equal(r.headers.get('vary'), 'Accept-Encoding', `${p} ${accept}`);
        assert.equal(r.headers.get('cache-control'), cache, p);
        assert.match(r.headers.get('content-type')!, /^text\/javascript/);
      }
    }
    for (const p of ['/sdk/payrail-components.js', '/sdk/v1/payrail-components.js', `${V}/payrail-components.js`]) {
      const r = await api.call('GET', p, { key: null, headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(r.headers.get('content-encoding'), 'br', p);
      assert.equal(r.text, 'export const all = 1;\n', p);
    }
    // Each encoding has its own validator, and a matching If-None-Match is a 304 without a body.
    const first = await fetch(`${api.url}/sdk/v1/components/lit-0123abcd.js`, { headers: { 'accept-encoding': 'br' } });
    const gzipped = await fetch(`${api.url}/sdk/v1/components/lit-0123abcd.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[\w-]+"$/);
    assert.notEqual(gzipped.headers.get('etag'), etag);
    // (node:http, because fetch marks a conditional request no-cache, which a server must answer in full)
    const again = await new Promise<{ status: number; body: string }>((resolve, reject) =>
      http
        .get(
          `${api.url}/sdk/v1/components/lit-0123abcd.js`,
          { headers: { 'accept-encoding': 'br', 'if-none-match': etag } },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        )
        .on('error', reject),
    );
    assert.deepEqual(again, { status: 304, body: '' });

    // A file the build left uncompressed (chart.js has no copies here) goes out as it is.
    const plain = await api.call('GET', `${V}/components/chart.js`, {
      key: null,
      headers: { 'accept-encoding': 'br' },
    });
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.equal(plain.text, 'export const chart = 1;\n');

    const missing = await api.call('GET', '/sdk/v1/components/nothing-here.js', { key: null });
    notFoundEnvelope(missing, 'missing chunk under the v1 alias');
    const bad = await api.call('GET', '/sdk/components/..%2Fintegrity.json', { key: null });
    assert.equal(bad.status, 400);
  });
});

describe('the demo page and its themes', () => {
  test('GET /sdk-demo is the gallery page; the example themes are CSS; an unknown theme is a JSON 404', async () => {
    const page = await api.call('GET', '/sdk-demo', { key: null });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(page.text, /payrail/i);
    for (const theme of ['theme-light.css', 'theme-dark.css']) {
      const css = await api.call('GET', `/sdk/v1/themes/${theme}`, { key: null });
      assert.equal(css.status, 200, theme);
      assert.match(css.headers.get('content-type') ?? '', /text\/css/, theme);
      assert.match(css.text, /--payrail-primary/, theme);
    }
    const font = await api.call('GET', '/sdk/v1/themes/inter-latin.woff2', { key: null });
    assert.equal(font.status, 200);
    assert.equal(font.headers.get('content-type'), 'font/woff2');
    const unknown = await api.call('GET', '/sdk/v1/themes/theme-neon.css', { key: null });
    assert.equal(unknown.status, 400, 'only the example themes are served');
    assert.equal(unknown.body.error.code, 'bad_request');
  });

  test('GET /sdk-demo/session on a server without demo data is a JSON 404 that says so', async () => {
    const r = await api.call('GET', '/sdk-demo/session', { key: null });
    assert.equal(r.status, 404);
    assert.match(r.body.error.message, /no sandbox demo data/);
  });
});
