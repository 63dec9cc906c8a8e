import { langTerms, type Lang } from './i18n.js';
import { humanize } from './format.js';

// Labels for the open statutory / readiness keys the packs send. Unknown keys fall back to a
// humanised form with common acronyms restored, so new pack fields still read sensibly.
const en: Record<string, string> = {
  tax_free_threshold: 'Tax-free threshold claimed',
  tax_free_threshold_claimed: 'Tax-free threshold claimed',
  help_debt: 'Study loan (HELP)',
  steuer_id: 'Tax ID (Steuer-ID)',
  sv_nummer: 'Social insurance number',
  svnr: 'Social insurance number',
  bank: 'Bank account',
  elstam_retrieved: 'ELStAM retrieved',
  kiwisaver_enrolled: 'KiwiSaver enrolled',
  kiwisaver_rate: 'KiwiSaver rate',
  w4: 'Form W-4',
  w4_on_file: 'Form W-4 on file',
  i9_verified: 'Form I-9 verified',
  company_bank: 'Company bank account',
  betriebsnummer: 'Employer number (Betriebsnummer)',
  pay_rate: 'Pay rate',
};

const ACRONYMS = /\b(tfn|abn|sv|ird|ni|ssn|id|ytd|usi|smsf|bsb|iban|acc|paye|w4|i9)\b/gi;

export const term = (key: string, lang: Lang): string => {
  const k = key.replace(/_attested$/, '');
  return langTerms(lang)?.[k] || en[k] || humanize(k).replace(ACRONYMS, (a) => a.toUpperCase());
};
