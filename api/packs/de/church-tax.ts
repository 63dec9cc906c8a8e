// Church-tax denominations as ELStAM states them (Kirchensteuermerkmal, two letters; `--` for none) and
// where each one's church tax goes on the Lohnsteuer-Anmeldung. Codes: kirchensteuerinfo.de,
// "Kirchensteuer und die Lohnsteuerkarte" (rk, ev, lt, rf, fr, fs, ak, is, ib, iw, jd, jh). Kennzahlen
// 61 (evangelisch) and 62 (römisch-katholisch) as the form's guidance lists them (Haufe, "Lohnsteuer-
// Anmeldung, Beitragsnachweis sowie Einbehalten – 2.1 Auszufüllende Kennziffern"); the Protestant
// churches (ev, lt, rf, fr) go to 61. The other denominations have lines that differ per Land, so they are
// reported by code without a Kennzahl.

export const CHURCH_TAX_DENOMINATIONS = [
  'ev',
  'rk',
  'lt',
  'rf',
  'fr',
  'ak',
  'fs',
  'is',
  'ib',
  'iw',
  'jd',
  'jh',
] as const;
export type ChurchTaxDenomination = (typeof CHURCH_TAX_DENOMINATIONS)[number];
/** ELStAM's mark for no church-tax liability. */
export const NO_DENOMINATION = '--';

export const DENOMINATION_KENNZAHL: Partial<Record<ChurchTaxDenomination, '61' | '62'>> = {
  ev: '61',
  lt: '61',
  rf: '61',
  fr: '61',
  rk: '62',
};

export const isDenomination = (v: string): v is ChurchTaxDenomination =>
  (CHURCH_TAX_DENOMINATIONS as readonly string[]).includes(v);
