// AU-2026.2 (current): payments dated 1 July 2026 to 30 June 2027. The statutory tables of AU-2026.1, unchanged,
// with the modern award rates from 1 July 2026 (api/packs/au/awards/catalogue.ts), which AU-2026.1 was released
// without. Released: never edit, ship a new version.
import type { AuVersionData } from '../types.ts';
import { AU_2026_1 } from './au-2026.1.ts';

export const AU_2026_2: AuVersionData = { ...AU_2026_1, version: 'AU-2026.2' };
