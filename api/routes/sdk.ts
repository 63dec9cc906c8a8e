// Unversioned utility routes: the SDK bundles (moving v1 alias cached 5 minutes; exact versions
// immutable with a published integrity hash) from the configured SDK directory, and the /sdk-demo page.
// The bundles go out brotli- or gzip-compressed, as the request's Accept-Encoding allows, from the
// copies the build writes beside each file (`x.js.br`, `x.js.gz`).
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { defineRoute, type RouteDef, type RouteResult } from '../http/route.ts';
import type { RequestContext } from '../http/context.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { addressKey, rateLimitAnswer, TokenBuckets } from '../http/rate-limit.ts';
import type { AppDeps } from '../http/context.ts';
import { VERSION as SDK_VERSION } from '../../components/version.ts';
import { demoSessionSchema, sdkIntegritySchema } from '../schemas/utility.ts';
import { demoSessions } from '../services/platform/demo-sessions.ts';

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

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** The content codings an Accept-Encoding header allows (`q=0` refuses one, `*` stands for the rest). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    if (!name) continue;
    const qv = params.find((x) => x.startsWith('q='));
    const v = qv ? Number(qv.slice(2)) : 1;
    q.set(name, Number.isFinite(v) ? v : 0);
  }
  const ok = (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return new Set(ENCODINGS.map(([e]) => e).filter(ok));
}

/**
 * A built file, compressed when the client accepts brotli or gzip and the build wrote that copy. The
 * ETag is of the bytes sent, so each encoding has its own; a matching If-None-Match answers 304.
 */
function encodedFile(ctx: RequestContext, p: string, type: string, cache: string): RouteResult {
  const accepted = acceptedEncodings(ctx.req.get('accept-encoding'));
  const encoding = ENCODINGS.find(([e, ext]) => accepted.has(e) && fs.existsSync(p + ext));
  const result = file(encoding ? p + encoding[1] : p, type, cache);
  const etag = createHash('sha256')
    .update(result.body as Buffer)
    .digest('base64url')
    .slice(0, 27);
  Object.assign(result.headers!, { vary: 'Accept-Encoding', etag: `"${etag}"` });
  if (encoding) result.headers!['content-encoding'] = encoding[0];
  return result;
}

/** A file of the built SDK; 404 when it does not exist, saying so when no build is there at all. */
function sdkFile(ctx: RequestContext, name: string, type: string, cache: string): RouteResult {
  const dir = ctx.deps.config.sdkDir;
  const p = path.join(dir, name);
  if (fs.existsSync(p)) return encodedFile(ctx, p, type, cache);
  // integrity.json is written last, so its presence marks a complete build.
  if (!fs.existsSync(path.join(dir, 'integrity.json')))
    throw notFound('The SDK bundles have not been built on this server yet (`npm run build`).');
  throw notFound(`The SDK ${SDK_VERSION} has no file ${name}.`);
}

const JS = 'text/javascript; charset=utf-8';
const V = `/sdk/v${SDK_VERSION}`;

/** Demo sessions per client address, one table per app. */
const demoBudgets = new WeakMap<AppDeps, TokenBuckets>();
function demoBudget(deps: AppDeps): TokenBuckets {
  let b = demoBudgets.get(deps);
  if (!b) {
    const perMinute = deps.config.demoSessionsPerMinute;
    b = new TokenBuckets(perMinute / 60, perMinute, 10_000, () => deps.clock.now().getTime());
    demoBudgets.set(deps, b);
  }
  return b;
}

/**
 * Read-only embed tokens for the seeded demo employers (services/platform/demo-sessions.ts), so /sdk-demo can render live
 * data in the sandbox. Unauthenticated, so: only while the demo is switched on (PAYRAIL_DEMO), only for this
 * server's own page (tokens are bound to the configured public origin, and a request from any other origin is
 * refused), and only a few times a minute per client address (unless rate limits are off: PAYRAIL_RATE_LIMIT=0).
 */
async function demoSession(ctx: RequestContext) {
  const { config } = ctx.deps;
  if (!config.demo) throw notFound('The sandbox demo is switched off on this server (PAYRAIL_DEMO=0).');
  const origin = ctx.req.get('origin');
  const site = ctx.req.get('sec-fetch-site');
  if ((origin !== undefined && origin !== config.publicOrigin) || (site && site !== 'same-origin' && site !== 'none'))
    throw forbidden(`Demo sessions are only for the /sdk-demo page of ${config.publicOrigin}.`);
  const limited =
    config.rateLimitPerSecond > 0 &&
    rateLimitAnswer(
      ctx.res,
      config.demoSessionsPerMinute,
      demoBudget(ctx.deps).take(addressKey(ctx.req.ip)),
      'Too many demo sessions from this address; retry after the indicated delay.',
    );
  if (limited) throw limited;
  const out = await demoSessions(ctx);
  return { body: { data: out }, headers: { 'cache-control': 'no-store' } };
}

export const sdkRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/sdk/payrail-components.js',
    tag: 'utility',
    summary: 'SDK bundle, latest v1 (cached 5 minutes)',
    public: true,
    response: { status: 200, description: 'The SDK bundle', contentType: 'text/javascript' },
    errors: [404],
    handler: async (ctx) => sdkFile(ctx, 'payrail-components.js', JS, FIVE_MINUTES),
  }),
  defineRoute({
    method: 'get',
    path: '/sdk/v1/payrail-components.js',
    tag: 'utility',
    summary: 'SDK bundle, moving v1 alias (cached 5 minutes)',
    public: true,
    response: { status: 200, description: 'The SDK bundle', contentType: 'text/javascript' },
    errors: [404],
    handler: async (ctx) => sdkFile(ctx, 'payrail-components.js', JS, FIVE_MINUTES),
  }),
  defineRoute({
    method: 'get',
    path: `${V}/payrail-components.js`,
    tag: 'utility',
    summary: `SDK bundle ${SDK_VERSION} (immutable)`,
    public: true,
    response: { status: 200, description: 'The SDK bundle', contentType: 'text/javascript' },
    errors: [404],
    handler: async (ctx) => sdkFile(ctx, 'payrail-components.js', JS, ONE_YEAR),
  }),
  defineRoute({
    method: 'get',
    path: `${V}/integrity.json`,
    tag: 'utility',
    summary: `Subresource-integrity hash of SDK ${SDK_VERSION}`,
    public: true,
    response: { status: 200, description: 'The integrity hash of the bundle', body: sdkIntegritySchema },
    errors: [404],
    handler: async (ctx) => sdkFile(ctx, 'integrity.json', 'application/json', ONE_YEAR),
  }),
  // Component bundles and shared chunks under each address of the SDK: the full bundle imports its on-demand
  // chunks (sample data, German text) from components/ beside it, so each path it is served under has one.
  ...(
    [
      [`${V}/components/{file}`, `SDK ${SDK_VERSION} (immutable)`, ONE_YEAR],
      ['/sdk/v1/components/{file}', 'latest v1 (cached 5 minutes)', FIVE_MINUTES],
      ['/sdk/components/{file}', 'latest v1 (cached 5 minutes)', FIVE_MINUTES],
    ] as const
  ).map(([path, which, cache]) =>
    defineRoute({
      method: 'get',
      path,
      tag: 'utility',
      summary: `One component's entry bundle or a shared chunk, ${which}`,
      public: true,
      response: { status: 200, description: 'The component bundle or chunk', contentType: 'text/javascript' },
      params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.js$/, 'Expected <component>.js') }),
      errors: [404],
      handler: async (ctx) => sdkFile(ctx, `components/${ctx.params.file}`, JS, cache),
    }),
  ),
  defineRoute({
    method: 'get',
    path: '/sdk/v1/themes/{file}',
    tag: 'utility',
    summary: 'The example themes (light, dark) as CSS, and the Inter font they load',
    public: true,
    response: {
      status: 200,
      description: 'The theme stylesheet or its font',
      contentType: ['text/css', 'font/woff2'],
    },
    errors: [503],
    params: z.object({ file: z.enum(['theme-light.css', 'theme-dark.css', 'inter-latin.woff2']) }),
    handler: async (ctx) =>
      file(
        path.join(THEMES, ctx.params.file),
        ctx.params.file.endsWith('.woff2') ? 'font/woff2' : 'text/css; charset=utf-8',
        FIVE_MINUTES,
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/sdk-demo',
    tag: 'utility',
    summary: 'The SDK demo page',
    public: true,
    response: { status: 200, description: 'The demo page', contentType: 'text/html' },
    errors: [503],
    handler: async () => file(DEMO_PAGE, 'text/html; charset=utf-8', 'no-cache'),
  }),
  defineRoute({
    method: 'get',
    path: '/sdk-demo/session',
    tag: 'utility',
    summary: 'Read-only sandbox tokens for the demo employers',
    public: true,
    response: { status: 200, description: 'One read-only token per demo employer', data: z.array(demoSessionSchema) },
    errors: [403, 404],
    handler: demoSession,
  }),
];
