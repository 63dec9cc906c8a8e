import type { AppDeps } from '../http/context.ts';

export interface SeededTenant { id: string; slug: string; jurisdiction: string; name: string }

/** Demo tenants come with the employee and pay-run capabilities. */
export async function seedTenants(_deps: AppDeps, _partnerId: string): Promise<SeededTenant[]> {
  return [];
}
