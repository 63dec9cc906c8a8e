// Webhook delivery, by every API process alike: it writes the deliveries of new outbox events (one per matching
// endpoint), then claims due deliveries and sends them. A claim is a lease in wall time (another process takes a
// delivery over only when its lease lapses, so each attempt is made once); on PostgreSQL rows another process is
// claiming are skipped (`FOR UPDATE SKIP LOCKED`). When an attempt is due and when a delivery gives up follow the
// app's clock, which tests move. At least once: an event committed before a crash is delivered after it.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Logger } from 'pino';
import type { Repos, Store } from '../../store/index.ts';
import type { WebhookDeliveryRow, WebhookEventRow } from '../../store/webhook-repo.ts';
import type { WebhookEndpointTable } from '../../store/schema.ts';
import type { AppDeps } from '../platform/deps.ts';
import { newId } from '../../lib/ids.ts';
import { Poller } from '../../lib/poller.ts';
import { UseCaseContext } from '../platform/use-case.ts';
import { runCommand } from '../platform/unit-of-work.ts';
import { eventBody, isPartnerChain } from './events.ts';
import { TEST_EVENT, typeMatches } from '../../model/webhook-event-types.ts';
import { systemResolve, vetAddresses } from './address.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';

const BATCH = 20;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 3_600_000;
const EXCERPT = 1_000;
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_BATCH = 500;

/** The wait before attempt `n + 1` after `n` failures: doubling from 30 s to at most 6 h, ±20 % jitter. */
export function retryDelayMs(failures: number, random = Math.random()): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random));
}

interface AttemptOutcome {
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  response_excerpt: string | null;
}

export class WebhookDispatcher extends Poller {
  readonly owner = newId('wrk_', 8);
  /** When this process last pruned, on the app's clock. */
  private prunedAt: number | null = null;

  constructor(
    private readonly store: Store,
    private readonly deps: () => AppDeps,
    private readonly opts: { pollMs: number; logger: Logger },
  ) {
    super(opts.pollMs);
  }

  protected passFailed(err: unknown): void {
    this.opts.logger.error({ err }, 'webhook delivery pass failed; retrying at the next poll');
  }

  protected async drain(): Promise<void> {
    await this.pruneIfDue();
    const clock = this.deps().clock;
    while (!this.stopping) {
      const work = await this.store.repos.webhookWork(clock.now().toISOString(), new Date().toISOString());
      if (!work.events && !work.deliveries) return;
      const fanned = work.events ? await this.store.transaction((r) => this.fanOut(r)) : 0;
      const wall = Date.now();
      const lease = this.deps().config.webhookTimeoutMs + 5_000;
      const claimed = await this.store.transaction((r) =>
        r.claimWebhookDeliveries(
          this.owner,
          clock.now().toISOString(),
          new Date(wall).toISOString(),
          new Date(wall + lease).toISOString(),
          BATCH,
        ),
      );
      await Promise.all(claimed.map((d) => this.attempt(d)));
      // What waits is not this process's to take now (held by another, or behind an earlier one of its resource).
      if (!fanned && !claimed.length) return;
    }
  }

  /**
   * Once an hour of the app's clock, removes settled deliveries (with their attempts) and the events no delivery
   * refers to any more, once older than the retention period. The evidence chain keeps every change for good and an
   * event is only its delivery copy, so nothing a partner can prove is lost. One batch per transaction, so a large
   * backlog never holds the store for long; every process may prune, and the deletes do not conflict.
   */
  private async pruneIfDue(): Promise<void> {
    const { clock, config } = this.deps();
    const now = clock.now().getTime();
    if (this.prunedAt !== null && now >= this.prunedAt && now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    const before = new Date(now - config.webhookRetentionMs).toISOString();
    const pruned = { deliveries: 0, events: 0 };
    try {
      if (!(await this.store.repos.webhookPrunable(before))) return;
      for (let n = PRUNE_BATCH; n === PRUNE_BATCH && !this.stopping; pruned.deliveries += n)
        n = await this.store.transaction((r) => r.pruneWebhookDeliveries(before, PRUNE_BATCH));
      for (let n = PRUNE_BATCH; n === PRUNE_BATCH && !this.stopping; pruned.events += n)
        n = await this.store.transaction((r) => r.pruneWebhookEvents(before, PRUNE_BATCH));
    } catch (err) {
      this.opts.logger.error({ err }, 'pruning old webhook deliveries failed; trying again in an hour');
    }
    if (pruned.deliveries || pruned.events)
      this.opts.logger.info({ ...pruned, before }, 'pruned webhook deliveries and events past their retention');
  }

  /** Writes the deliveries of events not yet fanned out; answers how many events it handled. */
  private async fanOut(r: Repos): Promise<number> {
    const events = await r.eventsToFanOut(BATCH);
    const window = this.deps().config.webhookRetryWindowMs;
    for (const event of events) {
      const endpoints = await this.endpointsFor(r, event);
      const record = await r.getEvidence(event.chain, event.evidence_id);
      const payload = JSON.stringify(eventBody(event, record));
      const retryUntil = new Date(Date.parse(event.created_at) + window).toISOString();
      await r.insertWebhookDeliveries(
        endpoints.map((e) => ({
          id: newId('whd_', 12),
          event_id: event.id,
          endpoint_id: e.id,
          order_key: `${event.chain}:${event.resource}`,
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: event.created_at,
          retry_until: retryUntil,
          lease_owner: null,
          lease_until: null,
          last_status: null,
          last_error: null,
          created_at: event.created_at,
          delivered_at: null,
        })),
      );
      await r.markFannedOut(event.seq, payload);
    }
    return events.length;
  }

  /** The enabled endpoints subscribed to an event when it happened: its partner's, of its tenant and type. */
  private async endpointsFor(r: Repos, event: WebhookEventRow): Promise<WebhookEndpointTable[]> {
    let partnerId = event.chain;
    let env: string | null = null;
    if (!isPartnerChain(event.chain)) {
      const tenant = await r.getTenant(event.chain);
      if (!tenant) return [];
      partnerId = tenant.partner_id;
      env = tenant.environment;
    }
    const all = await r.webhookEndpoints(partnerId);
    return all.filter((e) => {
      if (e.status !== 'enabled' || e.created_at > event.created_at) return false;
      if (event.type === TEST_EVENT) return e.id === event.resource;
      if (env && e.environment !== env) return false;
      if (!typeMatches(JSON.parse(e.event_types_json) as string[], event.type)) return false;
      const tenants = e.tenants_json ? (JSON.parse(e.tenants_json) as string[]) : null;
      return !tenants || (!isPartnerChain(event.chain) && tenants.includes(event.chain));
    });
  }

  private async attempt(d: WebhookDeliveryRow): Promise<void> {
    const deps = this.deps();
    const log = this.opts.logger.child({ delivery_id: d.id, event_id: d.event_id });
    try {
      const endpoint = await this.store.repos.webhookEndpointById(d.endpoint_id);
      const event = await this.store.repos.webhookEvent(d.event_id);
      if (!endpoint || !event?.payload) return; // deleted meanwhile: its deliveries went with it
      const outcome = await this.send(deps, endpoint, event.id, d.id, event.type, event.payload);
      await this.settle(deps, d, endpoint, outcome);
    } catch (err) {
      log.error({ err }, 'webhook delivery attempt failed to complete; its lease will lapse and it is tried again');
    }
  }

  private async send(
    deps: AppDeps,
    endpoint: WebhookEndpointTable,
    eventId: string,
    deliveryId: string,
    type: string,
    body: string,
  ): Promise<AttemptOutcome> {
    const started = Date.now();
    const failed = (error: string): AttemptOutcome => ({
      status_code: null,
      error,
      duration_ms: Date.now() - started,
      response_excerpt: null,
    });
    // Checked again now, on the addresses this attempt connects to: a name may resolve elsewhere than it did.
    const vetted = await vetAddresses(endpoint.url, endpoint.environment, deps.resolveHost ?? systemResolve);
    if ('problem' in vetted) return failed(`Refused: ${vetted.problem}`);
    const now = deps.clock.now();
    const secrets = [deps.secrets.decrypt(endpoint.secret_enc)];
    if (endpoint.previous_secret_enc && endpoint.previous_until && endpoint.previous_until > now.toISOString())
      secrets.push(deps.secrets.decrypt(endpoint.previous_secret_enc));
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Payrail-Webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(now.getTime() / 1000), body),
      'Payrail-Event-Id': eventId,
      'Payrail-Event-Type': type,
      'Payrail-Delivery-Id': deliveryId,
    };
    const [address] = vetted.addresses;
    const family = net.isIPv6(address) ? 6 : 4;
    const url = new URL(endpoint.url);
    return new Promise<AttemptOutcome>((resolve) => {
      const req = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers,
          // Connect to the address just checked, never to what a second resolution might answer.
          lookup: (_host, opts, cb) =>
            (opts as { all?: boolean }).all
              ? (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
                  { address, family },
                ])
              : cb(null, address, family),
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (text.length < EXCERPT) text += chunk;
          });
          res.on('end', () =>
            resolve({
              status_code: res.statusCode ?? null,
              error: null,
              duration_ms: Date.now() - started,
              response_excerpt: text.slice(0, EXCERPT) || null,
            }),
          );
          res.on('error', (err) => resolve(failed(err.message)));
          // A connection cut mid-answer may end the response without either event; the attempt still ends.
          res.on('close', () => resolve(failed('The connection closed before the answer was complete.')));
        },
      );
      req.setTimeout(deps.config.webhookTimeoutMs, () =>
        req.destroy(new Error(`No answer within ${deps.config.webhookTimeoutMs} ms.`)),
      );
      req.on('error', (err) => resolve(failed(err.message)));
      req.end(body);
    });
  }

  /** Records the attempt; a failure is retried later, until its window ends and the endpoint is disabled. */
  private async settle(
    deps: AppDeps,
    d: WebhookDeliveryRow,
    endpoint: WebhookEndpointTable,
    outcome: AttemptOutcome,
  ): Promise<void> {
    const now = deps.clock.now();
    const at = now.toISOString();
    const ok = outcome.status_code !== null && outcome.status_code >= 200 && outcome.status_code < 300;
    const error = outcome.error ?? (ok ? null : `Answered ${outcome.status_code}.`);
    const givesUp = !ok && at >= d.retry_until;
    const uc = new UseCaseContext({
      deps,
      request: { method: 'JOB', path: `webhook-delivery/${d.id}`, body: { attempt: d.attempts + 1 } },
    });
    const notice =
      'Disabled automatically: deliveries to this endpoint kept failing for the whole retry period. ' +
      'Fix the receiver, enable the endpoint again and redeliver the failed events.';
    await runCommand(uc, async (r) => {
      const settled = await r.settleWebhookDelivery(d.id, this.owner, {
        attempts: d.attempts + 1,
        last_status: outcome.status_code,
        last_error: error,
        ...(ok
          ? { status: 'delivered' as const, delivered_at: at }
          : givesUp
            ? { status: 'failed' as const }
            : { next_attempt_at: new Date(now.getTime() + retryDelayMs(d.attempts + 1)).toISOString() }),
      });
      if (!settled) return { data: null, evidence: null }; // another process holds it now
      await r.insertWebhookAttempt({ id: newId('wha_', 12), delivery_id: d.id, at, ...outcome, error });
      const current = givesUp ? await r.webhookEndpointById(endpoint.id) : undefined;
      if (!current || current.status !== 'enabled') return { data: null, evidence: null };
      await r.updateWebhookEndpoint(endpoint.id, { status: 'disabled', notice, updated_at: at });
      return {
        data: null,
        evidence: {
          chain: endpoint.partner_id,
          mock: false,
          action: 'webhook_endpoint.disabled',
          resource: endpoint.id,
          actor: { kind: 'system', key_id: null, user_id: null, role: null, session_id: null },
          decision: { automatic: true, delivery_id: d.id, attempts: d.attempts + 1 },
        },
      };
    });
  }
}
