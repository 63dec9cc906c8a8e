// The sandbox demo's sessions: one read-only embed token per seeded demo employer, bound to this server's own
// origin, with the runs the demo page opens first. Who may ask, and how often, is the route's to decide.
import type { UseCaseContext } from './use-case.ts';
import { notFound } from '../../lib/errors.ts';
import { runCommand } from './unit-of-work.ts';
import { issueToken } from './token-delegation.ts';

const DEMO_EMPLOYERS = ['harbour-coffee', 'nordlicht-software'];

export async function demoSessions(uc: UseCaseContext) {
  const r = uc.store.repos;
  const partnerId = await r.getMeta('demo_partner_id');
  if (!partnerId) throw notFound('This server has no sandbox demo data (PAYRAIL_SEED=0).');
  const key = (await r.listKeys(partnerId)).find((k) => !k.revoked_at && k.environment === 'sandbox');
  if (!key) throw notFound('The demo partner has no active sandbox key.');
  const tenants = (await r.allTenants(partnerId)).filter(
    (t) => t.environment === 'sandbox' && DEMO_EMPLOYERS.includes(t.slug),
  );
  const out = [];
  for (const t of tenants) {
    const runs = await r.listPayRuns(t.id, { limit: 5 });
    const { data: minted } = await runCommand(uc, async (w) => ({
      data: await issueToken(
        w,
        uc,
        {
          kind: 'embed',
          partnerId,
          keyId: key.id,
          environment: 'sandbox',
          tenantId: t.id,
          components: [],
          employeeId: null,
          origin: uc.deps.config.publicOrigin,
          role: null,
          scope: { cost_centres: '*', sites: '*' },
          user: null,
        },
        null,
      ),
    }));
    out.push({
      tenant_id: t.id,
      slug: t.slug,
      name: t.name,
      country: t.jurisdiction,
      token: minted.token,
      expires_in: minted.expires_in,
      finalised_pay_run: runs.find((p) => p.status === 'finalised')?.id ?? null,
      draft_pay_run: runs.find((p) => p.status === 'draft')?.id ?? null,
    });
  }
  return out;
}
