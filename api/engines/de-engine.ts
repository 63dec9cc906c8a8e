import type { CountryEngine } from './builtin-engine.ts';
import { calculateDe, deReadiness, validateDe } from './de-adapter.ts';
import { computesLevies } from '../packs/de/index.ts';

export const deAdapter: CountryEngine = {
  calculate: calculateDe,
  readiness: deReadiness,
  validate: (packVersion, e) => validateDe(packVersion, e),
  // The German engine commits a finalised run as a job; entries are readable once it completes.
  finaliseMode: 'async',
  // DE-2026.3 charges the employer's levies (its settings) and one-off payments against the year to date.
  usesContext: computesLevies,
};
