import type { CountryEngine } from './builtin-engine.ts';
import { auReadiness, calculateAu } from './au-adapter.ts';

export const auAdapter: CountryEngine = {
  calculate: calculateAu,
  readiness: auReadiness,
  // AU identifiers are validated where they arrive (tax, bank and super settings), not on the core record.
  validate: () => [],
  finaliseMode: 'sync',
};
