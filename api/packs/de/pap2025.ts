// Lohnsteuer 2025: the methods of Lohnsteuer2025.xml (ITZBund, Stand 2025-09-17) that differ from
// PAP 2026, plus MAIN. Shared methods live in pap-regular.ts and pap-one-off.ts; amounts are integer
// cents throughout.

import { divDown, mulDivDown, roundUpTo, subProductDivDown } from './bigdecimal.ts';
import { PapOneOff } from './pap-one-off.ts';
import { RATE_UNIT } from './pap-state.ts';
import { tariffTax, type TariffConstants } from './pap-tariff.ts';
import type { PapCents, PapParams } from './pap-types.ts';

export const TARIFF_2025: TariffConstants = {
  GFB: 1_209_600,
  ZONE3_FROM: 1_744_400,
  ZONE3_ORIGIN: 1_744_300,
  ZONE4_FROM: 6_848_100,
  ZONE5_FROM: 27_782_600,
  ZONE2_COEF: 93_230,
  ZONE3_COEF: 17_664,
  ZONE3_CONST: 101_513,
  ZONE4_MINUS: 1_091_192,
  ZONE5_MINUS: 1_924_667,
};

export class Pap2025 extends PapOneOff {
  protected readonly KFB_PER_CHILD = 9600;
  protected readonly KFB_PER_CHILD_STKL4 = 4800;

  VKVLZZ = 0;
  VKVSONST = 0;

  private BBGKVPV = 0;
  private BBGRV = 0;
  private KVSATZAG = 0;
  private PVSATZAG = 0;
  private VHB = 0;
  private VKV = 0;
  private VSP1 = 0;
  private VSP2 = 0;
  private VSP3 = 0;

  constructor(params: PapParams) {
    super(params);
  }

  run(): PapCents {
    this.MPARA();
    this.MRE4JL();
    this.VBEZBSO = 0;
    this.MRE4();
    this.MRE4ABZ();
    this.MBERECH();
    this.MSONST();
    return {
      LSTLZZ: this.LSTLZZ,
      SOLZLZZ: this.SOLZLZZ,
      BK: this.BK,
      STS: this.STS,
      SOLZS: this.SOLZS,
      BKS: this.BKS,
      VKVLZZ: this.VKVLZZ,
      VKVSONST: this.VKVSONST,
      VFRB: this.VFRB,
      VFRBS1: this.VFRBS1,
      VFRBS2: this.VFRBS2,
      WVFRB: this.WVFRB,
      WVFRBO: this.WVFRBO,
      WVFRBM: this.WVFRBM,
    };
  }

  /** Social-insurance and tariff parameters, PAP page 14. */
  private MPARA(): void {
    const p = this.p;
    if (p.KRV < 1) {
      this.BBGRV = 9_660_000;
      this.RVSATZAN = 93_000;
    }
    this.BBGKVPV = 6_615_000;
    // KVZ / 2 / 100 + 0.07: KVZ arrives in thousandths of a percent.
    this.KVSATZAN = p.KVZ_MILLI * 5 + 70_000;
    this.KVSATZAG = 12_500 + 70_000;
    if (p.PVS === 1) {
      this.PVSATZAN = 23_000;
      this.PVSATZAG = 13_000;
    } else {
      this.PVSATZAN = 18_000;
      this.PVSATZAG = 18_000;
    }
    if (p.PVZ === 1) this.PVSATZAN = this.PVSATZAN + 6000;
    else this.PVSATZAN = this.PVSATZAN - p.PVA_CENTI * 25;
    this.W1STKL5 = 1_378_500;
    this.W2STKL5 = 3_424_000;
    this.W3STKL5 = 22_226_000;
    this.GFB = 1_209_600;
    this.SOLZFREI = 1_995_000;
  }

  /** Regular pay periods, PAP page 21. */
  private MBERECH(): void {
    this.MZTABFB();
    this.VFRB = this.ANP + this.FVB + this.FVBZ;
    this.MLSTJAHR();
    this.WVFRB = this.ZVE - this.GFB < 0 ? 0 : this.ZVE - this.GFB;
    this.LSTJAHR = this.stTimesF();
    this.UPLSTLZZ();
    this.UPVKVLZZ();
    if (this.p.ZKF.units > 0) {
      this.ZTABFB = this.ZTABFB + this.KFB;
      this.MRE4ABZ();
      this.MLSTJAHR();
      this.JBMG = this.stTimesF();
    } else {
      this.JBMG = this.LSTJAHR;
    }
    this.MSOLZ();
  }

  /** PAP page 24. */
  private UPVKVLZZ(): void {
    this.UPVKV();
    this.JW = this.VKV;
    this.UPANTEIL();
    this.VKVLZZ = this.ANTEIL1;
  }

  /** PAP page 24. */
  private UPVKV(): void {
    if (this.p.PKV > 0) this.VKV = this.VSP2 > this.VSP3 ? this.VSP2 : this.VSP3;
    else this.VKV = 0;
  }

  /** Vorsorgepauschale with the 12% minimum, PAP page 27. */
  protected UPEVP(): void {
    if (this.p.KRV === 1) {
      this.VSP1 = 0;
    } else {
      if (this.ZRE4VP > this.BBGRV) this.ZRE4VP = this.BBGRV;
      this.VSP1 = mulDivDown(this.ZRE4VP, this.RVSATZAN, RATE_UNIT);
    }
    this.VSP2 = mulDivDown(this.ZRE4VP, 12, 100);
    this.VHB = this.p.STKL === 3 ? 300_000 : 190_000;
    if (this.VSP2 > this.VHB) this.VSP2 = this.VHB;
    this.VSPN = roundUpTo(this.VSP1 + this.VSP2, 100);
    this.MVSP();
    if (this.VSPN > this.VSP) this.VSP = this.VSPN;
  }

  /** Vorsorgepauschale from actual health and care contributions, PAP page 28. */
  private MVSP(): void {
    const p = this.p;
    if (this.ZRE4VP > this.BBGKVPV) this.ZRE4VP = this.BBGKVPV;
    if (p.PKV > 0) {
      if (p.STKL === 6) {
        this.VSP3 = 0;
      } else {
        this.VSP3 = p.PKPV * 12;
        if (p.PKV === 2) {
          this.VSP3 = subProductDivDown(this.VSP3, this.ZRE4VP, this.KVSATZAG + this.PVSATZAG, RATE_UNIT);
        }
      }
    } else {
      this.VSP3 = mulDivDown(this.ZRE4VP, this.KVSATZAN + this.PVSATZAN, RATE_UNIT);
    }
    this.VSP = roundUpTo(this.VSP3 + this.VSP1, 100);
  }

  /** PAP page 30. */
  protected UP5_6(): void {
    this.X = divDown(this.ZX * 125, 100);
    this.UPTAB();
    this.ST1 = this.ST;
    this.X = divDown(this.ZX * 75, 100);
    this.UPTAB();
    this.ST2 = this.ST;
    this.UP5_6_MIN();
  }

  /** One-off payments, PAP page 33. */
  private MSONST(): void {
    const p = this.p;
    this.LZZ = 1;
    if (this.ZMVB === 0) this.ZMVB = 12;
    if (p.SONSTB === 0 && p.MBV === 0) {
      this.VKVSONST = 0;
      this.LSTSO = 0;
      this.STS = 0;
      this.SOLZS = 0;
      this.BKS = 0;
    } else {
      this.MOSONST();
      this.UPVKV();
      this.VKVSONST = this.VKV;
      this.ZRE4J = p.JRE4 + p.SONSTB;
      this.ZVBEZJ = p.JVBEZ + p.VBS;
      this.VBEZBSO = p.STERBE;
      this.MRE4SONST();
      this.MLSTJAHR();
      this.WVFRBM = this.ZVE - this.GFB < 0 ? 0 : this.ZVE - this.GFB;
      this.UPVKV();
      this.VKVSONST = this.VKV - this.VKVSONST;
      this.LSTSO = this.ST;
      this.STS = this.stsFromDifference();
      this.STSMIN();
    }
  }

  /** UPTAB25, PAP page 38. */
  protected UPTAB(): void {
    this.ST = tariffTax(this.X, TARIFF_2025) * this.KZTAB;
  }
}
