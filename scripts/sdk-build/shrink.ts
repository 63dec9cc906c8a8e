// Build-time transforms that make the SDK's bundles smaller without changing what runs: the source
// stays as written (readable templates, TypeScript decorators, plain dynamic imports).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ours = (id: string) => /\/components\/.*\.ts$/.test(id);

/**
 * Collapses the indentation inside Lit `html`, `svg` and `css` templates. Only whitespace runs
 * that contain a line break are touched, and they become one space, which HTML and CSS treat
 * the same way; expressions inside `${}` are left alone.
 */
export function minifyTemplates(): Plugin {
  const TAGS = new Set(['html', 'svg', 'css']);
  type Node = { type: string; start: number; end: number; [k: string]: unknown };
  return {
    name: 'payrail-minify-templates',
    enforce: 'post',
    transform(code, id) {
      if (!ours(id) || !/\b(html|svg|css)`/.test(code)) return null;
      const edits: [number, number, string][] = [];
      const walk = (n: unknown): void => {
        if (!n || typeof n !== 'object') return;
        if (Array.isArray(n)) return n.forEach(walk);
        const node = n as Node;
        const tag = node.tag as Node | undefined;
        if (node.type === 'TaggedTemplateExpression' && tag?.type === 'Identifier' && TAGS.has(tag.name as string)) {
          const isCss = tag.name === 'css';
          for (const q of (node.quasi as { quasis: Node[] }).quasis) {
            const raw = code.slice(q.start, q.end);
            let out = raw.replace(/\s*\n\s*/g, ' ');
            if (isCss)
              out = out
                .replace(/\/\*[\s\S]*?\*\//g, '')
                .replace(/\s*([{};])\s*/g, '$1')
                .replace(/([,:])\s+/g, '$1');
            if (out !== raw) edits.push([q.start, q.end, out]);
          }
        }
        for (const k in node) if (k !== 'type' && k !== 'start' && k !== 'end') walk(node[k]);
      };
      walk(this.parse(code));
      if (!edits.length) return null;
      let out = code;
      for (const [s, e, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, s) + text + out.slice(e);
      return { code: out, map: null };
    },
  };
}

/** A private custom property of the components (`--_surface`): named for what it holds in the source. */
const PRIVATE_NAME = /--_([a-z][a-z0-9-]*)/g;

/**
 * Gives every private custom property a short name in the bundles (`--_border` becomes `--_0`). The names
 * come from the components' sources, most used first, so every module of a build, and every build of the
 * same sources, agrees on them.
 */
export function shortPrivateNames(componentsDir: string): Plugin {
  const counts = new Map<string, number>();
  for (const f of readdirSync(componentsDir, { recursive: true, encoding: 'utf8' })) {
    if (!f.endsWith('.ts')) continue;
    for (const [, name] of readFileSync(join(componentsDir, f), 'utf8').matchAll(PRIVATE_NAME))
      counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name);
  const short = new Map(ranked.map((name, i) => [name, i.toString(36)]));
  return {
    name: 'payrail-short-private-names',
    transform(code, id) {
      if (!ours(id) || !code.includes('--_')) return null;
      return { code: code.replace(PRIVATE_NAME, (all, name: string) => `--_${short.get(name) ?? name}`), map: null };
    },
  };
}

/**
 * esbuild compiles each element's decorators with its own copy of the `__decorateClass` helper.
 * Every module that carries the helper imports one shared copy instead: the same code, once.
 */
export function sharedDecorateHelper(): Plugin {
  const ID = '\0payrail-decorate';
  // Exactly what esbuild emits; a module whose helper reads differently keeps its own.
  const HELPER = `var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __decorateClass = (decorators, target, key, kind) => {
  var result = kind > 1 ? void 0 : kind ? __getOwnPropDesc(target, key) : target;
  for (var i = decorators.length - 1, decorator; i >= 0; i--)
    if (decorator = decorators[i])
      result = (kind ? decorator(target, key, result) : decorator(result)) || result;
  if (kind && result) __defProp(target, key, result);
  return result;
};
`;
  return {
    name: 'payrail-shared-decorate-helper',
    enforce: 'post',
    resolveId: (id) => (id === ID ? ID : null),
    load: (id) => (id === ID ? `${HELPER}export { __decorateClass };\n` : null),
    transform(code, id) {
      if (!ours(id) || !code.startsWith(HELPER)) return null;
      const out = code.slice(HELPER.length);
      // The helper's own names stay private to it.
      if (/__defProp|__getOwnPropDesc/.test(out)) return null;
      return { code: `import { __decorateClass } from ${JSON.stringify(ID)};\n${out}`, map: null };
    },
  };
}

/**
 * Vite wraps every dynamic import in a preload helper that fetches the imported chunk's CSS and
 * dependencies ahead of it. The SDK's on-demand chunks have no CSS, and preloading is off
 * (`modulePreload: false`), so the helper would only ever call the import: the wrap is undone and
 * the helper not bundled. Runs after Vite's own transform has added it.
 */
export function plainDynamicImports(): Plugin {
  const IMPORT = /import \{ __vitePreload \} from "\0vite\/preload-helper\.(?:js|ts)";/;
  const WRAP = /__vitePreload\(\(\) => (import\((['"])[^'"()]+\2\)),__VITE_IS_MODERN__\?__VITE_PRELOAD__:void 0\)/g;
  return {
    name: 'payrail-plain-dynamic-imports',
    transform: {
      order: 'post',
      handler(code, id) {
        if (!ours(id) || !IMPORT.test(code)) return null;
        const out = code.replace(WRAP, '$1');
        // Leave the module alone unless every use of the helper was undone.
        const rest = out.replace(IMPORT, '');
        return rest.includes('__vitePreload') ? null : { code: rest, map: null };
      },
    },
  };
}

/**
 * gzip finds repeats only within 32 KB, and the bundle keeps each element's stylesheet beside the
 * element, where the CSS of one cannot match the rules of another, and the English catalogue in the
 * middle of the code. Both are moved to the end of each chunk, CSS after CSS: each stylesheet and the
 * catalogue become a function declared there, called where the value was. Declarations are hoisted
 * and the values only use Lit's `css` (defined before any element), so each is made at the same
 * moment as before, from the same text.
 *
 * Only literal values move: `css` templates without `${}`, and the `en` catalogue in i18n.ts.
 */
export function literalsLast(): Plugin {
  const MARK = '__payrailLast';
  type Node = { type: string; start: number; end: number; [k: string]: unknown };
  const children = (n: Node): Node[] =>
    Object.entries(n)
      .filter(([k]) => k !== 'type' && k !== 'start' && k !== 'end')
      .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
      .filter((v): v is Node => !!v && typeof v === 'object' && typeof (v as Node).type === 'string');
  const walk = (n: Node, visit: (n: Node) => void): void => {
    visit(n);
    for (const c of children(n)) walk(c, visit);
  };
  const isLiteral = (n: Node): boolean =>
    n.type === 'Literal' ||
    (n.type === 'TemplateLiteral' && !(n.expressions as Node[]).length) ||
    (n.type === 'ObjectExpression' &&
      (n.properties as Node[]).every(
        (p) =>
          p.type === 'Property' &&
          !p.computed &&
          (p.value as Node).type !== 'FunctionExpression' &&
          isLiteral(p.value as Node),
      ));
  const splice = (code: string, edits: [number, number, string][]) => {
    let out = code;
    for (const [s, e, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, s) + text + out.slice(e);
    return out;
  };
  return {
    name: 'payrail-literals-last',
    enforce: 'post',
    transform(code, id) {
      if (!ours(id)) return null;
      const ast = this.parse(code) as unknown as Node;
      const litCss = (ast.body as Node[]).some(
        (s) =>
          s.type === 'ImportDeclaration' &&
          (s.source as Node & { value: string }).value === 'lit' &&
          (s.specifiers as Node[]).some(
            (x) =>
              x.type === 'ImportSpecifier' &&
              (x.imported as Node & { name: string }).name === 'css' &&
              (x.local as Node & { name: string }).name === 'css',
          ),
      );
      const edits: [number, number, string][] = [];
      const wrap = (n: Node) =>
        edits.push([n.start, n.end, `/* @__PURE__ */ ${MARK}(() => (${code.slice(n.start, n.end)}))`]);
      walk(ast, (n) => {
        const tag = n.tag as (Node & { name: string }) | undefined;
        if (
          litCss &&
          n.type === 'TaggedTemplateExpression' &&
          tag?.type === 'Identifier' &&
          tag.name === 'css' &&
          !((n.quasi as Node).expressions as Node[]).length
        )
          wrap(n);
      });
      if (id.endsWith('/components/internal/i18n.ts'))
        for (const s of ast.body as Node[])
          if (s.type === 'VariableDeclaration' && s.kind === 'const')
            for (const d of s.declarations as Node[])
              if ((d.id as Node & { name: string }).name === 'en' && d.init && isLiteral(d.init as Node))
                wrap(d.init as Node);
      return edits.length ? { code: splice(code, edits), map: null } : null;
    },
    renderChunk(code) {
      if (!code.includes(MARK)) return null;
      const edits: [number, number, string][] = [];
      const fns: [boolean, string][] = [];
      walk(this.parse(code) as unknown as Node, (n) => {
        const callee = n.callee as (Node & { name: string }) | undefined;
        if (n.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== MARK) return;
        const [fn] = n.arguments as Node[];
        const body = fn.body as Node;
        const name = `${MARK}${fns.length}`;
        edits.push([n.start, n.end, `${name}()`]);
        fns.push([
          body.type === 'ObjectExpression',
          `function ${name}() { return ${code.slice(body.start, body.end)}; }`,
        ]);
      });
      // The catalogue, then the stylesheets one after another (measured: the smaller order).
      fns.sort((a, b) => Number(b[0]) - Number(a[0]));
      const out = `${splice(code, edits)}\n${fns.map(([, f]) => f).join('\n')}\n`;
      if (out.includes(`${MARK}(`)) this.error('a value marked to move to the end of the chunk was not moved');
      return { code: out, map: null };
    },
  };
}
