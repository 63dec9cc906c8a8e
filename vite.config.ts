// SDK bundles. Built as plain ES entries rather than in library mode: library mode keeps the
// whitespace (for re-bundlers), but these files are served straight to browsers.
import { defineConfig, type InlineConfig, type Plugin } from 'vite';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sdkDirFrom } from './api/config.ts';

const root = import.meta.dirname;

/** Element folders with a `define.ts`, i.e. one bundle each (the provider ships inside every one). */
export const COMPONENTS = readdirSync(resolve(root, 'components'), { withFileTypes: true })
  .filter(
    (d) => d.isDirectory() && d.name !== 'provider' && existsSync(resolve(root, 'components', d.name, 'define.ts')),
  )
  .map((d) => d.name)
  .sort();

/**
 * Collapses the indentation inside Lit `html`, `svg` and `css` templates. Only whitespace runs
 * that contain a line break are touched, and they become one space, which HTML and CSS treat
 * the same way; expressions inside `${}` are left alone.
 */
function minifyTemplates(): Plugin {
  const TAGS = new Set(['html', 'svg', 'css']);
  type Node = { type: string; start: number; end: number; [k: string]: unknown };
  return {
    name: 'payrail-minify-templates',
    enforce: 'post',
    transform(code, id) {
      if (!/\/components\/.*\.ts$/.test(id) || !/\b(html|svg|css)`/.test(code)) return null;
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

/** One self-contained ES module (Lit included) per entry, so each can be pinned with SRI. */
export function sdkConfig(entry: string, fileName: string, outDir: string, emptyOutDir = false): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [minifyTemplates()],
    build: {
      outDir,
      emptyOutDir,
      target: 'es2022',
      minify: 'esbuild',
      modulePreload: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: { [fileName]: resolve(root, entry) },
        preserveEntrySignatures: 'strict',
        output: { format: 'es', entryFileNames: fileName, inlineDynamicImports: true },
      },
    },
  };
}

export default defineConfig(sdkConfig('components/index.ts', 'payrail-components.js', sdkDirFrom(), true));
