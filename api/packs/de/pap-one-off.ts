// PAP methods for one-off payments (sonstige Bezüge) that read the same in Lohnsteuer2025.xml and
// Lohnsteuer2026.xml. As with pap-regular.ts, a later PAP overrides rather than edits them. The year
// classes extend this last layer: PapState (variables) → PapRegular → PapOneOff → Pap2025 / Pap2026.

import { divDown, mulDivDown } from './bigdecimal.ts';
import { PapRegular } from './pap-regular.ts';

export abstract class PapOneOff extends PapRegular {
  /** (LSTSO - LSTOSO) * f, cut to whole euros toward zero, in cents. */
  protected stsFromDifference(): number {
    return mulDivDown(this.LSTSO - this.LSTOSO, this.f.units, this.fPow * 100) * 100;
  }

  /** PAP page 34. */
  protected STSMIN(): void {
    if (this.STS < 0) {
      if (this.p.MBV !== 0) {
        this.LSTLZZ = this.LSTLZZ + this.STS;
        if (this.LSTLZZ < 0) this.LSTLZZ = 0;
        this.SOLZLZZ = divDown(this.SOLZLZZ * 1000 + this.STS * 55, 1000);
        if (this.SOLZLZZ < 0) this.SOLZLZZ = 0;
        this.BK = this.BK + this.STS;
        if (this.BK < 0) this.BK = 0;
      }
      this.STS = 0;
      this.SOLZS = 0;
    } else {
      this.MSOLZSTS();
    }
    this.BKS = this.p.R > 0 ? this.STS : 0;
  }

  /** Soli on one-off payments, PAP page 35. */
  protected MSOLZSTS(): void {
    this.SOLZSZVE = this.p.ZKF.units > 0 ? this.ZVE - this.KFB : this.ZVE;
    if (this.SOLZSZVE < 100) {
      this.SOLZSZVE = 0;
      this.X = 0;
    } else {
      this.X = divDown(this.SOLZSZVE, this.KZTAB * 100) * 100;
    }
    if (this.p.STKL < 5) this.UPTAB();
    else this.MST5_6();
    this.SOLZSBMG = this.stTimesF();
    this.SOLZS = this.SOLZSBMG > this.SOLZFREI ? divDown(this.STS * 55, 1000) : 0;
  }

  /** Annual tax without the one-off payment, PAP page 36. */
  protected MOSONST(): void {
    const p = this.p;
    this.ZRE4J = p.JRE4;
    this.ZVBEZJ = p.JVBEZ;
    this.JLFREIB = p.JFREIB;
    this.JLHINZU = p.JHINZU;
    this.MRE4();
    this.MRE4ABZ();
    this.ZRE4VP = this.ZRE4VP - p.JRE4ENT;
    this.MZTABFB();
    this.VFRBS1 = this.ANP + this.FVB + this.FVBZ;
    this.MLSTJAHR();
    this.WVFRBO = this.ZVE - this.GFB < 0 ? 0 : this.ZVE - this.GFB;
    this.LSTOSO = this.ST;
  }

  /** Allowances with the one-off payment, PAP page 37. */
  protected MRE4SONST(): void {
    const p = this.p;
    this.MRE4();
    this.FVB = this.FVBSO;
    this.MRE4ABZ();
    this.ZRE4VP = this.ZRE4VP + p.MBV - p.JRE4ENT - p.SONSTENT;
    this.FVBZ = this.FVBZSO;
    this.MZTABFB();
    this.VFRBS2 = this.ANP + this.FVB + this.FVBZ - this.VFRBS1;
  }
}
