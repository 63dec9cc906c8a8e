// What a person types into a pay-run search box, as a filter the store can run: each word must match
// the run's status, its pay frequency, a month of its period (in English or German) or part of one of
// its dates (`2026`, `2026-03`, `03-31`). Words are matched as prefixes, so "fin" finds finalised runs.
import { PAY_RUN_STATUSES } from '../../schemas/pay-runs.ts';
import type { RunSearchTerm } from '../../model/run-search-term.ts';

const STATUS_WORDS: Record<string, string[]> = {
  draft: ['draft', 'entwurf'],
  previewed: ['previewed', 'vorschau', 'berechnet'],
  approved: ['approved', 'freigegeben', 'genehmigt'],
  finalising: ['finalising', 'finalizing', 'wird abgeschlossen'],
  finalised: ['finalised', 'finalized', 'paid', 'abgeschlossen', 'bezahlt'],
  lodged: ['lodged', 'gemeldet', 'übermittelt'],
  voided: ['voided', 'void', 'storniert'],
};
const FREQUENCY_WORDS: Record<string, string[]> = {
  weekly: ['weekly', 'wöchentlich'],
  fortnightly: ['fortnightly', 'biweekly', 'zweiwöchentlich', '14-täglich'],
  monthly: ['monthly', 'monatlich'],
  quarterly: ['quarterly', 'vierteljährlich'],
};
const MONTHS = [
  ['january', 'januar', 'jänner'],
  ['february', 'februar'],
  ['march', 'märz', 'maerz'],
  ['april'],
  ['may', 'mai'],
  ['june', 'juni'],
  ['july', 'juli'],
  ['august'],
  ['september'],
  ['october', 'oktober'],
  ['november'],
  ['december', 'dezember'],
];

const starts = (words: string[], w: string) => words.some((x) => x.startsWith(w));

/** The words of a search, each as the conditions that satisfy it; empty for a blank search. */
export function runSearchTerms(q: string | undefined): RunSearchTerm[] {
  const words = (q ?? '')
    .toLowerCase()
    .split(/[\s,/]+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.map((w) => ({
    statuses: PAY_RUN_STATUSES.filter((s) => starts(STATUS_WORDS[s] ?? [s], w)),
    frequencies: Object.keys(FREQUENCY_WORDS).filter((f) => starts(FREQUENCY_WORDS[f], w)),
    months:
      w.length >= 3 ? MONTHS.flatMap((names, i) => (starts(names, w) ? [String(i + 1).padStart(2, '0')] : [])) : [],
    dateText: /^[\d-]+$/.test(w) ? w : undefined,
  }));
}
