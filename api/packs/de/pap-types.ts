// Inputs and outputs of the BMF Programmablaufplan (PAP), named exactly as in the XML so a reader can
// hold the TypeScript next to Lohnsteuer2025.xml / Lohnsteuer2026.xml.

import type { Dec } from '../../lib/money.ts';
import { parseDecimal, toScaled, type Scaled } from './bigdecimal.ts';

export type PapYear = 2025 | 2026;
/** An amount in integer cents, as the PAP takes it. */
export type PapCentsValue = number | string | Dec;
/** A decimal parameter (factor, rate in percent, number of child allowances). */
export type PapDecimalValue = number | string | Dec;

/** The full PAP input set; `ALV` and `PKPVAGZ` exist from 2026 only. */
export interface PapInput {
  af: number;
  AJAHR: number;
  ALTER1: number;
  ALV: number;
  f: PapDecimalValue;
  JFREIB: PapCentsValue;
  JHINZU: PapCentsValue;
  JRE4: PapCentsValue;
  JRE4ENT: PapCentsValue;
  JVBEZ: PapCentsValue;
  KRV: number;
  KVZ: PapDecimalValue;
  LZZ: number;
  LZZFREIB: PapCentsValue;
  LZZHINZU: PapCentsValue;
  MBV: PapCentsValue;
  PKPV: PapCentsValue;
  PKPVAGZ: PapCentsValue;
  PKV: number;
  PVA: PapDecimalValue;
  PVS: number;
  PVZ: number;
  R: number;
  RE4: PapCentsValue;
  SONSTB: PapCentsValue;
  SONSTENT: PapCentsValue;
  STERBE: PapCentsValue;
  STKL: number;
  VBEZ: PapCentsValue;
  VBEZM: PapCentsValue;
  VBEZS: PapCentsValue;
  VBS: PapCentsValue;
  VJAHR: number;
  ZKF: PapDecimalValue;
  ZMVB: number;
}

/** PAP outputs in integer cents. VKVLZZ / VKVSONST exist in PAP 2025 only. */
export interface PapCents {
  LSTLZZ: number;
  SOLZLZZ: number;
  BK: number;
  STS: number;
  SOLZS: number;
  BKS: number;
  VKVLZZ?: number;
  VKVSONST?: number;
  VFRB: number;
  VFRBS1: number;
  VFRBS2: number;
  WVFRB: number;
  WVFRBO: number;
  WVFRBM: number;
}

export type PapOutput = { [K in keyof PapCents]: Dec };

/**
 * Inputs after validation: amounts in integer cents, KVZ in thousandths of a percent, PVA in
 * hundredths, f and ZKF as exact decimals. Every run starts from one of these.
 */
export interface PapParams {
  af: number;
  AJAHR: number;
  ALTER1: number;
  ALV: number;
  f: Scaled;
  JFREIB: number;
  JHINZU: number;
  JRE4: number;
  JRE4ENT: number;
  JVBEZ: number;
  KRV: number;
  KVZ_MILLI: number;
  LZZ: number;
  LZZFREIB: number;
  LZZHINZU: number;
  MBV: number;
  PKPV: number;
  PKPVAGZ: number;
  PKV: number;
  PVA_CENTI: number;
  PVS: number;
  PVZ: number;
  R: number;
  RE4: number;
  SONSTB: number;
  SONSTENT: number;
  STERBE: number;
  STKL: number;
  VBEZ: number;
  VBEZM: number;
  VBEZS: number;
  VBS: number;
  VJAHR: number;
  ZKF: Scaled;
  ZMVB: number;
}

// Amounts are capped so every intermediate sum stays an exact float64 integer (products that may pass
// 2^53 go through mulDiv*). One billion euros per field per period is far beyond any payroll.
const MAX_CENTS = 100_000_000_000;
const MAX_INT = 1_000_000;
const ONE: Scaled = { units: 1, scale: 0 };
const ZERO: Scaled = { units: 0, scale: 0 };

function cents(v: PapCentsValue | undefined, name: string): number {
  if (v === undefined) return 0;
  const c = typeof v === 'number' && Number.isSafeInteger(v) ? v : toScaled(v, 0, name);
  if (c > MAX_CENTS || c < -MAX_CENTS) throw new RangeError(`${name}: beyond ±${MAX_CENTS} cents`);
  return c;
}

function int(v: number | undefined, name: string, fallback: number, min = -MAX_INT, max = MAX_INT): number {
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || v < min || v > max) throw new RangeError(`${name}: integer in ${min}..${max} expected`);
  return v;
}

function decimal(v: PapDecimalValue | undefined, name: string, fallback: Scaled): Scaled {
  if (v === undefined) return fallback;
  const p = parseDecimal(v, name);
  if (p.scale > 9) throw new RangeError(`${name}: at most 9 decimals`);
  return p;
}

/** Applies the XML defaults (0, af 1, f 1.0, LZZ 1, STKL 1) and checks the PAP's value domains. */
export function papParams(year: PapYear, input: Partial<PapInput>): PapParams {
  if (year === 2025 && (input.ALV !== undefined || input.PKPVAGZ !== undefined)) {
    const alv = input.ALV ?? 0;
    const agz = input.PKPVAGZ === undefined ? 0 : cents(input.PKPVAGZ, 'PKPVAGZ');
    if (alv !== 0 || agz !== 0) throw new RangeError('ALV and PKPVAGZ are PAP 2026 inputs; PAP 2025 has no such field');
  }
  if (year === 2026 && input.PKV === 2)
    throw new RangeError('PKV 2 no longer exists in PAP 2026; pass PKPVAGZ instead');
  const f = decimal(input.f, 'f', ONE);
  if (f.units < 0) throw new RangeError('f: must not be negative');
  const zkf = decimal(input.ZKF, 'ZKF', ZERO);
  if (zkf.units < 0) throw new RangeError('ZKF: must not be negative');
  return {
    af: int(input.af, 'af', 1, 0, 1),
    AJAHR: int(input.AJAHR, 'AJAHR', 0),
    ALTER1: int(input.ALTER1, 'ALTER1', 0, 0, 1),
    ALV: int(input.ALV, 'ALV', 0, 0, 1),
    f,
    JFREIB: cents(input.JFREIB, 'JFREIB'),
    JHINZU: cents(input.JHINZU, 'JHINZU'),
    JRE4: cents(input.JRE4, 'JRE4'),
    JRE4ENT: cents(input.JRE4ENT, 'JRE4ENT'),
    JVBEZ: cents(input.JVBEZ, 'JVBEZ'),
    KRV: int(input.KRV, 'KRV', 0, 0, 1),
    KVZ_MILLI: input.KVZ === undefined ? 0 : toScaled(input.KVZ, 3, 'KVZ'),
    LZZ: int(input.LZZ, 'LZZ', 1, 1, 4),
    LZZFREIB: cents(input.LZZFREIB, 'LZZFREIB'),
    LZZHINZU: cents(input.LZZHINZU, 'LZZHINZU'),
    MBV: cents(input.MBV, 'MBV'),
    PKPV: cents(input.PKPV, 'PKPV'),
    PKPVAGZ: cents(input.PKPVAGZ, 'PKPVAGZ'),
    PKV: int(input.PKV, 'PKV', 0, 0, 2),
    PVA_CENTI: input.PVA === undefined ? 0 : toScaled(input.PVA, 2, 'PVA'),
    PVS: int(input.PVS, 'PVS', 0, 0, 1),
    PVZ: int(input.PVZ, 'PVZ', 0, 0, 1),
    R: int(input.R, 'R', 0, 0, MAX_INT),
    RE4: cents(input.RE4, 'RE4'),
    SONSTB: cents(input.SONSTB, 'SONSTB'),
    SONSTENT: cents(input.SONSTENT, 'SONSTENT'),
    STERBE: cents(input.STERBE, 'STERBE'),
    STKL: int(input.STKL, 'STKL', 1, 1, 6),
    VBEZ: cents(input.VBEZ, 'VBEZ'),
    VBEZM: cents(input.VBEZM, 'VBEZM'),
    VBEZS: cents(input.VBEZS, 'VBEZS'),
    VBS: cents(input.VBS, 'VBS'),
    VJAHR: int(input.VJAHR, 'VJAHR', 0),
    ZKF: zkf,
    ZMVB: int(input.ZMVB, 'ZMVB', 0, 0, 12),
  };
}
