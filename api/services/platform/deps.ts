// The shared services one process holds: built once by `createDeps` and handed to the HTTP app,
// the seed, the CLI and background jobs alike.
import type { Logger } from 'pino';
import type { Store } from '../../store/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import type { TokenService } from './tokens.ts';
import type { RevocationList } from './revocations.ts';
import type { Secrets } from './secrets.ts';
import type { ReadCache } from './read-cache.ts';
import type { ReceiptWriter } from '../governance/receipts.ts';
import type { JobRunner } from './jobs.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';
import type { ResolveHost } from '../webhooks/address.ts';

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
  /** Background jobs: this process claims and runs them from the store's job table. */
  jobs: JobRunner;
  /** Webhook deliveries: this process writes and sends them from the store's outbox. */
  webhooks: WebhookDispatcher;
  /** Resolves endpoint host names (the system resolver unless a test gives its own). */
  resolveHost?: ResolveHost;
}
