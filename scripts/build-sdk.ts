// Builds the SDK: the full bundle and the per-element entries with their shared chunks, type
// declarations (with JSX typings for React), the custom-elements manifest, gzip and brotli copies of
// every served file, the SRI record of every file and a size table against the performance budget.
//
// The output goes to PAYRAIL_SDK_DIR (default dist/sdk), the directory the API serves. It is built
// next to it first and swapped in only when complete, so a running server never serves a half-written
// build; the tests build their own directory (tests/helpers/test-sdk.ts) and never touch this one.
import { build, type Plugin } from 'vite';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { dirname, join, relative, resolve } from 'node:path';
import { COMPONENTS, elementsConfig, FULL, fullConfig } from '../vite.config.ts';
import { sdkDirFrom } from '../api/config.ts';
import { manifest } from './sdk-build/manifest.ts';
import { declarations, reactTypings } from './sdk-build/typings.ts';
import { sizeTable, type Graph } from './sdk-build/sizes.ts';

const ROOT = resolve(import.meta.dirname, '..');
const VERSION = /VERSION = '([^']+)'/.exec(readFileSync(join(ROOT, 'components/version.ts'), 'utf8'))![1];

const TARGET = sdkDirFrom();
const OUT_DIR = `${TARGET}.build-${process.pid}`;

/** What each build wrote: static and dynamic imports per file, and the full bundle's own modules. */
const graph: Graph = { files: {}, fullModules: {} };
const record = (full: boolean): Plugin => ({
  name: 'payrail-record-graph',
  generateBundle(_o, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      graph.files[chunk.fileName] = {
        imports: chunk.imports,
        dynamicImports: chunk.dynamicImports,
        entry: chunk.isEntry,
      };
      if (full && chunk.isEntry)
        for (const [id, m] of Object.entries(chunk.modules)) graph.fullModules[id] = m.renderedLength;
    }
  },
});

async function bundles(): Promise<void> {
  const full = fullConfig(OUT_DIR, true);
  full.plugins!.push(record(true));
  await build(full);
  const elements = elementsConfig(OUT_DIR);
  elements.plugins!.push(record(false));
  await build(elements);
}

/** Every file under the build directory, relative to it, with `/` separators. */
function listFiles(dir = OUT_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => relative(OUT_DIR, join(d.parentPath, d.name)).split('\\').join('/'))
    .sort();
}

/**
 * Gzip and brotli copies of every file the API serves (scripts and JSON), at the highest levels: the
 * API and the BFF pick one by Accept-Encoding. A copy that would not be smaller is not written.
 */
function precompress(files: string[]): void {
  for (const f of files.filter((x) => /\.(js|json)$/.test(x))) {
    const raw = readFileSync(join(OUT_DIR, f));
    const gz = gzipSync(raw, { level: 9 });
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    if (gz.length < raw.length) writeFileSync(join(OUT_DIR, `${f}.gz`), gz);
    if (br.length < raw.length) writeFileSync(join(OUT_DIR, `${f}.br`), br);
  }
}

const sri = (f: string) =>
  `sha384-${createHash('sha384')
    .update(readFileSync(join(OUT_DIR, f)))
    .digest('base64')}`;

/** Replaces the target directory with the finished build (two renames: never a partial directory). */
function publish() {
  mkdirSync(dirname(TARGET), { recursive: true });
  const old = `${TARGET}.old-${process.pid}`;
  if (existsSync(TARGET)) renameSync(TARGET, old);
  renameSync(OUT_DIR, TARGET);
  rmSync(old, { recursive: true, force: true });
}

// Interrupted (npm start stopping its background build, Ctrl-C): leave no half-built directory behind.
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => {
    rmSync(OUT_DIR, { recursive: true, force: true });
    process.exit(128 + (sig === 'SIGINT' ? 2 : 15));
  });

try {
  await bundles();
  const cem = await manifest(graph);
  copyFileSync(join(ROOT, 'components/README.md'), join(OUT_DIR, 'README.md'));
  writeFileSync(join(OUT_DIR, 'custom-elements.json'), `${JSON.stringify(cem, null, 2)}\n`);
  declarations(OUT_DIR);
  writeFileSync(join(OUT_DIR, 'react.d.ts'), reactTypings(cem));
  const files = listFiles();
  precompress(files);
  const integrity = Object.fromEntries(files.map((f) => [f, sri(f)]));
  // Written last: the API takes its presence to mean the build is complete. `file` and `integrity`
  // are the full bundle's, as before; `files` has every file of the build (not the compressed copies,
  // which are encodings of the same bytes and which SRI never sees).
  writeFileSync(
    join(OUT_DIR, 'integrity.json'),
    `${JSON.stringify({ version: VERSION, file: FULL, integrity: integrity[FULL], files: integrity }, null, 2)}\n`,
  );
  const withinBudget = sizeTable(OUT_DIR, graph, VERSION, COMPONENTS.length);
  publish();
  const shown = relative(ROOT, TARGET).startsWith('..') ? TARGET : relative(ROOT, TARGET);
  const scripts = files.filter((f) => f.endsWith('.js')).length;
  console.log(`wrote ${shown}/{${scripts} scripts, type declarations, custom-elements.json, integrity.json}`);
  if (!withinBudget) process.exitCode = 1;
} finally {
  rmSync(OUT_DIR, { recursive: true, force: true });
}
