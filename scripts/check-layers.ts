// The API's layers, lowest first: a module imports only from its own layer or a lower one (type-only imports
// included), so the store never reaches into use cases and the packs never into the store. Import cycles
// are `check:cycles`'s (madge); this is the direction.
//
// And the country boundary: from the services up, only a country module (COUNTRY_MODULES) imports one country's
// pack or jurisdiction folder (`packs/au/`, `jurisdictions/de/` …); every other service, route and middleware
// reaches a country through the jurisdiction adapter and the engine port, so a new country is a new folder.
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

/** The layers from which on the country boundary holds: services and everything above them. */
const BOUNDARY_FROM = LAYERS.findIndex((names) => names.includes('services'));
/** A folder of one country, by its code. */
const COUNTRY_FOLDER = /^(packs|jurisdictions)\/[a-z]{2}\//;

/** The modules that are one country's by what they do, each with its country's pack or jurisdiction to hand. */
const COUNTRY_MODULES: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^services\/lodgement\/(stp|stp-amounts|pay-event-input|key-identifiers)\.ts$/,
    why: 'AU Single Touch Payroll',
  },
  { pattern: /^services\/setup\/awards\.ts$/, why: 'AU modern awards' },
  {
    pattern: /^services\/leave\/leave-settings\.ts$/,
    why: 'AU leave configuration (NES entitlements, long service states)',
  },
  { pattern: /^services\/[a-z-]+\/de-[a-z-]+\.ts$/, why: 'German statutory outputs, absences and balances' },
  { pattern: /^services\/outputs\/sepa(-text)?\.ts$/, why: 'the SEPA credit transfer file' },
  { pattern: /^services\/payslips\/payslip-de\.ts$/, why: 'the German payslip' },
  { pattern: /^services\/pay-runs\/calculate\.ts$/, why: 'the stateless German calculation' },
  { pattern: /^services\/reports\/au-ytd\.ts$/, why: 'AU year to date by single-touch payroll category' },
];
const isCountryModule = (rel: string) => COUNTRY_MODULES.some((m) => m.pattern.test(rel));

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
    const mine = path.relative(API, file).split(path.sep).join('/');
    const theirPath = path.relative(API, target).split(path.sep).join('/');
    if (own >= BOUNDARY_FROM && COUNTRY_FOLDER.test(theirPath) && !isCountryModule(mine))
      wrong.push(
        `${path.relative(ROOT, file)} imports ${path.relative(ROOT, target)} (one country's: go through the jurisdiction adapter or the engine port, or list it in COUNTRY_MODULES)`,
      );
  }
}
if (wrong.length) {
  console.error(`${wrong.length} import(s) across a layer or the country boundary:\n  ${wrong.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Layers hold: ${LAYERS.map((l) => l[0]).join(' < ')}; from the services up, only the country modules (${COUNTRY_MODULES.length} kinds) import a country's folder.`,
);
