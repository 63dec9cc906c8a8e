import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import type { PartnerCaller } from '../services/caller.ts';
import type { TenantTable } from '../store/schema.ts';
import { createTenant } from '../services/tenants.ts';
import { contextFor, publicBinding, publicTenant } from '../services/tenant-context.ts';
import { createKey, publicKey } from '../services/partner-keys.ts';
import { pageOf, pageQuery, decodeCursor } from '../http/pagination.ts';
import { badRequest, notFound, stateConflict } from '../lib/errors.ts';
import { jurisdiction, reasonField, tenantParams } from '../schemas/common.ts';
import { getPack, releasedVersions } from '../packs/index.ts';

const createTenantBody = z.strictObject({
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

const partnerOf = (c: unknown) => c as PartnerCaller;

export const partnerRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/v1/partners/tenants',
    tag: 'tenants',
    summary: 'Provision a tenant with its engine binding',
    body: createTenantBody,
    moneyMoving: true,
    response: { status: 201, description: 'tenant and binding' },
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const out = await createTenant(r, partnerOf(ctx.caller), ctx.body, ctx.now);
        return {
          status: 201,
          data: { tenant: out.tenant, binding: out.binding },
          evidence: {
            chain: out.tenant.id,
            mock: out.mock,
            action: 'tenant.provisioned',
            resource: out.tenant.id,
            decision: {
              engine: out.binding.engine,
              pack_version: out.binding.pack_version,
              jurisdiction: out.tenant.jurisdiction,
            },
          },
        };
      }),
  },
  {
    method: 'get',
    path: '/v1/partners/tenants',
    tag: 'tenants',
    summary: 'List your tenants',
    query: z.object(pageQuery),
    handler: async (ctx) => {
      const limit = ctx.query.limit ?? 50;
      const c = partnerOf(ctx.caller);
      // Only the key's own environment is listed; the other's rows are skipped batch by batch so pages stay full.
      const rows: TenantTable[] = [];
      for (let after = decodeCursor<string>(ctx.deps.secrets, ctx.query.cursor); ;) {
        const batch = await ctx.store.repos.listTenants(c.partnerId, after, limit + 1);
        rows.push(...batch.filter((t) => t.environment === c.environment));
        if (rows.length > limit || batch.length <= limit) break;
        after = batch[batch.length - 1].id;
      }
      return { body: pageOf(ctx.deps.secrets, rows.slice(0, limit + 1), limit, publicTenant, (t) => t.id) };
    },
  },
  {
    method: 'get',
    path: '/v1/partners/tenants/{tenantId}',
    tag: 'tenants',
    summary: 'Get a tenant with its bindings',
    params: tenantParams,
    handler: async (ctx) => {
      const t = ctx.requireTenant();
      const bindings = await ctx.store.repos.listBindings(t.tenant.id);
      return {
        body: {
          data: {
            tenant: publicTenant(t.tenant),
            bindings: bindings.map((b) => publicBinding(b, contextFor(t.tenant, b).capabilities)),
          },
        },
      };
    },
  },
  {
    method: 'patch',
    path: '/v1/partners/tenants/{tenantId}/bindings/{bindingId}',
    tag: 'tenants',
    summary: 'Re-pin a binding to another released version of its pack (a new statutory year)',
    governed: true,
    params: tenantParams.extend({ bindingId: z.string().min(1) }),
    body: z.strictObject({ pack_version: z.string().min(1), ...reasonField }),
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const t = ctx.requireTenant();
        const binding = (await r.listBindings(t.tenant.id)).find((b) => b.id === ctx.params.bindingId);
        if (!binding) throw notFound('Binding not found.');
        const pack = getPack(binding.pack_code)!;
        if (!releasedVersions(pack).includes(ctx.body.pack_version)) {
          throw badRequest(`${ctx.body.pack_version} is not a released version of ${pack.code}.`, [
            { path: 'pack_version', message: `Released: ${releasedVersions(pack).join(', ')}.` },
          ]);
        }
        const from = binding.pack_version;
        await r.updateBindingVersion(binding.id, ctx.body.pack_version, ctx.now.toISOString());
        const updated = { ...binding, pack_version: ctx.body.pack_version, updated_at: ctx.now.toISOString() };
        return {
          data: publicBinding(updated, contextFor(t.tenant, updated).capabilities),
          evidence: { action: 'binding.repinned', resource: binding.id, decision: { from, to: ctx.body.pack_version } },
        };
      }),
  },
  {
    method: 'post',
    path: '/v1/partners/keys',
    tag: 'keys',
    summary: 'Mint another key of your environment (shown once)',
    body: z.strictObject({}).optional(),
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const c = partnerOf(ctx.caller);
        const { key, record } = await createKey(r, c.partnerId, c.environment, ctx.now);
        return {
          status: 201,
          data: { ...publicKey(record), key },
          evidence: { chain: c.partnerId, action: 'partner_key.created', resource: record.id },
        };
      }),
  },
  {
    method: 'get',
    path: '/v1/partners/keys',
    tag: 'keys',
    summary: 'List your keys (no secrets)',
    handler: async (ctx) => ({
      body: { data: (await ctx.store.repos.listKeys(partnerOf(ctx.caller).partnerId)).map(publicKey) },
    }),
  },
  {
    method: 'delete',
    path: '/v1/partners/keys/{keyId}',
    tag: 'keys',
    summary: 'Revoke a key and every token it minted',
    params: z.object({ keyId: z.string().min(1) }),
    handler: async (ctx) => {
      const c = partnerOf(ctx.caller);
      const result = await ctx.commit(async (r) => {
        const keys = await r.listKeys(c.partnerId);
        const key = keys.find((k) => k.id === ctx.params.keyId);
        if (!key) throw notFound('Key not found.');
        if (!key.revoked_at) {
          if (keys.filter((k) => !k.revoked_at).length <= 1)
            throw stateConflict('You cannot revoke your last active key; mint its replacement first.');
          await r.revokeKey(key.id, ctx.now.toISOString());
          await r.addRevocation('key', key.id, ctx.now.toISOString());
        }
        return {
          data: { ...publicKey({ ...key, revoked_at: key.revoked_at ?? ctx.now.toISOString() }) },
          evidence: { chain: c.partnerId, action: 'partner_key.revoked', resource: key.id },
        };
      });
      ctx.deps.revocations.noteKey(ctx.params.keyId);
      return result;
    },
  },
  {
    method: 'post',
    path: '/v1/partners/sessions/{sessionId}/revoke',
    tag: 'keys',
    summary: 'Revoke one embed or user token session',
    params: z.object({ sessionId: z.string().regex(/^ses_[a-f0-9]+$/, 'Expected a ses_ session id.') }),
    body: z.strictObject({}).optional(),
    handler: async (ctx) => {
      const c = partnerOf(ctx.caller);
      const result = await ctx.commit(async (r) => {
        await r.addRevocation('session', ctx.params.sessionId, ctx.now.toISOString());
        return {
          data: { session_id: ctx.params.sessionId, revoked: true },
          evidence: { chain: c.partnerId, action: 'session.revoked', resource: ctx.params.sessionId },
        };
      });
      ctx.deps.revocations.noteSession(ctx.params.sessionId);
      return result;
    },
  },
];
