// The registry of regulation packs. Routes and engines look packs up here; packs know nothing of the service.
import type { CapabilityMatrix, Jurisdiction, PackMeta } from './types.ts';
import { auPack } from './au/pack.ts';
import { dePack } from './de/pack.ts';
import { nzPack, ukPack, usPack } from './draft-packs.ts';

export const PACKS: readonly PackMeta[] = [auPack, dePack, nzPack, ukPack, usPack];

export const getPack = (code: string): PackMeta | undefined => PACKS.find((p) => p.code === code.toUpperCase());

export const packFor = (j: Jurisdiction): PackMeta => getPack(j)!;

export const releasedVersions = (p: PackMeta) => p.versions.filter((v) => v.released).map((v) => v.version);

/** The latest pack version whose effective range covers a date, if any (a year may have several releases). */
export const versionCovering = (p: PackMeta, date: string) =>
  p.versions.findLast((v) => v.effective.from <= date && (v.effective.to === null || date <= v.effective.to));

/** The capability matrix of one pinned version: the pack's, with what that version adds or lacks. */
export function versionCapabilities(p: PackMeta, version: string): CapabilityMatrix {
  return { ...p.capabilities, ...p.versions.find((v) => v.version === version)?.capabilities };
}

export function packSummary(p: PackMeta) {
  return { code: p.code, jurisdiction: p.jurisdiction, name: p.name, current_version: p.current_version };
}

export function packDetail(p: PackMeta) {
  return {
    ...packSummary(p),
    status: p.status,
    maintainer: p.maintainer,
    currency: p.currency,
    scope: p.scope,
    lodgement_rails: p.lodgement_rails,
    versions: p.versions.map((v) => ({
      version: v.version,
      effective: v.effective,
      released: v.released,
      capabilities: versionCapabilities(p, v.version),
    })),
    // What a tenant provisioned today gets: the current version's matrix.
    capabilities: versionCapabilities(p, p.current_version),
  };
}
