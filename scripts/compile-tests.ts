// The node test suites run on JavaScript compiled from the tree rather than through tsx: each of the
// hundred and more test processes would otherwise spend about a second of CPU having tsx's loader hooks
// resolve and load its eight hundred modules, one cross-thread round trip at a time.
//
// Every TypeScript file is transpiled on its own (esbuild, no bundling, types dropped) into COMPILED_DIR
// at the same relative path; its relative `.ts` imports become `.js`, and `import.meta.dirname` is the
// source file's folder, so paths into the tree (migrations, the SDK build, fixtures, the server a test
// starts with tsx) resolve as they do from the source. Inline source maps, with `--enable-source-maps`,
// keep stack traces pointing at the TypeScript.
//
// `tsx scripts/compile-tests.ts` compiles; `compiledPath` names a source file's compiled twin.
import fs from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const COMPILED_DIR = path.join(ROOT, '.cache', 'test-js');

/** What the node suites never load: other tools' trees, outputs, and the browser-only suites. */
const SKIPPED = new Set(['node_modules', 'dist', '.cache', '.git', 'data', 'test-results', 'playwright-report']);
const BROWSER_ONLY = ['tests/e2e', 'tests/components'];

/** Where a file of the tree (a path relative to the repository) lands: TypeScript as `.js`, the rest as it is. */
const twin = (source: string) => path.join(COMPILED_DIR, source.replace(/\.ts$/, '.js'));
/** `tests/api/x.test.ts` → `.cache/test-js/tests/api/x.test.js`, relative to the repository. */
export const compiledPath = (source: string) => path.relative(ROOT, twin(source));

function sources(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(ROOT, full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && !BROWSER_ONLY.includes(rel)) sources(full, found);
    } else if (/\.(ts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

// A relative specifier ending in `.ts` in a static import, an export-from or a dynamic import, as esbuild
// prints them (double quotes, no line breaks inside).
const RELATIVE_TS = /((?:\bfrom|\bimport)\s*\(?\s*)"(\.{1,2}\/[^"\n]+?)\.ts"/g;
const LEFT_OVER = /(?:\bfrom|\bimport)\s*\(?\s*["'`]\.{1,2}\/[^"'`\n]+?\.ts["'`]/;

// The compiler options that change emitted code (class fields, decorators) as each part's tsconfig sets them.
const options = (tsconfig: string) => JSON.parse(fs.readFileSync(path.join(ROOT, tsconfig), 'utf8')).compilerOptions;
const TSCONFIG = { components: options('components/tsconfig.json'), rest: options('tsconfig.json') };
const COMPONENTS = path.join(ROOT, 'components') + path.sep;

async function compileFile(file: string): Promise<void> {
  const target = twin(path.relative(ROOT, file));
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  // JavaScript a test imports (a page's script, a reporter) comes along as it is.
  if (!file.endsWith('.ts')) return fs.promises.copyFile(file, target);
  const { code } = await transform(fs.readFileSync(file, 'utf8'), {
    tsconfigRaw: { compilerOptions: file.startsWith(COMPONENTS) ? TSCONFIG.components : TSCONFIG.rest },
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    sourcefile: file,
    define: { 'import.meta.dirname': JSON.stringify(path.dirname(file)) },
  });
  const out = code.replace(RELATIVE_TS, (_, head: string, spec: string) => `${head}"${spec}.js"`);
  // An import the rewrite missed (a template literal, an odd spacing) would load a .ts file without a
  // loader and fail far from here: say so now.
  const missed = LEFT_OVER.exec(out.slice(0, out.lastIndexOf('//# sourceMappingURL=')));
  if (missed)
    throw new Error(`${path.relative(ROOT, file)}: an import of TypeScript is left after compiling: ${missed[0]}`);
  await fs.promises.writeFile(target, out);
}

async function compileTests(): Promise<number> {
  fs.rmSync(COMPILED_DIR, { recursive: true, force: true });
  const files = sources(ROOT);
  await Promise.all(files.map(compileFile));
  return files.length;
}

if (process.argv[1] === import.meta.filename) {
  const started = performance.now();
  const count = await compileTests();
  console.log(
    `compiled ${count} files to ${path.relative(ROOT, COMPILED_DIR)} in ${Math.round(performance.now() - started)} ms`,
  );
}
