// Builds the engine adapter for a binding. `acct_engine` bindings reach an external accounting
// engine through a governance-cell connection that this deployment cannot build, so they have no
// adapter and every capability answers 501.
import type { BindingTable } from '../store/schema.ts';
import type { PackMeta } from '../packs/types.ts';
import type { Engine } from './types.ts';
import { BuiltinEngine, type CountryEngine } from './builtin-engine.ts';
import { auAdapter } from './au-engine.ts';
import { deAdapter } from './de-engine.ts';

const ADAPTERS: Partial<Record<string, CountryEngine>> = { AU: auAdapter, DE: deAdapter };

const cache = new Map<string, Engine>();

export function buildEngine(binding: Pick<BindingTable, 'engine'>, pack: PackMeta): Engine | null {
  if (binding.engine === 'acct_engine') return null;
  const key = `${binding.engine}:${pack.code}`;
  let engine = cache.get(key);
  if (!engine) {
    engine = new BuiltinEngine(binding.engine, binding.engine === 'mock', ADAPTERS[pack.code] ?? null);
    cache.set(key, engine);
  }
  return engine;
}
