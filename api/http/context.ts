// The HTTP side of one request: the parsed params, query and body, and `commit`, which runs a change
// through the unit of work and stores the idempotency record in the same transaction.
import type { Request, Response } from 'express';
import type { AppDeps } from '../services/platform/deps.ts';
import { UseCaseContext } from '../services/platform/use-case.ts';
import { runCommand, type Change } from '../services/platform/unit-of-work.ts';
import { actorOf } from '../model/caller.ts';
import { newEvidenceId } from '../services/governance/evidence.ts';
import type { EvidenceSpec } from '../services/platform/unit-of-work.ts';
import type { RouteDef, RouteResult } from './route.ts';
import { checkIdempotency, storeIdempotent } from './idempotency.ts';
import { idempotencyLock } from '../store/lock-repo.ts';

export type { AppDeps } from '../services/platform/deps.ts';
export type { EvidenceSpec } from '../services/platform/unit-of-work.ts';

/** Abandons a command's transaction for the answer stored under its Idempotency-Key meanwhile. */
class StoredAnswer {
  constructor(readonly result: RouteResult) {}
}

/** A change as a route commits it: the unit of work's change plus the HTTP status and headers. */
export interface CommitResult<T = unknown> extends Change<T> {
  status?: number;
  headers?: Record<string, string>;
}

export class RequestContext<P = unknown, Q = unknown, B = unknown> extends UseCaseContext {
  params = {} as P;
  query = {} as Q;
  body = {} as B;
  idempotencyKey: string | null = null;
  fingerprint = '';

  constructor(
    readonly req: Request,
    readonly res: Response,
    deps: AppDeps,
    readonly route: RouteDef,
  ) {
    super({ deps, request: { method: req.method, path: req.path } });
  }

  /**
   * Runs a change in one transaction with its evidence, its links and its idempotency record. The key is checked
   * again once the transaction holds the write lock, so a call with the same key that committed after the
   * pipeline looked (on this process or another on the same database) is replayed, never repeated.
   */
  async commit<T>(
    fn: (r: Parameters<Parameters<typeof runCommand>[1]>[0], evidenceId: string) => Promise<CommitResult<T>>,
  ): Promise<RouteResult> {
    this.request = { method: this.req.method, path: this.req.path, body: this.body };
    let status = 200;
    let headers: Record<string, string> | undefined;
    const toResult = (o: {
      body: unknown;
      evidenceId: string | null;
      file?: { headers: Record<string, string> };
    }): RouteResult =>
      o.file
        ? {
            status,
            body: o.body,
            headers: { ...o.file.headers, ...(o.evidenceId ? { 'x-payrail-evidence-id': o.evidenceId } : {}) },
          }
        : { status, body: o.body, headers };
    let outcome;
    try {
      outcome = await runCommand(
        this,
        async (r, evidenceId) => {
          const stored = this.idempotencyKey ? await checkIdempotency(this) : null;
          if (stored) throw new StoredAnswer(stored);
          const out = await fn(r, evidenceId);
          status = out.status ?? 200;
          headers = out.headers;
          return out;
        },
        {
          locks:
            this.idempotencyKey && this.caller ? [idempotencyLock(this.caller.partnerId, this.idempotencyKey)] : [],
          beforeCommit: async (r, o) => {
            if (this.idempotencyKey && this.caller) await storeIdempotent(r, this, toResult(o));
          },
        },
      );
    } catch (err) {
      if (err instanceof StoredAnswer) return err.result;
      throw err;
    }
    return toResult(outcome);
  }

  /**
   * A receipted read: the read runs outside any transaction and its evidence record is group-committed
   * with other receipts; the answer waits for that commit.
   */
  async receipt(
    fn: (
      r: AppDeps['store']['repos'],
    ) => Promise<{ data: unknown; extra?: Record<string, unknown>; evidence: EvidenceSpec }>,
  ): Promise<RouteResult> {
    const out = await fn(this.store.repos);
    const tenant = this.requireTenant();
    const id = newEvidenceId(tenant.mock);
    // Written once: the record hashes the answer's exact text, and the same text is sent.
    const text = JSON.stringify({ data: out.data, ...(out.extra ?? {}), evidence_id: id });
    await this.deps.receipts.append(
      {
        chain: tenant.tenant.id,
        mock: tenant.mock,
        action: out.evidence.action,
        resource: out.evidence.resource,
        actor: this.caller ? actorOf(this.caller) : { kind: 'system' },
        reason: null,
        request: { method: this.req.method, path: this.req.path, query: this.req.query },
        response: text,
        decision: out.evidence.decision,
        at: this.now,
      },
      id,
    );
    return { status: 200, body: text, headers: { 'Content-Type': 'application/json; charset=utf-8' } };
  }
}
