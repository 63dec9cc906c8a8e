// A stored statutory section as it may be shown: sealed values, keyed hashes and anything identifier-like
// are left out (by name, at any depth); attested flags and masked last digits stay.
import { withoutIdentifiers } from '../lib/identifier-names.ts';

export function publicSection(section: Record<string, unknown>): Record<string, unknown> {
  return withoutIdentifiers(section);
}
