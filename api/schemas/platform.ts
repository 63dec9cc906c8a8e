// Partners, tenants, bindings, partner keys, tokens and the caller context: request bodies and the
// shapes of their answers. Tenants and bindings are open objects (extra fields may appear).
import { z } from 'zod';
import { ROLES } from '../model/caller.ts';
import { unknownComponents, unknownComponentsMessage } from '../model/components.ts';
import { employeeRef, jurisdiction, originPattern, reasonField, timestamp } from './common.ts';

export const environment = z.enum(['sandbox', 'live']);

// ---- requests

export const createTenantBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'Lowercase letters, digits and dashes, 2-63 characters.')
    .refine((s) => !s.startsWith('ten_'), 'Slugs cannot look like tenant ids.')
    .optional(),
  jurisdiction: jurisdiction.default('AU'),
  engine: z.string().default('mock'),
  pack_version: z.string().optional(),
  connection_id: z
    .string()
    .regex(/^cin_[A-Za-z0-9_-]+$/, 'Expected a cin_ connection id.')
    .optional(),
  connector_pack: z.enum(['acct_company', 'acct_partner']).optional(),
  engine_tenant_ref: z.string().min(1).max(200).optional(),
});
export type CreateTenantInput = z.output<typeof createTenantBody>;

export const repinBindingBody = z.strictObject({ pack_version: z.string().min(1), ...reasonField });

export const sessionId = z.string().regex(/^ses_[a-f0-9]+$/, 'Expected a ses_ session id.');

const scopeList = z.union([z.literal('*'), z.array(z.string().min(1)).max(500)]);

/** Component names, reported with the other field errors of the body (the mint services check them too). */
const componentList = z
  .array(z.string())
  .min(1)
  .superRefine((names, c) => {
    const bad = unknownComponents(names);
    if (bad.length) c.addIssue({ code: 'custom', message: unknownComponentsMessage(bad) });
  });

export const embedTokenBody = z.strictObject({
  components: componentList,
  employee_id: employeeRef.optional(),
  origin: originPattern.optional(),
});
export type EmbedTokenInput = z.output<typeof embedTokenBody>;

export const userTokenBody = z.strictObject({
  role: z.enum(ROLES).default('viewer'),
  scope: z.strictObject({ cost_centres: scopeList.optional(), sites: scopeList.optional() }).optional(),
  components: componentList.optional(),
  employee_id: employeeRef.optional(),
  origin: originPattern.optional(),
  user_id: z.string().min(1).max(100).optional(),
  user_name: z.string().min(1).max(200).optional(),
});
export type UserTokenInput = z.output<typeof userTokenBody>;

// ---- answers

export const capabilityMatrix = z.record(z.string(), z.enum(['native', 'unsupported']));

export const tenantSchema = z.looseObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  jurisdiction: z.string(),
  group: z.looseObject({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  environment,
  created_at: timestamp,
});

export const bindingSchema = z.looseObject({
  id: z.string(),
  role: z.enum(['hub', 'substrate']),
  engine: z.string(),
  pack: z.string(),
  pack_version: z.string(),
  status: z.string(),
  capabilities: capabilityMatrix.nullable(),
  connection_id: z.string().nullable(),
  connector_pack: z.string().nullable(),
  engine_tenant_ref: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const partnerKeySchema = z.object({
  id: z.string(),
  environment,
  hint: z.string(),
  created_at: timestamp,
  revoked_at: timestamp.nullable(),
  status: z.enum(['active', 'revoked']),
});

/** A freshly minted key: the raw key is shown this once (an idempotent replay answers null in its place). */
export const mintedKeySchema = partnerKeySchema.extend({ key: z.string().nullable() });

export const sessionRevocationSchema = z.object({ session_id: z.string(), revoked: z.literal(true) });

export const scopeSchema = z.object({ cost_centres: scopeList, sites: scopeList });

/** A token is shown once, like a key: an idempotent replay of its mint answers null in its place. */
const mintedToken = z.string().nullable();

export const embedTokenSchema = z.object({ token: mintedToken, expires_in: z.number().int() });

export const userTokenSchema = z.object({
  token: mintedToken,
  expires_in: z.number().int(),
  role: z.enum(ROLES),
  scope: scopeSchema,
  user_id: z.string(),
  session_id: z.string(),
});

/** `GET /me`: the caller decoded from its credential; tokens add their origin, session and expiry. */
export const callerContextSchema = z.object({
  mode: z.enum(['partner', 'embed', 'user']),
  user: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  role: z.enum(ROLES).nullable(),
  scope: scopeSchema,
  components: z.array(z.string()),
  employee_id: z.string().nullable(),
  environment,
  origin: z.string().nullable().optional(),
  session_id: z.string().optional(),
  expires_at: timestamp.optional(),
  /** Tokens: the users whose tokens minted this one, nearest first (empty when a partner key minted it). */
  delegated_by: z.array(z.string()).optional(),
});
