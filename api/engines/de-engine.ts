import type { CountryEngine } from './builtin-engine.ts';
import { calculateDe, deReadiness, validateDe } from './de-adapter.ts';

export const deAdapter: CountryEngine = {
  calculate: calculateDe,
  readiness: deReadiness,
  validate: (packVersion, e) => validateDe(packVersion, e),
  // The German engine commits a finalised run as a job; entries are readable once it completes.
  finaliseMode: 'async',
};
