import type { JurisdictionAdapter } from './builtin-engine.ts';
import { calculateDe, deReadiness, validateDe } from './de-adapter.ts';

export const deAdapter: JurisdictionAdapter = {
  calculate: calculateDe,
  readiness: deReadiness,
  validate: (packVersion, e) => validateDe(packVersion, e),
  // The German engine commits a finalised run as a job; entries are readable once it completes.
  finaliseMode: 'async',
};
