// Operator commands against the same PAYRAIL_DB as the running servers. Every command prints
// exactly one JSON object on stdout.
import { parseArgs } from 'node:util';
import { Store } from './store/index.ts';
import { loadConfig } from './config.ts';
import { createKey, createPartner, importLegacyKey, publicKey } from './services/partner-keys.ts';
import { TokenService } from './services/tokens.ts';

const USAGE = `usage:
  cli partners create --name <name> [--live]
  cli keys create --partner <par_id> [--live]
  cli keys list --partner <par_id>
  cli keys revoke --key <key_id>
  cli keys import-legacy --partner <par_id> --legacy-key <ps_…>
  cli signing-keys rotate`;

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
  const env = values.live ? 'live' : 'sandbox';
  const store = await Store.open(loadConfig().dbFile);
  const now = new Date();
  try {
    if (group === 'partners' && action === 'create' && values.name) {
      const out = await store.transaction((r) => createPartner(r, values.name!, env, now));
      return { partner: out.partner, key: out.key };
    }
    if (group === 'keys' && action === 'create' && values.partner) {
      if (!(await store.repos.getPartner(values.partner))) throw new Error(`no partner ${values.partner}`);
      const { key, record } = await store.transaction((r) => createKey(r, values.partner!, env, now));
      return { key: { ...publicKey(record), key } };
    }
    if (group === 'keys' && action === 'import-legacy' && values.partner && values['legacy-key']?.startsWith('ps_')) {
      if (!(await store.repos.getPartner(values.partner))) throw new Error(`no partner ${values.partner}`);
      const record = await store.transaction((r) => importLegacyKey(r, values.partner!, values['legacy-key']!, now));
      return { key: publicKey(record) };
    }
    if (group === 'keys' && action === 'list' && values.partner) {
      return { keys: (await store.repos.listKeys(values.partner)).map(publicKey) };
    }
    if (group === 'keys' && action === 'revoke' && values.key) {
      const key = await store.repos.getKey(values.key);
      if (!key) throw new Error(`no key ${values.key}`);
      await store.transaction(async (r) => {
        await r.revokeKey(key.id, now.toISOString());
        await r.addRevocation('key', key.id, now.toISOString());
      });
      return { key: publicKey({ ...key, revoked_at: key.revoked_at ?? now.toISOString() }) };
    }
    if (group === 'signing-keys' && action === 'rotate') {
      // Tokens signed by earlier keys stay valid until they expire; servers pick the new key up on sight.
      const tokens = new TokenService(store, { now: () => now });
      await tokens.init();
      return { signing_key: { kid: await tokens.rotate(), created_at: now.toISOString() } };
    }
    throw new Error(USAGE);
  } finally {
    await store.close();
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
