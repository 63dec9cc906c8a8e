// The SDK bundle routes serve the configured SDK directory (PAYRAIL_SDK_DIR): a complete build is
// served with its cache rules, and any file that is not there (no build yet, or no such bundle) is a
// JSON 404, never a 5xx.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { SDK_VERSION } from '../../components/version.ts';
import { DEFAULT_SDK_DIR, loadConfig, sdkDirFrom } from '../../api/config.ts';

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
    const integrityFile = { version: 'test', file: 'payrail-components.js', integrity: 'sha384-test' };
    fs.writeFileSync(path.join(dir, 'integrity.json'), `${JSON.stringify(integrityFile)}\n`);

    const alias = await api.call('GET', '/sdk/v1/payrail-components.js', { key: null });
    assert.equal(alias.status, 200);
    assert.equal(alias.text, 'export const all = 1;\n');
    assert.match(alias.headers.get('content-type')!, /^text\/javascript/);
    assert.equal(alias.headers.get('cache-control'), 'public, max-age=300');

    const exact = await api.call('GET', `${V}/components/chart.js`, { key: null });
    assert.equal(exact.status, 200);
    assert.equal(exact.text, 'export const chart = 1;\n');
    assert.equal(exact.headers.get('cache-control'), 'public, max-age=31536000, immutable');

    const integrity = await api.call('GET', `${V}/integrity.json`, { key: null });
    assert.deepEqual(integrity.body, integrityFile);

    const missing = await api.call('GET', `${V}/components/no-such-element.js`, { key: null });
    notFoundEnvelope(missing, 'missing component bundle');
    assert.match(missing.body.error.message, /no-such-element\.js/);
    assert.equal(missing.headers.get('cache-control'), null);
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
