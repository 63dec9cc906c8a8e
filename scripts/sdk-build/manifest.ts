// custom-elements.json: made by @custom-elements-manifest/analyzer (with its Lit support) from the
// element classes' decorators and JSDoc (@event, @csspart, @cssproperty, @attr, @slot), then pointed at
// the built files instead of the sources, with every event's detail typed from PayrailEventMap.
import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
import type {
  ClassMember,
  CustomElementDeclaration,
  Declaration,
  Event,
  Export,
  JavaScriptModule,
  Package,
} from 'custom-elements-manifest';
import { COMPONENTS, FULL } from '../../vite.config.ts';
import { DEFAULT_SDK_DIR } from '../../api/config.ts';
import type { Graph } from './sizes.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BASE = 'components/internal/payrail-element.ts';
/**
 * Base classes between the base and some elements (the forms', the portfolio's, the setup forms', the leave
 * elements'), so their members are inherited.
 */
const BASES = [
  BASE,
  'components/internal/forms.ts',
  'components/internal/portfolio.ts',
  'components/internal/setup.ts',
  'components/internal/leave-element.ts',
];
/** Element folders, the provider included: each has `<name>/<name>.ts` and a built `components/<name>.js`. */
const ELEMENTS = ['provider', ...COMPONENTS];
/** Static members that are plumbing of the base class, not API. */
const PLUMBING = new Set(['tag', 'dependencies', 'styles']);

/** `payrail-view-pay-run` → `{ id: string }`, read from components/internal/events.ts. */
export function eventDetails(): Map<string, string> {
  const file = join(ROOT, 'components/internal/events.ts');
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const out = new Map<string, string>();
  src.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'PayrailEventMap') return;
    for (const m of node.members)
      if (ts.isPropertySignature(m) && m.type && ts.isStringLiteral(m.name))
        out.set(m.name.text, m.type.getText(src).replace(/\s+/g, ' '));
  });
  return out;
}

/** The built file that defines what `source` declares. */
const builtPath = (source: string): string => {
  if (!source.endsWith('.ts')) return source;
  const m = /^components\/([a-z0-9-]+)\/\1\.ts$/.exec(source);
  return m ? `components/${m[1]}.js` : FULL;
};

const isElement = (d: Declaration): d is CustomElementDeclaration =>
  d.kind === 'class' && (d as CustomElementDeclaration).customElement === true;

/** Rewrites every `module` reference from a source path to the built file. */
function repoint(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(repoint);
  if (!value || typeof value !== 'object') return;
  const o = value as Record<string, unknown>;
  if (typeof o.module === 'string' && o.module.startsWith('components/')) o.module = builtPath(o.module);
  Object.values(o).forEach(repoint);
}

function tidy(d: CustomElementDeclaration, details: Map<string, string>): void {
  const members = (d.members ?? []).filter(
    (m: ClassMember) => (m.privacy ?? 'public') === 'public' && !(m.static && PLUMBING.has(m.name)),
  );
  d.members = members;
  for (const e of d.events ?? []) {
    const detail = e.name ? details.get(e.name) : undefined;
    if (!detail)
      throw new Error(`${d.name}: @event ${e.name} is not in PayrailEventMap (components/internal/events.ts)`);
    (e as Event).type = { text: `CustomEvent<${detail}>` };
  }
}

/** The manifest of the built SDK; throws when an element documents an event that has no typed detail. */
export async function manifest(graph: Graph): Promise<Package> {
  const sources = [...BASES, ...ELEMENTS.map((n) => `components/${n}/${n}.ts`)];
  // The analyzer writes nothing here (noWrite), but it always records `<outdir>/custom-elements.json` as
  // package.json's `customElements`: name dist/sdk, where `npm run build` writes the finished manifest.
  const outdir = relative(ROOT, DEFAULT_SDK_DIR).split(sep).join('/');
  const raw = await cli({
    argv: ['analyze', '--litelement', '--quiet', '--outdir', outdir, '--globs', ...sources],
    cwd: ROOT,
    noWrite: true,
  });
  const details = eventDetails();
  const modules = raw.modules as JavaScriptModule[];
  const elements: { decl: CustomElementDeclaration; module: string }[] = [];
  for (const mod of modules) {
    for (const d of mod.declarations ?? []) {
      if (d.kind !== 'class') continue;
      const tag = d.members?.find((m) => m.static && m.name === 'tag' && m.kind === 'field');
      const name = tag && 'default' in tag ? tag.default?.replace(/^['"]|['"]$/g, '') : undefined;
      const el = d as CustomElementDeclaration;
      el.customElement = true;
      if (name) {
        el.tagName = `payrail-${name}`;
        elements.push({ decl: el, module: builtPath(mod.path) });
      }
      tidy(el, details);
    }
    mod.path = builtPath(mod.path);
    const named: Export[] = (mod.declarations ?? []).map((d) => ({
      kind: 'js',
      name: d.name,
      declaration: { name: d.name, module: mod.path },
    }));
    const tags = (mod.declarations ?? []).filter(isElement).flatMap((d) =>
      d.tagName
        ? [d.tagName, d.tagName.replace(/^payrail-/, 'prl-')].map((tagName): Export => ({
            kind: 'custom-element-definition',
            name: tagName,
            declaration: { name: d.name, module: mod.path },
          }))
        : [],
    );
    mod.exports = [...named, ...tags];
  }
  repoint(modules);
  // The full bundle (where the base class lives) exports every element class and defines every tag.
  const full = modules.find((m) => m.path === FULL)!;
  full.exports = [
    ...(full.exports ?? []),
    ...elements.flatMap(({ decl, module }): Export[] => [
      { kind: 'js', name: decl.name, declaration: { name: decl.name, module } },
      ...[decl.tagName!, decl.tagName!.replace(/^payrail-/, 'prl-')].map((name): Export => ({
        kind: 'custom-element-definition',
        name,
        declaration: { name: decl.name, module },
      })),
    ]),
  ];
  for (const m of modules)
    if (!graph.files[m.path]) throw new Error(`custom-elements.json: ${m.path} is not a built file`);
  return { schemaVersion: '2.1.0', readme: 'README.md', modules };
}
