// Unversioned utility routes: the SDK bundles (moving v1 alias cached 5 minutes; exact versions
// immutable with a published integrity hash) from the configured SDK directory, and the /sdk-demo page.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { RouteDef, RouteResult } from '../http/route.ts';
import type { RequestContext } from '../http/context.ts';
import { notFound } from '../lib/errors.ts';
import { VERSION as SDK_VERSION } from '../../components/version.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DEMO_PAGE = path.join(ROOT, 'demo', 'sdk-demo.html');
const THEMES = path.join(ROOT, 'styles');
const FIVE_MINUTES = 'public, max-age=300';
const ONE_YEAR = 'public, max-age=31536000, immutable';

function file(p: string, type: string, cache: string): RouteResult {
  if (!fs.existsSync(p)) throw notFound();
  return {
    body: fs.readFileSync(p),
    headers: { 'content-type': type, 'cache-control': cache, 'access-control-allow-origin': '*' },
  };
}

/** A file of the built SDK; 404 when it does not exist, saying so when no build is there at all. */
function sdkFile(ctx: RequestContext, name: string, type: string, cache: string): RouteResult {
  const dir = ctx.deps.config.sdkDir;
  const p = path.join(dir, name);
  if (fs.existsSync(p)) return file(p, type, cache);
  // integrity.json is written last, so its presence marks a complete build.
  if (!fs.existsSync(path.join(dir, 'integrity.json')))
    throw notFound('The SDK bundles have not been built on this server yet (`npm run build`).');
  throw notFound(`The SDK ${SDK_VERSION} has no file ${name}.`);
}

const JS = 'text/javascript; charset=utf-8';
const V = `/sdk/v${SDK_VERSION}`;

/** Read-only embed tokens for the seeded demo employers, so /sdk-demo can render live data in the sandbox. */
async function demoSession(ctx: RequestContext) {
  const r = ctx.store.repos;
  const partnerId = await r.getMeta('demo_partner_id');
  if (!partnerId) throw notFound('This server has no sandbox demo data (PAYRAIL_SEED=0).');
  const key = (await r.listKeys(partnerId)).find((k) => !k.revoked_at && k.environment === 'sandbox');
  if (!key) throw notFound('The demo partner has no active sandbox key.');
  const origin = ctx.req.get('origin') ?? `${ctx.req.protocol}://${ctx.req.get('host')}`;
  const tenants = (await r.allTenants(partnerId)).filter(
    (t) => t.environment === 'sandbox' && ['harbour-coffee', 'nordlicht-software'].includes(t.slug),
  );
  const out = [];
  for (const t of tenants) {
    const runs = await r.listPayRuns(t.id, { limit: 5 });
    const minted = await ctx.deps.tokens.mint({
      kind: 'embed',
      partnerId,
      keyId: key.id,
      environment: 'sandbox',
      tenantId: t.id,
      components: [],
      employeeId: null,
      origin,
      role: null,
      scope: { cost_centres: '*', sites: '*' },
      user: null,
    });
    out.push({
      tenant_id: t.id,
      slug: t.slug,
      name: t.name,
      country: t.jurisdiction,
      token: minted.token,
      expires_in: minted.expires_in,
      finalised_pay_run: runs.find((p) => p.status === 'finalised')?.id ?? null,
      draft_pay_run: runs.find((p) => p.status === 'draft')?.id ?? null,
    });
  }
  return { body: { data: out }, headers: { 'cache-control': 'no-store' } };
}

export const sdkRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/sdk/payrail-components.js',
    tag: 'utility',
    summary: 'SDK bundle, latest v1 (cached 5 minutes)',
    public: true,
    handler: async (ctx) => sdkFile(ctx, 'payrail-components.js', JS, FIVE_MINUTES),
  },
  {
    method: 'get',
    path: '/sdk/v1/payrail-components.js',
    tag: 'utility',
    summary: 'SDK bundle, moving v1 alias (cached 5 minutes)',
    public: true,
    handler: async (ctx) => sdkFile(ctx, 'payrail-components.js', JS, FIVE_MINUTES),
  },
  {
    method: 'get',
    path: `${V}/payrail-components.js`,
    tag: 'utility',
    summary: `SDK bundle ${SDK_VERSION} (immutable)`,
    public: true,
    handler: async (ctx) => sdkFile(ctx, 'payrail-components.js', JS, ONE_YEAR),
  },
  {
    method: 'get',
    path: `${V}/integrity.json`,
    tag: 'utility',
    summary: `Subresource-integrity hash of SDK ${SDK_VERSION}`,
    public: true,
    handler: async (ctx) => sdkFile(ctx, 'integrity.json', 'application/json', ONE_YEAR),
  },
  {
    method: 'get',
    path: `${V}/components/{file}`,
    tag: 'utility',
    summary: "One component's entry bundle",
    public: true,
    params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.js$/, 'Expected <component>.js') }),
    handler: async (ctx) => sdkFile(ctx, `components/${ctx.params.file}`, JS, ONE_YEAR),
  },
  {
    method: 'get',
    path: '/sdk/v1/themes/{file}',
    tag: 'utility',
    summary: 'The example themes (light, dark) as CSS',
    public: true,
    params: z.object({ file: z.enum(['theme-light.css', 'theme-dark.css']) }),
    handler: async (ctx) => file(path.join(THEMES, ctx.params.file), 'text/css; charset=utf-8', FIVE_MINUTES),
  },
  {
    method: 'get',
    path: '/sdk-demo',
    tag: 'utility',
    summary: 'The SDK demo page',
    public: true,
    handler: async () => file(DEMO_PAGE, 'text/html; charset=utf-8', 'no-cache'),
  },
  {
    method: 'get',
    path: '/sdk-demo/session',
    tag: 'utility',
    summary: 'Read-only sandbox tokens for the demo employers',
    public: true,
    handler: demoSession,
  },
];
