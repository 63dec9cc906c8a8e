// Lohnsteuer 2026: the methods of Lohnsteuer2026.xml (ITZBund, Stand 2025-10-23) that differ from
// PAP 2025, plus MAIN. The 12% minimum Vorsorgepauschale is gone; unemployment insurance (ALV) and the
// employer's private-insurance subsidy (PKPVAGZ) are new inputs. Amounts are integer cents throughout.

import { divDown, mulDivDown, roundUpTo } from './bigdecimal.ts';
import { PapOneOff } from './pap-one-off.ts';
import { RATE_UNIT } from './pap-state.ts';
import { tariffTax, type TariffConstants } from './pap-tariff.ts';
import type { PapCents, PapParams } from './pap-types.ts';

export const TARIFF_2026: TariffConstants = {
  GFB: 1_234_800,
  ZONE3_FROM: 1_780_000,
  ZONE3_ORIGIN: 1_779_900,
  ZONE4_FROM: 6_987_900,
  ZONE5_FROM: 27_782_600,
  ZONE2_COEF: 91_451,
  ZONE3_COEF: 17_310,
  ZONE3_CONST: 103_487,
  ZONE4_MINUS: 1_113_563,
  ZONE5_MINUS: 1_947_038,
};

export class Pap2026 extends PapOneOff {
  protected readonly KFB_PER_CHILD = 9756;
  protected readonly KFB_PER_CHILD_STKL4 = 4878;

  private AVSATZAN = 0;
  private BBGKVPV = 0;
  private BBGRVALV = 0;
  private PKPVAGZJ = 0;
  private VSPALV = 0;
  private VSPHB = 0;
  private VSPKVPV = 0;
  private VSPR = 0;
  private ZRE4VPR = 0;

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
      VFRB: this.VFRB,
      VFRBS1: this.VFRBS1,
      VFRBS2: this.VFRBS2,
      WVFRB: this.WVFRB,
      WVFRBO: this.WVFRBO,
      WVFRBM: this.WVFRBM,
    };
  }

  /** Tax and social-insurance parameters, PAP page 14. */
  private MPARA(): void {
    const p = this.p;
    this.BBGRVALV = 10_140_000;
    this.AVSATZAN = 13_000;
    this.RVSATZAN = 93_000;
    this.BBGKVPV = 6_975_000;
    // KVZ / 2 / 100 + 0.07: KVZ arrives in thousandths of a percent.
    this.KVSATZAN = p.KVZ_MILLI * 5 + 70_000;
    this.PVSATZAN = p.PVS === 1 ? 23_000 : 18_000;
    if (p.PVZ === 1) this.PVSATZAN = this.PVSATZAN + 6000;
    else this.PVSATZAN = this.PVSATZAN - p.PVA_CENTI * 25;
    this.W1STKL5 = 1_407_100;
    this.W2STKL5 = 3_493_900;
    this.W3STKL5 = 22_226_000;
    this.GFB = 1_234_800;
    this.SOLZFREI = 2_035_000;
  }

  /** Regular pay periods, PAP page 21. */
  private MBERECH(): void {
    this.MZTABFB();
    this.VFRB = this.ANP + this.FVB + this.FVBZ;
    this.MLSTJAHR();
    this.WVFRB = this.ZVE - this.GFB < 0 ? 0 : this.ZVE - this.GFB;
    this.LSTJAHR = this.stTimesF();
    this.UPLSTLZZ();
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

  /** Vorsorgepauschale, PAP page 26. */
  protected UPEVP(): void {
    if (this.p.KRV === 1) {
      this.VSPR = 0;
    } else {
      this.ZRE4VPR = this.ZRE4VP > this.BBGRVALV ? this.BBGRVALV : this.ZRE4VP;
      this.VSPR = mulDivDown(this.ZRE4VPR, this.RVSATZAN, RATE_UNIT);
    }
    this.MVSPKVPV();
    if (this.p.ALV !== 1 && this.p.STKL !== 6) this.MVSPHB();
  }

  /** Health and care part of the Vorsorgepauschale, PAP page 27. */
  private MVSPKVPV(): void {
    const p = this.p;
    this.ZRE4VPR = this.ZRE4VP > this.BBGKVPV ? this.BBGKVPV : this.ZRE4VP;
    if (p.PKV > 0) {
      if (p.STKL === 6) {
        this.VSPKVPV = 0;
      } else {
        this.PKPVAGZJ = p.PKPVAGZ * 12;
        this.VSPKVPV = p.PKPV * 12;
        this.VSPKVPV = this.VSPKVPV - this.PKPVAGZJ;
        if (this.VSPKVPV < 0) this.VSPKVPV = 0;
      }
    } else {
      this.VSPKVPV = mulDivDown(this.ZRE4VPR, this.KVSATZAN + this.PVSATZAN, RATE_UNIT);
    }
    this.VSP = roundUpTo(this.VSPKVPV + this.VSPR, 100);
  }

  /** Unemployment part, capped with health and care at 1,900 euros, PAP page 28. */
  private MVSPHB(): void {
    this.ZRE4VPR = this.ZRE4VP > this.BBGRVALV ? this.BBGRVALV : this.ZRE4VP;
    this.VSPALV = mulDivDown(this.AVSATZAN, this.ZRE4VPR, RATE_UNIT);
    this.VSPHB = this.VSPALV + this.VSPKVPV;
    if (this.VSPHB > 190_000) this.VSPHB = 190_000;
    this.VSPN = roundUpTo(this.VSPR + this.VSPHB, 100);
    if (this.VSPN > this.VSP) this.VSP = this.VSPN;
  }

  /** PAP page 30; X is cut to whole euros since 2026. */
  protected UP5_6(): void {
    this.X = divDown(this.ZX * 125, 10_000) * 100;
    this.UPTAB();
    this.ST1 = this.ST;
    this.X = divDown(this.ZX * 75, 10_000) * 100;
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
      this.LSTSO = 0;
      this.STS = 0;
      this.SOLZS = 0;
      this.BKS = 0;
    } else {
      this.MOSONST();
      this.ZRE4J = p.JRE4 + p.SONSTB;
      this.ZVBEZJ = p.JVBEZ + p.VBS;
      this.VBEZBSO = p.STERBE;
      this.MRE4SONST();
      this.MLSTJAHR();
      this.WVFRBM = this.ZVE - this.GFB < 0 ? 0 : this.ZVE - this.GFB;
      this.LSTSO = this.ST;
      this.STS = this.stsFromDifference();
      this.STSMIN();
    }
  }

  /** UPTAB26, PAP page 38. */
  protected UPTAB(): void {
    this.ST = tariffTax(this.X, TARIFF_2026) * this.KZTAB;
  }
}
