// The one way to change Payrail's data: a command runs in one transaction together with its evidence
// record, the record's links to the resources it touched and (for API calls) the idempotency record,
// so a crash or a refusal leaves all of it or none of it. HTTP routes, the seed, the CLI and background
// jobs all run their changes through `runCommand`.
import type { Repos } from '../../store/index.ts';
import { chainLock } from '../../store/lock-repo.ts';
import type { UseCaseContext } from './use-case.ts';
import { actorOf } from '../../model/caller.ts';
import { appendEvidence, newEvidenceId } from '../governance/evidence.ts';
import { redactSensitive } from '../../model/sensitive.ts';

/** Writes that change what the read cache holds for a tenant (its bindings and cost-centre set-up). */
const TENANT_SETUP = /^(binding|cost_centre|cost_centre_mapping|tenant)\./;

export interface EvidenceSpec {
  action: string;
  /** The resource the record is about; it is linked to the record. */
  resource: string;
  /** Further resources the record concerns (for example the employees of a pay-run step). */
  links?: string[];
  decision?: Record<string, unknown>;
  /** Chain to append to; defaults to the context's tenant. */
  chain?: string;
  mock?: boolean;
  /** The actor to record instead of the caller (a background job). */
  actor?: Record<string, unknown>;
}

export interface Change<T = unknown> {
  data: T;
  evidence?: EvidenceSpec | null;
  /** Top-level members of the answer beside `data` (for example `validation`). */
  extra?: Record<string, unknown>;
  /** A file answer: its exact bytes are what the evidence record hashes. */
  file?: { body: string; headers: Record<string, string> };
}

export interface Outcome<T = unknown> extends Change<T> {
  /** The answer's body as sent: `{ data, ...extra, evidence_id? }`, or the file's text. */
  body: Record<string, unknown> | string;
  evidenceId: string | null;
}

export interface CommandHooks {
  /** Further locks the command decides under (see `Store.transaction`); the tenant's chain is always taken. */
  locks?: string[];
  /** Runs inside the transaction once the outcome is known: the API stores its idempotency record here. */
  beforeCommit?: (r: Repos, outcome: Outcome) => Promise<void>;
}

export async function runCommand<T>(
  uc: UseCaseContext,
  fn: (r: Repos, evidenceId: string) => Promise<Change<T>>,
  hooks: CommandHooks = {},
): Promise<Outcome<T>> {
  let touched: string | null = null;
  const tenantMock = uc.tenant?.mock ?? false;
  const locks = [...(uc.tenant ? [chainLock(uc.tenant.tenant.id)] : []), ...(hooks.locks ?? [])];
  const outcome = await uc.store.transaction(async (r) => {
    const planned = newEvidenceId(tenantMock);
    const change = await fn(r, planned);
    const body: Record<string, unknown> = { data: change.data, ...(change.extra ?? {}) };
    let evidenceId: string | null = null;
    const spec = change.evidence;
    if (spec) {
      const chain = spec.chain ?? uc.requireTenant().tenant.id;
      const mock = spec.mock ?? tenantMock;
      evidenceId = mock === tenantMock ? planned : newEvidenceId(mock);
      body.evidence_id = evidenceId;
      const seq = await appendEvidence(
        r,
        {
          chain,
          mock,
          action: spec.action,
          resource: spec.resource,
          actor: spec.actor ?? (uc.caller ? actorOf(uc.caller) : { kind: 'system' }),
          reason: uc.reason,
          request: { ...uc.request, body: redactSensitive(uc.request.body) },
          response: change.file?.body ?? body,
          decision: spec.decision,
          at: uc.now,
        },
        evidenceId,
      );
      const resources = [...new Set([spec.resource, ...(spec.links ?? [])])];
      await r.insertEvidenceLinks(
        resources.map((resource_id) => ({
          evidence_id: evidenceId!,
          tenant_id: chain,
          resource_id,
          seq,
          action: spec.action,
        })),
      );
      if (TENANT_SETUP.test(spec.action)) touched = chain;
    }
    const out: Outcome<T> = { ...change, body: change.file?.body ?? body, evidenceId };
    await hooks.beforeCommit?.(r, out);
    return out;
  }, locks);
  if (touched) uc.deps.cache.invalidateTenant(touched);
  return outcome;
}
