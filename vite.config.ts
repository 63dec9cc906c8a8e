// SDK bundles. Built as plain ES entries rather than in library mode: library mode keeps the
// whitespace (for re-bundlers), but these files are served straight to browsers. scripts/build-sdk.ts
// runs both builds into one directory: the full bundle, then the per-element entries.
import { defineConfig, type InlineConfig } from 'vite';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sdkDirFrom } from './api/config.ts';
import {
  minifyTemplates,
  plainDynamicImports,
  sharedDecorateHelper,
  literalsLast,
  shortPrivateNames,
} from './scripts/sdk-build/shrink.ts';

const root = import.meta.dirname;

/** Element folders with a `define.ts`, i.e. one bundle each (the provider ships inside every one). */
export const COMPONENTS = readdirSync(resolve(root, 'components'), { withFileTypes: true })
  .filter(
    (d) => d.isDirectory() && d.name !== 'provider' && existsSync(resolve(root, 'components', d.name, 'define.ts')),
  )
  .map((d) => d.name)
  .sort();

export const FULL = 'payrail-components.js';

/**
 * Modules that are only ever imported dynamically: rollup gives them chunks of their own, named here.
 * Sample data (with the reads over it: everything in sample/ but the forwarding api.ts) is drawn only
 * by an element without a token; German text loads before an element first renders in German; the pay-run
 * entry's shifts form when an entry that can be changed first shows; a German employee's figures from before
 * Payrail when the officer opens them.
 */
const ON_DEMAND: [string, RegExp][] = [
  ['sample', /\/components\/internal\/sample\/(?!api\.ts$)[a-z-]+\.ts$/],
  ['de', /\/components\/internal\/i18n-de\.ts$/],
  ['shifts', /\/components\/pay-run-entry\/shifts\.ts$/],
  ['openings', /\/components\/employee-detail\/year-to-date-openings\.ts$/],
];
const onDemand = (id: string) => ON_DEMAND.find(([, re]) => re.test(id))?.[0];

function config(
  outDir: string,
  emptyOutDir: boolean,
  rollupOptions: NonNullable<InlineConfig['build']>['rollupOptions'],
) {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [
      shortPrivateNames(resolve(root, 'components')),
      minifyTemplates(),
      literalsLast(),
      sharedDecorateHelper(),
      plainDynamicImports(),
    ],
    build: {
      outDir,
      emptyOutDir,
      target: 'es2022',
      minify: 'esbuild',
      modulePreload: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rollupOptions,
    },
  } satisfies InlineConfig;
}

// Chunks sit in components/ beside the per-element entries, named by content hash (so each name is
// immutable) in hex, which the API's file-name pattern accepts.
const chunks = {
  format: 'es',
  hashCharacters: 'hex',
  chunkFileNames: (c: { name: string; moduleIds: string[] }) =>
    `components/${c.moduleIds.map(onDemand).find(Boolean) ?? c.name}-[hash].js`,
} as const;

/**
 * The full SDK: one self-contained ES module (Lit included) that a page loads with a single `<script>`
 * pinned by SRI; sample data and German text are separate chunks it imports only when needed.
 */
export function fullConfig(outDir: string, emptyOutDir = false): InlineConfig {
  return config(outDir, emptyOutDir, {
    input: { [FULL]: resolve(root, 'components/index.ts') },
    // The on-demand chunks import what they share with it from the bundle itself, which therefore
    // exports a few extra (minified) names beside its API.
    preserveEntrySignatures: 'allow-extension',
    output: { ...chunks, entryFileNames: FULL },
  });
}

/**
 * One entry per element (`components/<name>.js`, and `components/provider.js`) that registers it. The
 * entries share their common code instead of each carrying it: Lit (with @lit/context and @lit/task) is
 * one chunk, the Payrail foundation (base element, client, formatting, the English text) another.
 */
export function elementsConfig(outDir: string, emptyOutDir = false): InlineConfig {
  const entries = [...COMPONENTS, 'provider'].map((n) => [n, resolve(root, 'components', n, 'define.ts')]);
  return config(outDir, emptyOutDir, {
    input: Object.fromEntries(entries),
    preserveEntrySignatures: 'strict',
    output: {
      ...chunks,
      entryFileNames: 'components/[name].js',
      // On-demand modules are left out, so they stay chunks of their own.
      manualChunks: (id) =>
        onDemand(id)
          ? undefined
          : id.includes('/node_modules/')
            ? 'lit'
            : /\/components\/(internal|client|provider)\//.test(id) || id.startsWith('\0payrail-')
              ? 'core'
              : undefined,
    },
  });
}

export default defineConfig(fullConfig(sdkDirFrom(), true));
