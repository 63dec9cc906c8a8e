// The sandbox seed: on an empty database, a demo partner with a sandbox key, so a newcomer sees
// real data at once. Later capabilities extend it (tenants, workforces, pay runs).
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../services/platform/deps.ts';
import { registerPartner } from '../services/platform/partner-keys.ts';
import { UseCaseContext } from '../services/platform/use-case.ts';
import { runCommand } from '../services/platform/unit-of-work.ts';
import { seedTenants, type SeededTenant } from './tenants.ts';

export interface DemoCredentials {
  partner_id: string;
  key: string;
  tenants: SeededTenant[];
  file?: string;
}

export async function seedSandbox(
  deps: AppDeps,
  credentialsFile = path.join(
    path.dirname(path.resolve(deps.config.dbFile === ':memory:' ? './data/x' : deps.config.dbFile)),
    'demo-credentials.json',
  ),
): Promise<DemoCredentials | null> {
  if ((await deps.store.repos.listPartners()).length > 0) {
    return fs.existsSync(credentialsFile)
      ? { ...(JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as DemoCredentials), file: credentialsFile }
      : null;
  }
  const operator = new UseCaseContext({
    deps,
    reason: 'Sandbox demo partner set up at first start',
    request: { method: 'SEED', path: 'partners' },
  });
  const { data } = await runCommand(operator, async (r) => {
    const created = await registerPartner(operator, r, { name: 'Payrail Demo Partner', environment: 'sandbox' });
    await r.setMetaIfAbsent('demo_partner_id', created.data.partner.id);
    return created;
  });
  const { partner, key, key_id } = data;
  const tenants = await seedTenants(deps, {
    kind: 'partner',
    partnerId: partner.id,
    keyId: key_id,
    environment: 'sandbox',
  });
  const creds: DemoCredentials = { partner_id: partner.id, key, tenants };
  if (deps.config.dbFile !== ':memory:') {
    fs.mkdirSync(path.dirname(credentialsFile), { recursive: true });
    fs.writeFileSync(credentialsFile, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  }
  return { ...creds, file: credentialsFile };
}
