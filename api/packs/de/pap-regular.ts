// PAP methods for the regular pay period that read the same in Lohnsteuer2025.xml and
// Lohnsteuer2026.xml (their constants come from the year classes). A future PAP that changes one of
// them overrides it in its own year module instead of editing it here, so released years keep theirs.

import { divDown, divUp, mulDivDown, mulDivUp, roundUpTo, truncTo } from './bigdecimal.ts';
import { PapState } from './pap-state.ts';
import { TAB1_MILLI, TAB2_EUR, TAB3_EUR, TAB4_MILLI, TAB5_EUR } from './pap-tables.ts';

export abstract class PapRegular extends PapState {
  /** PAP page 15. */
  protected MRE4JL(): void {
    const p = this.p;
    if (this.LZZ === 1) {
      this.ZRE4J = p.RE4;
      this.ZVBEZJ = p.VBEZ;
      this.JLFREIB = p.LZZFREIB;
      this.JLHINZU = p.LZZHINZU;
    } else if (this.LZZ === 2) {
      this.ZRE4J = p.RE4 * 12;
      this.ZVBEZJ = p.VBEZ * 12;
      this.JLFREIB = p.LZZFREIB * 12;
      this.JLHINZU = p.LZZHINZU * 12;
    } else if (this.LZZ === 3) {
      this.ZRE4J = divDown(p.RE4 * 360, 7);
      this.ZVBEZJ = divDown(p.VBEZ * 360, 7);
      this.JLFREIB = divDown(p.LZZFREIB * 360, 7);
      this.JLHINZU = divDown(p.LZZHINZU * 360, 7);
    } else {
      this.ZRE4J = p.RE4 * 360;
      this.ZVBEZJ = p.VBEZ * 360;
      this.JLFREIB = p.LZZFREIB * 360;
      this.JLHINZU = p.LZZHINZU * 360;
    }
    if (p.af === 0) {
      this.f = { units: 1, scale: 0 };
      this.fPow = 1;
    }
  }

  /** Versorgungsfreibetrag, PAP page 16. */
  protected MRE4(): void {
    const p = this.p;
    if (this.ZVBEZJ === 0) {
      this.FVBZ = 0;
      this.FVB = 0;
      this.FVBZSO = 0;
      this.FVBSO = 0;
    } else {
      this.J = p.VJAHR < 2006 ? 1 : p.VJAHR < 2058 ? p.VJAHR - 2004 : 54;
      const tab2 = TAB2_EUR[this.J] * 100;
      const tab3 = TAB3_EUR[this.J] * 100;
      if (this.LZZ === 1) {
        this.VBEZB = p.VBEZM * this.ZMVB + p.VBEZS;
        this.HFVB = divUp(TAB2_EUR[this.J] * this.ZMVB, 12) * 100;
        this.FVBZ = divUp(TAB3_EUR[this.J] * this.ZMVB, 12) * 100;
      } else {
        this.VBEZB = p.VBEZM * 12 + p.VBEZS;
        this.HFVB = tab2;
        this.FVBZ = tab3;
      }
      this.FVB = mulDivUp(this.VBEZB, TAB1_MILLI[this.J], 1000);
      if (this.FVB > this.HFVB) this.FVB = this.HFVB;
      if (this.FVB > this.ZVBEZJ) this.FVB = this.ZVBEZJ;
      this.FVBSO = divUp(this.FVB * 1000 + this.VBEZBSO * TAB1_MILLI[this.J], 1000);
      if (this.FVBSO > tab2) this.FVBSO = tab2;
      this.HFVBZSO = this.VBEZB + this.VBEZBSO - this.FVBSO;
      this.FVBZSO = roundUpTo(this.FVBZ + this.VBEZBSO, 100);
      if (this.FVBZSO > this.HFVBZSO) this.FVBZSO = roundUpTo(this.HFVBZSO, 100);
      if (this.FVBZSO > tab3) this.FVBZSO = tab3;
      this.HFVBZ = this.VBEZB - this.FVB;
      if (this.FVBZ > this.HFVBZ) this.FVBZ = roundUpTo(this.HFVBZ, 100);
    }
    this.MRE4ALTE();
  }

  /** Altersentlastungsbetrag, PAP page 17. */
  protected MRE4ALTE(): void {
    const p = this.p;
    if (p.ALTER1 === 0) {
      this.ALTE = 0;
    } else {
      this.K = p.AJAHR < 2006 ? 1 : p.AJAHR < 2058 ? p.AJAHR - 2004 : 54;
      this.BMG = this.ZRE4J - this.ZVBEZJ;
      // cents * thousandths = 1e-5 euro; the PAP rounds this one up to whole euros.
      this.ALTE = mulDivUp(this.BMG, TAB4_MILLI[this.K], 100_000) * 100;
      this.HBALTE = TAB5_EUR[this.K] * 100;
      if (this.ALTE > this.HBALTE) this.ALTE = this.HBALTE;
    }
  }

  /** PAP page 20. */
  protected MRE4ABZ(): void {
    this.ZRE4 = this.ZRE4J - this.FVB - this.ALTE - this.JLFREIB + this.JLHINZU;
    if (this.ZRE4 < 0) this.ZRE4 = 0;
    this.ZRE4VP = this.ZRE4J;
    this.ZVBEZ = this.ZVBEZJ - this.FVB;
    if (this.ZVBEZ < 0) this.ZVBEZ = 0;
  }

  /** Feste Tabellenfreibeträge, PAP page 22. */
  protected MZTABFB(): void {
    const STKL = this.p.STKL;
    this.ANP = 0;
    if (this.ZVBEZ >= 0 && this.ZVBEZ < this.FVBZ) this.FVBZ = truncTo(this.ZVBEZ, 100);
    if (STKL < 6) {
      if (this.ZVBEZ > 0) {
        this.ANP = this.ZVBEZ - this.FVBZ < 10_200 ? roundUpTo(this.ZVBEZ - this.FVBZ, 100) : 10_200;
      }
    } else {
      this.FVBZ = 0;
      this.FVBZSO = 0;
    }
    if (STKL < 6 && this.ZRE4 > this.ZVBEZ) {
      if (this.ZRE4 - this.ZVBEZ < 123_000) this.ANP = roundUpTo(this.ANP + this.ZRE4 - this.ZVBEZ, 100);
      else this.ANP = this.ANP + 123_000;
    }
    this.KZTAB = 1;
    if (STKL === 1) {
      this.SAP = 3600;
      this.KFB = this.kinderfreibetrag(this.KFB_PER_CHILD);
    } else if (STKL === 2) {
      this.EFA = 426_000;
      this.SAP = 3600;
      this.KFB = this.kinderfreibetrag(this.KFB_PER_CHILD);
    } else if (STKL === 3) {
      this.KZTAB = 2;
      this.SAP = 3600;
      this.KFB = this.kinderfreibetrag(this.KFB_PER_CHILD);
    } else if (STKL === 4) {
      this.SAP = 3600;
      this.KFB = this.kinderfreibetrag(this.KFB_PER_CHILD_STKL4);
    } else if (STKL === 5) {
      this.SAP = 3600;
      this.KFB = 0;
    } else {
      this.KFB = 0;
    }
    this.ZTABFB = this.EFA + this.ANP + this.SAP + this.FVBZ;
  }

  /** (ZKF * perChild).setScale(0, ROUND_DOWN). */
  private kinderfreibetrag(perChildEur: number): number {
    const zkf = this.p.ZKF;
    return mulDivDown(zkf.units, perChildEur, 10 ** zkf.scale) * 100;
  }

  /** Jahreslohnsteuer, PAP page 23. */
  protected MLSTJAHR(): void {
    this.UPEVP();
    this.ZVE = this.ZRE4 - this.ZTABFB - this.VSP;
    this.UPMLST();
  }

  protected UPLSTLZZ(): void {
    this.JW = this.LSTJAHR;
    this.UPANTEIL();
    this.LSTLZZ = this.ANTEIL1;
  }

  protected UPMLST(): void {
    if (this.ZVE < 100) {
      this.ZVE = 0;
      this.X = 0;
    } else {
      this.X = divDown(this.ZVE, this.KZTAB * 100) * 100;
    }
    if (this.p.STKL < 5) this.UPTAB();
    else this.MST5_6();
  }

  /** (ST + (a - b) * ratePercent/100).setScale(0, ROUND_DOWN), all in cents. */
  private static addShare(ST: number, a: number, b: number, ratePercent: number): number {
    return divDown(ST * 100 + (a - b) * ratePercent, 10_000) * 100;
  }

  /** Lohnsteuer in classes V and VI, PAP page 29. */
  protected MST5_6(): void {
    this.ZZX = this.X;
    if (this.ZZX > this.W2STKL5) {
      this.ZX = this.W2STKL5;
      this.UP5_6();
      if (this.ZZX > this.W3STKL5) {
        this.ST = PapRegular.addShare(this.ST, this.W3STKL5, this.W2STKL5, 42);
        this.ST = PapRegular.addShare(this.ST, this.ZZX, this.W3STKL5, 45);
      } else {
        this.ST = PapRegular.addShare(this.ST, this.ZZX, this.W2STKL5, 42);
      }
    } else {
      this.ZX = this.ZZX;
      this.UP5_6();
      if (this.ZZX > this.W1STKL5) {
        this.VERGL = this.ST;
        this.ZX = this.W1STKL5;
        this.UP5_6();
        this.HOCH = PapRegular.addShare(this.ST, this.ZZX, this.W1STKL5, 42);
        this.ST = this.HOCH < this.VERGL ? this.HOCH : this.VERGL;
      }
    }
  }

  /** The part of UP5_6 after ST1 and ST2 are known, PAP page 30. */
  protected UP5_6_MIN(): void {
    this.DIFF = (this.ST1 - this.ST2) * 2;
    this.MIST = divDown(this.ZX * 14, 10_000) * 100;
    this.ST = this.MIST > this.DIFF ? this.MIST : this.DIFF;
  }

  /** Solidaritätszuschlag and church-tax base, PAP page 31. */
  protected MSOLZ(): void {
    this.SOLZFREI = this.SOLZFREI * this.KZTAB;
    if (this.JBMG > this.SOLZFREI) {
      this.SOLZJ = divDown(this.JBMG * 55, 1000);
      this.SOLZMIN = divDown((this.JBMG - this.SOLZFREI) * 119, 1000);
      if (this.SOLZMIN < this.SOLZJ) this.SOLZJ = this.SOLZMIN;
      this.JW = this.SOLZJ;
      this.UPANTEIL();
      this.SOLZLZZ = this.ANTEIL1;
    } else {
      this.SOLZLZZ = 0;
    }
    if (this.p.R > 0) {
      this.JW = this.JBMG;
      this.UPANTEIL();
      this.BK = this.ANTEIL1;
    } else {
      this.BK = 0;
    }
  }

  /** Share of an annual amount for the pay period, PAP page 32. */
  protected UPANTEIL(): void {
    if (this.LZZ === 1) this.ANTEIL1 = this.JW;
    else if (this.LZZ === 2) this.ANTEIL1 = divDown(this.JW, 12);
    else if (this.LZZ === 3) this.ANTEIL1 = divDown(this.JW * 7, 360);
    else this.ANTEIL1 = divDown(this.JW, 360);
  }
}
