// What the SDK build ships (the tests' own build, dist/test-sdk): a self-contained full bundle whose
// sample data, German text, the shifts form and the new-run form are chunks loaded on demand, per-element entries sharing one Lit chunk,
// compressed copies, an SRI hash for every file, a custom-elements manifest that validates and types
// its events, and declarations that a TSX page type-checks against.
import { test, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import type { CustomElementDeclaration, JavaScriptModule, Package } from 'custom-elements-manifest';
import { ensureTestSdk, TEST_SDK_DIR } from '../helpers/test-sdk.ts';
import { COMPONENTS } from '../../vite.config.ts';
import { DEFAULT_SDK_DIR } from '../../api/config.ts';
import { eventDetails } from '../../scripts/sdk-build/manifest.ts';
import { BUDGET_ALL, sizeTable, type Graph } from '../../scripts/sdk-build/sizes.ts';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FULL = 'payrail-components.js';
const read = (f: string) => fs.readFileSync(path.join(TEST_SDK_DIR, f));
const text = (f: string) => read(f).toString('utf8');
const files = () =>
  fs
    .readdirSync(TEST_SDK_DIR, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(TEST_SDK_DIR, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
/** Static `import … from "x"` / `import "x"` and dynamic `import("x")` specifiers of a minified module. */
const imports = (src: string) => ({
  static: [
    ...src.matchAll(/(?:^|[;}\s])(?:import|export)[^"'();]*?from\s*["']([^"']+)["']|import\s*["']([^"']+)["']/g),
  ].map((m) => m[1] ?? m[2]),
  dynamic: [...src.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
});

let cem: Package;
let elements: CustomElementDeclaration[];
before(() => {
  ensureTestSdk(() => undefined);
  cem = JSON.parse(text('custom-elements.json'));
  elements = (cem.modules as JavaScriptModule[]).flatMap((m) =>
    (m.declarations ?? []).filter((d): d is CustomElementDeclaration => !!(d as CustomElementDeclaration).tagName),
  );
});

describe('the SDK build', () => {
  test('the full bundle is one file; sample data, German text, the shifts form, the new-run form and the figures from before Payrail are chunks it imports only on demand', () => {
    const full = text(FULL);
    const { static: eager, dynamic } = imports(full);
    assert.deepEqual(eager, [], 'the full bundle imports nothing up front');
    assert.equal(dynamic.length, 5, `on-demand chunks: ${dynamic.join(', ')}`);
    const [de, sample, shifts, openings] = ['de', 'sample', 'shifts', 'openings'].map((n) =>
      dynamic.find((d) => d.startsWith(`./components/${n}-`))!,
    );
    assert.ok(de && sample && shifts && openings, dynamic.join(', '));
    assert.ok(!full.includes('Jahresbeitragsbemessungsgrenze') && text(openings.slice(2)).includes('Lohnkonto'));
    // German text and sample figures are in their chunks, not in the bundle.
    assert.ok(!full.includes('Lohnläufe') && text(de.slice(2)).includes('Lohnläufe'));
    assert.ok(!full.includes('Nordlicht Logistik GmbH') && text(sample.slice(2)).includes('Nordlicht Logistik GmbH'));
    assert.ok(full.includes('Pay runs'), 'the English text is in the bundle');
  });

  test('the per-element entries share one Lit chunk and one foundation chunk', () => {
    const scripts = files().filter((f) => /^components\/[^/]+\.js$/.test(f));
    const lit = scripts.filter((f) => /^components\/lit-[0-9a-f]+\.js$/.test(f));
    assert.equal(lit.length, 1, `one Lit chunk: ${lit.join(', ')}`);
    // Lit's own code (its version registry) is in that chunk only.
    const withLit = scripts.filter((f) => text(f).includes('litElementVersions'));
    assert.deepEqual(withLit, lit);
    for (const name of [...COMPONENTS, 'provider']) {
      const entry = `components/${name}.js`;
      assert.ok(scripts.includes(entry), entry);
      const deps = imports(text(entry)).static;
      assert.ok(deps.includes(`./${lit[0].slice('components/'.length)}`), `${entry} imports ${lit[0]}`);
      assert.ok(
        deps.some((d) => /^\.\/core-[0-9a-f]+\.js$/.test(d)),
        `${entry} imports the foundation chunk: ${deps.join(', ')}`,
      );
      assert.ok(!text(entry).includes('Lohnläufe') && !text(entry).includes('Nordlicht Logistik GmbH'), entry);
    }
    // Every chunk name is one the API serves (lower-case, hex hash).
    for (const f of scripts) assert.match(f, /^components\/[a-z0-9-]+\.js$/);
  });

  test('every served file has brotli and gzip copies that decode to the same bytes (unless too small to shrink)', () => {
    const all = files();
    const served = all.filter((f) => /\.(js|json)$/.test(f) && f !== 'integrity.json');
    assert.ok(served.length > 10);
    for (const f of served) {
      if (read(f).length >= 1024) assert.ok(all.includes(`${f}.br`) && all.includes(`${f}.gz`), f);
      if (all.includes(`${f}.br`)) assert.deepEqual(brotliDecompressSync(read(`${f}.br`)), read(f), `${f}.br`);
      if (all.includes(`${f}.gz`)) assert.deepEqual(gunzipSync(read(`${f}.gz`)), read(f), `${f}.gz`);
    }
    assert.ok(read(`${FULL}.br`).length < read(FULL).length / 3, 'brotli shrinks the bundle');
  });

  test('integrity.json has the SRI hash of every file of the build', () => {
    const record = JSON.parse(text('integrity.json'));
    const expected = files().filter((f) => !/\.(br|gz)$/.test(f) && f !== 'integrity.json');
    assert.deepEqual(Object.keys(record.files).sort(), expected);
    for (const f of expected)
      assert.equal(record.files[f], `sha384-${createHash('sha384').update(read(f)).digest('base64')}`, f);
    assert.equal(record.file, FULL);
    assert.equal(record.integrity, record.files[FULL]);
  });

  test('custom-elements.json validates against the custom-elements-manifest schema', () => {
    const schema = JSON.parse(fs.readFileSync(require.resolve('custom-elements-manifest/schema.json'), 'utf8'));
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    assert.ok(validate(cem), JSON.stringify(validate.errors, null, 2));
    assert.equal(cem.schemaVersion, '2.1.0');
  });

  test("package.json's customElements names the manifest `npm run build` writes, and the build leaves it so", () => {
    // Read after a build: the analyzer rewrites the field to wherever it is told the manifest goes.
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.equal(path.resolve(ROOT, pkg.customElements), path.join(DEFAULT_SDK_DIR, 'custom-elements.json'));
  });

  test('the manifest describes every element at its built file: typed events, attributes, parts, CSS properties', () => {
    const tags = elements.map((d) => d.tagName).sort();
    assert.deepEqual(tags, [...COMPONENTS, 'provider'].map((n) => `payrail-${n}`).sort());
    const details = eventDetails();
    for (const mod of cem.modules as JavaScriptModule[]) {
      assert.ok(fs.existsSync(path.join(TEST_SDK_DIR, mod.path)), `${mod.path} is a built file`);
      for (const e of mod.exports ?? [])
        assert.ok(fs.existsSync(path.join(TEST_SDK_DIR, e.declaration.module!)), e.declaration.module);
      const defined = (mod.exports ?? []).filter((e) => e.kind === 'custom-element-definition').map((e) => e.name);
      for (const d of (mod.declarations ?? []) as CustomElementDeclaration[])
        if (d.tagName) assert.deepEqual(defined, [d.tagName, d.tagName.replace('payrail-', 'prl-')], mod.path);
    }
    for (const d of elements) {
      for (const e of d.events ?? []) assert.equal(e.type?.text, `CustomEvent<${details.get(e.name!)}>`, e.name);
      const attrs = (d.attributes ?? []).map((a) => a.name);
      for (const a of ['lang', 'country', 'api-url', 'tenant-id', 'embed-token'])
        assert.ok(attrs.includes(a), `${d.tagName}: ${a}`);
      const fields = (d.members ?? []).map((m) => m.name);
      for (const f of ['embedToken', 'tokenProvider', 'strings']) assert.ok(fields.includes(f), `${d.tagName}: ${f}`);
      assert.ok(
        (d.members ?? []).every((m) => (m.privacy ?? 'public') === 'public'),
        `${d.tagName}: only public members`,
      );
      assert.ok(
        d.members!.some((m) => m.kind === 'method' && m.name === 'define'),
        `${d.tagName}: define()`,
      );
      const props = (d.cssProperties ?? []).map((p) => p.name);
      assert.ok(props.includes('--payrail-primary'), `${d.tagName}: theme properties`);
    }
    const byTag = (t: string) => elements.find((d) => d.tagName === t)!;
    const parts = (t: string) => (byTag(t).cssParts ?? []).map((p) => p.name);
    const events = (t: string) => Object.fromEntries((byTag(t).events ?? []).map((e) => [e.name, e.type?.text]));
    assert.deepEqual(events('payrail-pay-runs-list'), {
      // A preparer starts a new run from the list: it hands the write to the page like every form.
      'payrail-cancel': `CustomEvent<${details.get('payrail-cancel')}>`,
      'payrail-save': `CustomEvent<${details.get('payrail-save')}>`,
      'payrail-error': 'CustomEvent<ApiErrorBody & SampleFlag>',
      'payrail-load': 'CustomEvent<{ sample: boolean }>',
      'payrail-session-expired': 'CustomEvent<ApiErrorBody>',
      'payrail-view-pay-run': 'CustomEvent<{ id: string; tenant_id?: string } & SampleFlag>',
    });
    assert.equal(
      events('payrail-chart')['payrail-chart-select'],
      'CustomEvent<{ index: number; label: string; value: number | string; series: string } & SampleFlag>',
    );
    for (const p of ['link', 'load-more-button', 'retry-button'])
      assert.ok(parts('payrail-pay-runs-list').includes(p), p);
    for (const p of ['action-button', 'link']) assert.ok(parts('payrail-pay-run-detail').includes(p), p);
    for (const p of ['action-button', 'load-more-button']) assert.ok(parts('payrail-employees-list').includes(p), p);
    for (const p of ['tile', 'tile-value', 'tile-label', 'chart', 'chart-plot', 'chart-legend'])
      assert.ok(parts('payrail-dashboard').includes(p), `dashboard exports ${p}`);
  });

  test('declarations: HTMLElementTagNameMap for both prefixes and JSX typings for React 19 for every element', () => {
    const react = text('react.d.ts');
    const declared = [...react.matchAll(/^\s+'((?:payrail|prl)-[a-z-]+)': /gm)].map((m) => m[1]).sort();
    const expected = elements.flatMap((d) => [d.tagName!, d.tagName!.replace('payrail-', 'prl-')]).sort();
    assert.deepEqual(declared, expected);
    for (const name of [...COMPONENTS, 'provider']) {
      const types = text(`types/${name}/define.d.ts`);
      assert.match(types, new RegExp(`'payrail-${name}': \\w+;`));
      assert.match(types, new RegExp(`'prl-${name}': \\w+;`));
      assert.ok(fs.existsSync(path.join(TEST_SDK_DIR, `components/${name}.d.ts`)), `components/${name}.d.ts`);
    }
    assert.match(text('types/internal/events.d.ts'), /interface GlobalEventHandlersEventMap extends PayrailEvents/);
  });

  test('a React 19 page in TSX and a plain DOM page type-check against the shipped declarations', () => {
    const tsc = require.resolve('typescript/bin/tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tests/types/tsconfig.json')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  });

  test('the size check passes a bundle within the budget (gzip) projected to 33 components and fails one past it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-size-'));
    const log = console.log;
    try {
      const graph: Graph = {
        files: { [FULL]: { imports: [], dynamicImports: [], entry: true } },
        // Mostly shared code, a little of each of 8 elements: the projection adds 25 more elements.
        fullModules: { '/r/components/internal/a.ts': 900, '/r/components/chart/chart.ts': 100 },
      };
      const check = (bytes: number) => {
        // Random bytes do not compress, so gzip size ≈ file size.
        fs.writeFileSync(path.join(dir, FULL), randomBytes(bytes));
        const lines: string[] = [];
        console.log = (...a: unknown[]) => lines.push(a.join(' '));
        try {
          return { ok: sizeTable(dir, graph, 'test', 8), out: lines.join('\n') };
        } finally {
          console.log = log;
        }
      };
      const small = check(20 * 1024);
      assert.equal(small.ok, true, small.out);
      assert.match(small.out, /projection: .* within the 84\.5 KB budget/);
      // 50 KB now: 45 KB shared + 33 × 0.6 KB projected ≈ 65 KB, within.
      assert.equal(check(50 * 1024).ok, true);
      // 70 KB now: 63 KB shared + 33 × 0.9 KB ≈ 91 KB, over, though the bundle alone is under the budget.
      const over = check(70 * 1024);
      assert.equal(over.ok, false, over.out);
      assert.match(over.out, /OVER the 84\.5 KB budget/);
      assert.equal(check(BUDGET_ALL + 1024).ok, false);
    } finally {
      console.log = log;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
