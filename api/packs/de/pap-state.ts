// The PAP's variables (inputs it reassigns, outputs, internals shared by both years) and the hooks
// each year fills in. Representation: every PAP amount, whether the XML keeps it in euros (whole or
// with two decimals) or in cents, is held as an integer number of cents. So `x.multiply(ZAHL100)`
// (euros to cents) and `x.divide(ZAHL100)` on cent inputs are identities, `setScale(0, ..)` on a euro
// value becomes rounding to a multiple of 100, and `setScale(2, ..)` on a euro value is exact already.
// Rates are integers in millionths. Names are the XML's, so code reads against the PAP page by page.

import { mulDivDown, type Scaled } from './bigdecimal.ts';
import type { PapParams } from './pap-types.ts';

export const RATE_UNIT = 1_000_000;

export abstract class PapState {
  protected readonly p: PapParams;
  // Inputs the PAP itself reassigns (MRE4JL, MSONST).
  protected LZZ: number;
  protected ZMVB: number;
  protected f: Scaled;
  protected fPow: number;

  // Outputs (cents).
  BK = 0;
  BKS = 0;
  LSTLZZ = 0;
  SOLZLZZ = 0;
  SOLZS = 0;
  STS = 0;
  VFRB = 0;
  VFRBS1 = 0;
  VFRBS2 = 0;
  WVFRB = 0;
  WVFRBO = 0;
  WVFRBM = 0;

  // Internals shared by both years.
  protected ALTE = 0;
  protected ANP = 0;
  protected ANTEIL1 = 0;
  protected BMG = 0;
  protected DIFF = 0;
  protected EFA = 0;
  protected FVB = 0;
  protected FVBSO = 0;
  protected FVBZ = 0;
  protected FVBZSO = 0;
  protected GFB = 0;
  protected HBALTE = 0;
  protected HFVB = 0;
  protected HFVBZ = 0;
  protected HFVBZSO = 0;
  protected HOCH = 0;
  protected J = 0;
  protected JBMG = 0;
  protected JLFREIB = 0;
  protected JLHINZU = 0;
  protected JW = 0;
  protected K = 0;
  protected KFB = 0;
  protected KVSATZAN = 0;
  protected KZTAB = 0;
  protected LSTJAHR = 0;
  protected LSTOSO = 0;
  protected LSTSO = 0;
  protected MIST = 0;
  protected PVSATZAN = 0;
  protected RVSATZAN = 0;
  protected SAP = 0;
  protected SOLZFREI = 0;
  protected SOLZJ = 0;
  protected SOLZMIN = 0;
  protected SOLZSBMG = 0;
  protected SOLZSZVE = 0;
  protected ST = 0;
  protected ST1 = 0;
  protected ST2 = 0;
  protected VBEZB = 0;
  protected VBEZBSO = 0;
  protected VERGL = 0;
  protected VSP = 0;
  protected VSPN = 0;
  protected W1STKL5 = 0;
  protected W2STKL5 = 0;
  protected W3STKL5 = 0;
  protected X = 0;
  protected ZRE4 = 0;
  protected ZRE4J = 0;
  protected ZRE4VP = 0;
  protected ZTABFB = 0;
  protected ZVBEZ = 0;
  protected ZVBEZJ = 0;
  protected ZVE = 0;
  protected ZX = 0;
  protected ZZX = 0;

  /** Kinderfreibetrag per child allowance in classes I-III and in class IV, whole euros. */
  protected abstract readonly KFB_PER_CHILD: number;
  protected abstract readonly KFB_PER_CHILD_STKL4: number;

  constructor(params: PapParams) {
    this.p = params;
    this.LZZ = params.LZZ;
    this.ZMVB = params.ZMVB;
    this.f = params.f;
    this.fPow = 10 ** params.f.scale;
  }

  protected abstract UPEVP(): void;
  /** UPTAB25 / UPTAB26. */
  protected abstract UPTAB(): void;
  protected abstract UP5_6(): void;

  /** (ST * f).setScale(0, ROUND_DOWN). */
  protected stTimesF(): number {
    return mulDivDown(this.ST / 100, this.f.units, this.fPow) * 100;
  }
}
