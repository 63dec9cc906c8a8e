// The SDK through the BFF: bundles reach the browser compressed exactly as the API chose from the
// browser's Accept-Encoding (the BFF passes the bytes on, it does not decode them), with the API's
// cache rules and Vary; a missing file keeps the API's JSON 404.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { SDK_VERSION } from '../../components/version.ts';
import { startTestBff, type RunningBff } from './support.ts';

let dir: string;
let api: TestApi;
let bff: RunningBff;
const source = `export const bundle = '${'payslip '.repeat(500)}';\n`;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-bff-sdk-'));
  fs.mkdirSync(path.join(dir, 'components'));
  for (const f of ['payrail-components.js', 'components/core-0123abcd.js']) {
    fs.writeFileSync(path.join(dir, f), source);
    fs.writeFileSync(path.join(dir, `${f}.br`), brotliCompressSync(source));
    fs.writeFileSync(path.join(dir, `${f}.gz`), gzipSync(source));
  }
  fs.writeFileSync(
    path.join(dir, 'integrity.json'),
    JSON.stringify({ version: SDK_VERSION, file: 'payrail-components.js', integrity: 'sha384-x', files: {} }),
  );
  api = await startTestApi({ config: { sdkDir: dir } });
  bff = await startTestBff({ apiUrl: api.url });
});
after(async () => {
  await bff.close();
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A GET as a browser sends it, with the raw bytes of the answer (undecoded). */
function get(p: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(bff.url + p, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the SDK through the BFF', () => {
  test('is relayed brotli- or gzip-compressed as the browser accepts, byte for byte, with Vary and caching', async () => {
    for (const [p, cache] of [
      ['/sdk/v1/payrail-components.js', 'public, max-age=300'],
      [`/sdk/v${SDK_VERSION}/components/core-0123abcd.js`, 'public, max-age=31536000, immutable'],
      ['/sdk/v1/components/core-0123abcd.js', 'public, max-age=300'],
    ]) {
      const br = await get(p, 'gzip, deflate, br');
      assert.equal(br.status, 200, p);
      assert.equal(br.headers['content-encoding'], 'br', p);
      assert.equal(brotliDecompressSync(br.body).toString(), source, p);
      assert.ok(br.body.length < source.length / 4, `${p}: ${br.body.length} bytes, compressed`);
      assert.equal(br.headers.vary, 'Accept-Encoding', p);
      assert.equal(br.headers['cache-control'], cache, p);
      assert.match(br.headers['content-type']!, /^text\/javascript/, p);
      assert.ok(br.headers.etag, `${p}: a validator for revalidation`);

      const gz = await get(p, 'gzip');
      assert.equal(gz.headers['content-encoding'], 'gzip', p);
      assert.equal(gunzipSync(gz.body).toString(), source, p);

      const plain = await get(p);
      assert.equal(plain.headers['content-encoding'], undefined, p);
      assert.equal(plain.body.toString(), source, p);
    }
  });

  test('a file that is not there keeps the JSON 404 of the API', async () => {
    const r = await get('/sdk/v1/components/nothing-here.js', 'br');
    assert.equal(r.status, 404);
    assert.match(r.headers['content-type']!, /application\/json/);
    assert.equal(JSON.parse(r.body.toString()).error.code, 'not_found');
  });
});
