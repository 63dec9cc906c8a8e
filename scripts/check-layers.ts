// The API's layers, lowest first: a module imports only from its own layer or a lower one (type-only imports
// included), so the store never reaches into use cases and the packs never into the store. Import cycles
// are `check:cycles`'s (madge); this is the direction.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const API = path.join(ROOT, 'api');

const LAYERS: string[][] = [
  ['lib', 'config.ts', 'node-flags.ts'],
  ['packs'],
  // The canonical shapes and vocabularies, and what a country asks of the control plane: each reads the other.
  ['model', 'jurisdictions'],
  ['store'],
  ['engines'],
  ['schemas'],
  ['services'],
  ['http'],
  ['routes'],
  ['app.ts', 'server.ts', 'cli.ts', 'seed'],
];

const layerOf = (file: string): number => {
  const top = path.relative(API, file).split(path.sep)[0];
  const i = LAYERS.findIndex((names) => names.includes(top));
  if (i < 0) throw new Error(`${path.relative(ROOT, file)} is in no layer: add its folder to scripts/check-layers.ts.`);
  return i;
};

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });

const SPECIFIER = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const wrong: string[] = [];
for (const file of sources(API)) {
  const own = layerOf(file);
  for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(API + path.sep)) continue;
    const theirs = layerOf(target);
    if (theirs > own)
      wrong.push(
        `${path.relative(ROOT, file)} imports ${path.relative(ROOT, target)} (${LAYERS[own][0]} is below ${LAYERS[theirs][0]})`,
      );
  }
}
if (wrong.length) {
  console.error(`${wrong.length} import(s) from a lower layer to a higher one:\n  ${wrong.join('\n  ')}`);
  process.exit(1);
}
console.log(`Layers hold: ${LAYERS.map((l) => l[0]).join(' < ')}.`);
