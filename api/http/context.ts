// Everything a route handler needs about one request, and `commit`: the one way to write.
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Store, Repos } from '../store/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { Config } from '../config.ts';
import type { TokenService } from '../services/tokens.ts';
import type { RevocationList } from '../services/revocations.ts';
import type { Secrets } from '../services/secrets.ts';
import type { ReadCache } from '../services/read-cache.ts';
import type { ReceiptWriter } from '../services/receipts.ts';
import type { Caller, TokenCaller } from '../services/caller.ts';
import { actorOf } from '../services/caller.ts';
import type { TenantContext } from '../services/tenant-context.ts';
import type { RouteDef, RouteResult } from './route.ts';
import { appendEvidence, newEvidenceId } from '../services/evidence.ts';
import { capabilityNotSupported, unauthorized } from '../lib/errors.ts';
import type { Capability } from '../packs/types.ts';
import { storeIdempotent } from './idempotency.ts';

/** Writes that change what the read cache holds for a tenant (its bindings and cost-centre set-up). */
const TENANT_SETUP = /^(binding|cost_centre|cost_centre_mapping|tenant)\./;

export interface AppDeps {
  store: Store;
  clock: Clock;
  config: Config;
  logger: Logger;
  tokens: TokenService;
  revocations: RevocationList;
  secrets: Secrets;
  cache: ReadCache;
  receipts: ReceiptWriter;
}

export interface EvidenceSpec {
  action: string;
  resource: string;
  decision?: Record<string, unknown>;
  /** Chain to append to; defaults to the request's tenant. */
  chain?: string;
  mock?: boolean;
}

export interface CommitResult {
  status?: number;
  data: unknown;
  evidence?: EvidenceSpec | null;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** A non-JSON response (a file): sent as is, hashed into evidence as is. */
  raw?: { body: string; headers: Record<string, string> };
}

export class RequestContext {
  caller: Caller | null = null;
  tenant: TenantContext | null = null;
  params: any = {};
  query: any = {};
  body: any = {};
  reason: string | null = null;
  idempotencyKey: string | null = null;
  fingerprint = '';

  constructor(
    readonly req: Request,
    readonly res: Response,
    readonly deps: AppDeps,
    readonly route: RouteDef,
  ) {}

  get now(): Date {
    return this.deps.clock.now();
  }
  get store(): Store {
    return this.deps.store;
  }

  requireCaller(): Caller {
    if (!this.caller) throw unauthorized();
    return this.caller;
  }

  requireTenant(): TenantContext {
    if (!this.tenant) throw new Error('route without tenant context');
    return this.tenant;
  }

  tokenCaller(): TokenCaller | null {
    return this.caller && this.caller.kind !== 'partner' ? this.caller : null;
  }

  /** 501 unless the tenant's pack × engine supports `capability`. */
  requireCapability(capability: Capability, alternatives: string[] = []): void {
    const t = this.requireTenant();
    if (t.capabilities?.[capability] !== 'native') {
      throw capabilityNotSupported(
        capability,
        t.binding.pack_version,
        alternatives,
        `${capability} is not supported by pack ${t.binding.pack_version} on engine ${t.binding.engine}.`,
      );
    }
  }

  /**
   * Runs a change in one transaction together with its evidence record and idempotency record,
   * so a crash or failure leaves all of it or none of it.
   */
  async commit(fn: (r: Repos, evidenceId: string) => Promise<CommitResult>): Promise<RouteResult> {
    let touched: string | null = null;
    const result = await this.store.transaction(async (r) => {
      const planned = newEvidenceId(this.tenant?.mock ?? false);
      const out = await fn(r, planned);
      const body: Record<string, unknown> = { data: out.data, ...(out.extra ?? {}) };
      if (out.evidence) {
        const chain = out.evidence.chain ?? this.requireTenant().tenant.id;
        const mock = out.evidence.mock ?? this.tenant?.mock ?? false;
        const id = mock === (this.tenant?.mock ?? false) ? planned : newEvidenceId(mock);
        body.evidence_id = id;
        await appendEvidence(
          r,
          {
            chain,
            mock,
            action: out.evidence.action,
            resource: out.evidence.resource,
            actor: this.caller ? actorOf(this.caller) : { kind: 'system' },
            reason: this.reason,
            request: { method: this.req.method, path: this.req.path, body: this.redactedRequestBody() },
            response: out.raw?.body ?? body,
            decision: out.evidence.decision,
            at: this.now,
          },
          id,
        );
      }
      if (out.evidence && TENANT_SETUP.test(out.evidence.action))
        touched = out.evidence.chain ?? this.tenant?.tenant.id ?? null;
      const result: RouteResult = out.raw
        ? {
            status: out.status ?? 200,
            body: out.raw.body,
            headers: {
              ...out.raw.headers,
              ...(body.evidence_id ? { 'x-payrail-evidence-id': String(body.evidence_id) } : {}),
            },
          }
        : { status: out.status ?? 200, body, headers: out.headers };
      if (this.idempotencyKey && this.caller) await storeIdempotent(r, this, result);
      return result;
    });
    if (touched) this.deps.cache.invalidateTenant(touched);
    return result;
  }

  /**
   * A receipted read: the read runs outside any transaction and its evidence record is group-committed
   * with other receipts; the answer waits for that commit.
   */
  async receipt(
    fn: (r: Repos) => Promise<{ data: unknown; extra?: Record<string, unknown>; evidence: EvidenceSpec }>,
  ): Promise<RouteResult> {
    const out = await fn(this.store.repos);
    const tenant = this.requireTenant();
    const id = newEvidenceId(tenant.mock);
    const body = { data: out.data, ...(out.extra ?? {}), evidence_id: id };
    await this.deps.receipts.append(
      {
        chain: tenant.tenant.id,
        mock: tenant.mock,
        action: out.evidence.action,
        resource: out.evidence.resource,
        actor: this.caller ? actorOf(this.caller) : { kind: 'system' },
        reason: null,
        request: { method: this.req.method, path: this.req.path, query: this.req.query },
        response: body,
        decision: out.evidence.decision,
        at: this.now,
      },
      id,
    );
    return { status: 200, body };
  }

  /** Request bodies can hold TFNs, tax ids and account numbers: they never reach a hash input raw. */
  redactedRequestBody(): unknown {
    return redactSensitive(this.body);
  }
}

const SENSITIVE =
  /^(tfn|tax_id|tax_file_number|bank_account_number|account_number|iban|smsf_account_number|social_security_number|svnr|steuer_id)$/i;

export function redactSensitive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSensitive);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SENSITIVE.test(k) && v !== null && v !== undefined ? '[attested]' : redactSensitive(v),
      ]),
    );
  }
  return value;
}
