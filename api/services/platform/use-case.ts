// What a use case knows about the call it serves, with nothing of HTTP in it: who calls, for which
// tenant, when, why (the governance reason) and the request as the evidence record describes it.
// The HTTP adapter, the seed, the CLI and background jobs each build one.
import type { AppDeps } from './deps.ts';
import type { Caller, TokenCaller } from '../../model/caller.ts';
import type { TenantContext } from './tenant-context.ts';
import type { Capability } from '../../packs/types.ts';
import { capabilityNotSupported, unauthorized } from '../../lib/errors.ts';

/** The request as evidence records it: a method and path for API calls, an operation name otherwise. */
export interface RequestRecord {
  method: string;
  path: string;
  body?: unknown;
  query?: unknown;
}

export interface UseCaseInit {
  deps: AppDeps;
  caller?: Caller | null;
  tenant?: TenantContext | null;
  reason?: string | null;
  request: RequestRecord;
}

export class UseCaseContext {
  readonly deps: AppDeps;
  caller: Caller | null;
  tenant: TenantContext | null;
  reason: string | null;
  request: RequestRecord;

  constructor(init: UseCaseInit) {
    this.deps = init.deps;
    this.caller = init.caller ?? null;
    this.tenant = init.tenant ?? null;
    this.reason = init.reason ?? null;
    this.request = init.request;
  }

  get now(): Date {
    return this.deps.clock.now();
  }

  get store() {
    return this.deps.store;
  }

  requireCaller(): Caller {
    if (!this.caller) throw unauthorized();
    return this.caller;
  }

  requireTenant(): TenantContext {
    if (!this.tenant) throw new Error('use case without tenant context');
    return this.tenant;
  }

  /** The caller when it is an embed or user token (limited by components, role, scope or employee). */
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
}
