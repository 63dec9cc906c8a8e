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
  // Where an Australian TFN declaration stands, and what it leaves open (readiness).
  tfn_applied_for: 'Tax file number (applied for, not received yet)',
  tfn_not_quoted: 'Tax file number (not quoted: no-TFN rate withheld)',
  tax_free_threshold_question: 'Answer to the tax-free threshold question',
  tax_free_threshold_answered: 'Tax-free threshold question answered',
  tfn_declaration_state: 'TFN declaration',
  declaration_tfn_quoted: 'Tax file number given',
  declaration_not_received: 'Not received yet: tax is withheld at the no-TFN rate until it arrives',
  declaration_applied_for: 'Tax file number applied for: usual rates for 28 days, then the no-TFN rate',
  declaration_under_18: 'Exempt from quoting a tax file number: under 18',
  declaration_pensioner: 'Exempt from quoting a tax file number: receives a pension',
  declaration_not_quoted: 'Chose not to quote a tax file number: tax withheld at the no-TFN rate',
  declaration_invalid_quoted: 'The tax file number given is not valid: tax withheld at the no-TFN rate',
};

const ACRONYMS = /\b(tfn|abn|sv|ird|ni|ssn|id|ytd|usi|smsf|bsb|iban|acc|paye|w4|i9)\b/gi;

export const term = (key: string, lang: Lang): string => {
  const k = key.replace(/_attested$/, '');
  return langTerms(lang)?.[k] || en[k] || humanize(k).replace(ACRONYMS, (a) => a.toUpperCase());
};
