// Operator commands against the same PAYRAIL_DB as the running servers. Every command prints
// exactly one JSON object on stdout. Changes run through the unit of work with the same use cases the
// API routes call, so partners, keys and revocations made here are evidenced like any other write.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createDeps, closeDeps } from './app.ts';
import type { AppDeps } from './services/platform/deps.ts';
import { UseCaseContext } from './services/platform/use-case.ts';
import { runCommand, type Change } from './services/platform/unit-of-work.ts';
import type { Repos } from './store/index.ts';
import {
  importLegacyPartnerKey,
  listPartnerKeys,
  mintPartnerKey,
  registerPartner,
  revokePartnerKey,
} from './services/platform/partner-keys.ts';

const USAGE = `usage:
  cli partners create --name <name> [--live]
  cli keys create --partner <par_id> [--live]
  cli keys list --partner <par_id>
  cli keys revoke --key <key_id>
  cli keys import-legacy --partner <par_id> --legacy-key <ps_…>
  cli signing-keys rotate`;

function operatorName(): string | null {
  try {
    return os.userInfo().username;
  } catch {
    return null;
  }
}

/** The operator as evidence records it, in the shape of every other actor. */
const OPERATOR = { kind: 'operator', key_id: null, user_id: operatorName(), role: null, session_id: null };

/** Runs one operator command through the unit of work, recorded as the operator's. */
async function operate<T>(
  deps: AppDeps,
  command: string,
  body: Record<string, unknown>,
  fn: (uc: UseCaseContext, r: Repos) => Promise<Change<T>>,
): Promise<T> {
  const uc = new UseCaseContext({ deps, request: { method: 'CLI', path: command, body } });
  const outcome = await runCommand(uc, async (r) => {
    const change = await fn(uc, r);
    return change.evidence ? { ...change, evidence: { ...change.evidence, actor: OPERATOR } } : change;
  });
  return outcome.data;
}

async function run(argv: string[]): Promise<unknown> {
  const [group, action, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      partner: { type: 'string' },
      key: { type: 'string' },
      'legacy-key': { type: 'string' },
      live: { type: 'boolean' },
    },
  });
  const environment = values.live ? 'live' : 'sandbox';
  const deps = await createDeps({ logger: pino({ level: 'silent' }) });
  const requirePartner = async (id: string) => {
    if (!(await deps.store.repos.getPartner(id))) throw new Error(`no partner ${id}`);
  };
  try {
    const { name, partner, key } = values;
    const legacy = values['legacy-key'];
    if (group === 'partners' && action === 'create' && name) {
      const out = await operate(deps, 'partners create', { name, environment }, (uc, r) =>
        registerPartner(uc, r, { name, environment }),
      );
      return { partner: out.partner, key: out.key };
    }
    if (group === 'keys' && action === 'create' && partner) {
      await requirePartner(partner);
      const minted = await operate(deps, 'keys create', { partner, environment }, (uc, r) =>
        mintPartnerKey(uc, r, { partnerId: partner, environment }),
      );
      return { key: minted };
    }
    if (group === 'keys' && action === 'import-legacy' && partner && legacy?.startsWith('ps_')) {
      await requirePartner(partner);
      // The legacy key itself stays out of the evidence request: only its hint is recorded.
      const imported = await operate(
        deps,
        'keys import-legacy',
        { partner, legacy_key_hint: `${legacy.slice(0, 3)}…${legacy.slice(-4)}` },
        (uc, r) => importLegacyPartnerKey(uc, r, { partnerId: partner, key: legacy }),
      );
      return { key: imported };
    }
    if (group === 'keys' && action === 'list' && partner) {
      const uc = new UseCaseContext({ deps, request: { method: 'CLI', path: 'keys list' } });
      return { keys: await listPartnerKeys(uc, partner) };
    }
    if (group === 'keys' && action === 'revoke' && key) {
      if (!(await deps.store.repos.getKey(key))) throw new Error(`no key ${key}`);
      return { key: await operate(deps, 'keys revoke', { key }, (uc, r) => revokePartnerKey(uc, r, { keyId: key })) };
    }
    if (group === 'signing-keys' && action === 'rotate') {
      // Tokens signed by earlier keys stay valid until they expire; servers pick the new key up on sight.
      const kid = await deps.tokens.rotate();
      const created = (await deps.store.repos.listSigningKeys()).find((k) => k.kid === kid)!;
      return { signing_key: { kid, created_at: created.created_at } };
    }
    throw new Error(USAGE);
  } finally {
    await closeDeps(deps);
  }
}

run(process.argv.slice(2)).then(
  (out) => {
    process.stdout.write(`${JSON.stringify(out)}\n`);
  },
  (err: Error) => {
    process.stdout.write(`${JSON.stringify({ error: { message: err.message } })}\n`);
    process.exitCode = 1;
  },
);
