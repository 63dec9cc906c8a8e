// Regulation packs as the API shows them. Pack objects are open: further members may appear.
import { z } from 'zod';
import { CAPABILITIES } from '../packs/types.ts';

const capabilityLevel = z.enum(['native', 'unsupported']);
const capabilityMatrix = z.partialRecord(z.enum(CAPABILITIES), capabilityLevel);
const versionInfo = z.looseObject({
  version: z.string(),
  effective: z.object({ from: z.string(), to: z.string().nullable() }),
  /** The matrix a tenant pinned to this version has (before its engine narrows it). */
  capabilities: capabilityMatrix.optional(),
});

export const packSummarySchema = z.looseObject({
  code: z.string(),
  jurisdiction: z.string(),
  name: z.string(),
  current_version: z.string(),
});

/** A row of `GET /v1/packs`: the summary with its status and versions. */
export const packListItemSchema = packSummarySchema.extend({
  status: z.enum(['draft', 'beta', 'certified']),
  versions: z.array(versionInfo),
});

export const packDetailSchema = packSummarySchema.extend({
  status: z.enum(['draft', 'beta', 'certified']),
  maintainer: z.string(),
  scope: z.array(z.string()),
  lodgement_rails: z.array(z.looseObject({ type: z.string(), channel: z.string(), status: z.string() })),
  versions: z.array(versionInfo),
  capabilities: capabilityMatrix,
});

/** One binding of the tenant with its pack and the capability matrix its engine adapter gives. */
export const tenantPackViewSchema = z.object({
  binding_id: z.string(),
  engine: z.string(),
  role: z.string(),
  pinned_version: z.string(),
  pack: packSummarySchema,
  capabilities: capabilityMatrix.nullable(),
  capability_basis: z
    .partialRecord(z.enum(CAPABILITIES), z.enum(['grant_verified', 'grant_denied', 'pack_only', 'unknown']))
    .nullable(),
  capability_grant_state: z.enum(['fresh', 'stale', 'absent']).nullable(),
});
