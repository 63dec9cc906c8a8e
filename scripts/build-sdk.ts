// Builds the SDK bundles, then writes the custom-elements manifest, the SRI record for the
// full bundle and a size table against the performance budget.
//
// The output goes to PAYRAIL_SDK_DIR (default dist/sdk), the directory the API serves. It is built
// next to it first and swapped in only when complete, so a running server never serves a half-written
// build; the tests build their own directory (tests/helpers/test-sdk.ts) and never touch this one.
import { build } from 'vite';
import ts from 'typescript';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative, resolve } from 'node:path';
import { COMPONENTS, sdkConfig } from '../vite.config.ts';
import { sdkDirFrom } from '../api/config.ts';

const ROOT = resolve(import.meta.dirname, '..');
const VERSION = /VERSION = '([^']+)'/.exec(readFileSync(join(ROOT, 'components/version.ts'), 'utf8'))![1];
const FULL = 'payrail-components.js';
// DESIGN.md: all 33 components together, minified and gzipped with Lit, within 80 KB.
const BUDGET_ALL = 80 * 1024;
const PLANNED = 33;

const TARGET = sdkDirFrom();
const OUT_DIR = `${TARGET}.build-${process.pid}`;

/** Rendered bytes per source module of the full bundle: shared (Lit, foundation) or one element's own. */
const owned = { shared: 0, components: 0 };

async function bundles(): Promise<string[]> {
  const full = sdkConfig('components/index.ts', FULL, OUT_DIR, true);
  full.plugins!.push({
    name: 'payrail-size-split',
    generateBundle(_o, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, m] of Object.entries(chunk.modules)) {
          const own = COMPONENTS.some((c) => id.includes(`/components/${c}/`));
          owned[own ? 'components' : 'shared'] += m.renderedLength;
        }
      }
    },
  });
  await build(full);
  const files = [FULL];
  for (const name of COMPONENTS) {
    const file = `components/${name}.js`;
    await build(sdkConfig(`components/${name}/define.ts`, file, OUT_DIR));
    files.push(file);
  }
  return files;
}

// ---- custom-elements.json (schema 2.0.0) from the classes' JSDoc and decorators ----

type Doc = { name: string; description?: string };
type Decl = {
  kind: 'class';
  name: string;
  tag?: string;
  summary?: string;
  description: string;
  superclass?: { name: string };
  attributes: object[];
  members: object[];
  events: object[];
  cssParts: Doc[];
  cssProperties: Doc[];
  slots: Doc[];
};
const text = (c: string | ts.NodeArray<ts.JSDocComment> | undefined) =>
  (typeof c === 'string' ? c : (ts.getTextOfJSDocComment(c) ?? '')).trim();
const splitTag = (s: string): Doc => {
  const m = /^(\S+)\s*(?:-\s*)?([\s\S]*)$/.exec(s.trim());
  return { name: m?.[1] ?? s, ...(m?.[2] ? { description: m[2].trim() } : {}) };
};

function describeClass(file: string): Decl[] {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const out: Decl[] = [];
  src.forEachChild((node) => {
    if (!ts.isClassDeclaration(node) || !node.name) return;
    const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
    const tags = docs.flatMap((d) => d.tags ?? []);
    const tagged = (k: string) => tags.filter((t) => t.tagName.text === k).map((t) => splitTag(text(t.comment)));
    const attributes: Record<string, unknown>[] = [];
    const members: Record<string, unknown>[] = [];
    let tag: string | undefined;
    for (const m of node.members) {
      if (!ts.isPropertyDeclaration(m) || !ts.isIdentifier(m.name)) continue;
      const name = m.name.text;
      const isStatic = m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword);
      if (isStatic && name === 'tag' && m.initializer && ts.isStringLiteral(m.initializer)) tag = m.initializer.text;
      const deco = ts
        .getDecorators(m)
        ?.find((d) => ts.isCallExpression(d.expression) && d.expression.expression.getText() === 'property');
      if (!deco) continue;
      const opts = (deco.expression as ts.CallExpression).arguments[0];
      let attribute: string | false = name.toLowerCase();
      if (opts && ts.isObjectLiteralExpression(opts)) {
        for (const p of opts.properties) {
          if (ts.isPropertyAssignment(p) && p.name.getText() === 'attribute') {
            attribute =
              p.initializer.kind === ts.SyntaxKind.FalseKeyword ? false : (p.initializer as ts.StringLiteral).text;
          }
        }
      }
      const description =
        ts
          .getJSDocCommentsAndTags(m)
          .filter(ts.isJSDoc)
          .map((d) => text(d.comment))
          .join(' ') || undefined;
      const init = m.initializer;
      const inferred = !init
        ? undefined
        : ts.isNumericLiteral(init)
          ? 'number'
          : ts.isStringLiteralLike(init)
            ? 'string'
            : init.kind === ts.SyntaxKind.TrueKeyword || init.kind === ts.SyntaxKind.FalseKeyword
              ? 'boolean'
              : undefined;
      const type = m.type ? { text: m.type.getText() } : inferred ? { text: inferred } : undefined;
      const dflt = m.initializer?.getText();
      members.push({
        kind: 'field',
        name,
        privacy: 'public',
        type,
        default: dflt,
        description,
        ...(attribute ? { attribute } : {}),
      });
      if (attribute) attributes.push({ name: attribute, fieldName: name, type, default: dflt, description });
    }
    const heritage = node.heritageClauses?.[0]?.types[0]?.expression.getText();
    out.push({
      kind: 'class',
      name: node.name.text,
      tag,
      summary: tagged('summary')[0]
        ? `${tagged('summary')[0].name} ${tagged('summary')[0].description ?? ''}`.trim()
        : undefined,
      description: docs
        .map((d) => text(d.comment))
        .join('\n')
        .trim(),
      superclass: heritage ? { name: heritage } : undefined,
      attributes,
      members,
      events: tagged('event').map((e) => ({ ...e, type: { text: 'CustomEvent' } })),
      cssParts: tagged('csspart'),
      cssProperties: tagged('cssproperty'),
      slots: tagged('slot'),
    });
  });
  return out;
}

function manifest() {
  const base = describeClass(join(ROOT, 'components/internal/payrail-element.ts'))[0];
  const inherited = { name: 'PayrailElement', module: 'components/internal/payrail-element.ts' };
  const modules = ['provider', ...COMPONENTS].map((name) => {
    const path = `components/${name}/${name}.ts`;
    const declarations = describeClass(join(ROOT, path)).map(({ tag, ...d }) => ({
      ...d,
      tagName: `payrail-${tag}`,
      customElement: true,
      attributes: [...d.attributes, ...base.attributes.map((a) => ({ ...a, inheritedFrom: inherited }))],
      members: [...d.members, ...base.members.map((a) => ({ ...a, inheritedFrom: inherited }))],
      cssProperties: [...d.cssProperties, ...base.cssProperties],
      superclass: { name: 'PayrailElement', module: inherited.module },
    }));
    const exports = declarations.flatMap((d) => [
      { kind: 'js', name: d.name, declaration: { name: d.name, module: path } },
      { kind: 'custom-element-definition', name: d.tagName, declaration: { name: d.name, module: path } },
      {
        kind: 'custom-element-definition',
        name: d.tagName.replace(/^payrail-/, 'prl-'),
        declaration: { name: d.name, module: path },
      },
    ]);
    return { kind: 'javascript-module', path, declarations, exports };
  });
  return { schemaVersion: '2.0.0', readme: '', modules };
}

// ---- sizes ----

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function sizeTable(files: string[]) {
  const budget = (BUDGET_ALL * COMPONENTS.length) / PLANNED;
  const rows = files.map((f) => {
    const buf = readFileSync(join(OUT_DIR, f));
    return { f, min: buf.length, gz: gzipSync(buf, { level: 9 }).length };
  });
  const w = Math.max(...files.map((f) => f.length));
  console.log(`\nPayrail SDK ${VERSION}: ${COMPONENTS.length} of ${PLANNED} components`);
  console.log(`${'bundle'.padEnd(w)}  ${'minified'.padStart(10)}  ${'gzip'.padStart(9)}`);
  for (const r of rows) console.log(`${r.f.padEnd(w)}  ${kb(r.min).padStart(10)}  ${kb(r.gz).padStart(9)}`);
  const full = rows[0];
  console.log(
    `\nbudget: ${kb(BUDGET_ALL)} gzip for ${PLANNED} components → ${kb(budget)} pro rata for ${COMPONENTS.length}`,
  );
  console.log(
    `${FULL}: ${kb(full.gz)} gzip, ${full.gz <= budget ? 'within' : 'over'} the pro-rata budget (${((full.gz / budget) * 100).toFixed(0)} %)`,
  );
  // Lit, the client, sample data and the message catalogue are paid once, not per element, so
  // the pro-rata figure overstates the cost of the remaining elements. Project instead: shared
  // code once plus the average element's own code for each of the planned elements.
  const ratio = full.gz / (owned.shared + owned.components);
  const shared = owned.shared * ratio,
    each = (owned.components * ratio) / COMPONENTS.length;
  const projected = shared + each * PLANNED;
  console.log(
    `projection: shared ${kb(shared)} + ${PLANNED} × ${kb(each)} per element = ${kb(projected)} gzip, ${projected <= BUDGET_ALL ? 'within' : 'OVER'} the ${kb(BUDGET_ALL)} budget`,
  );
  return projected <= BUDGET_ALL;
}

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
  const files = await bundles();
  writeFileSync(join(OUT_DIR, 'custom-elements.json'), `${JSON.stringify(manifest(), null, 2)}\n`);
  const integrity = `sha384-${createHash('sha384')
    .update(readFileSync(join(OUT_DIR, FULL)))
    .digest('base64')}`;
  // Written last: the API takes its presence to mean the build is complete.
  writeFileSync(
    join(OUT_DIR, 'integrity.json'),
    `${JSON.stringify({ version: VERSION, file: FULL, integrity }, null, 2)}\n`,
  );
  // The projection is the enforced check; the pro-rata line is shown for comparison.
  const withinBudget = sizeTable(files);
  publish();
  const shown = relative(ROOT, TARGET).startsWith('..') ? TARGET : relative(ROOT, TARGET);
  console.log(`wrote ${shown}/{${files.length} bundles, custom-elements.json, integrity.json}`);
  if (!withinBudget) process.exitCode = 1;
} finally {
  rmSync(OUT_DIR, { recursive: true, force: true });
}
