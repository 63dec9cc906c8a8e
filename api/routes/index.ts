import type { RouteDef } from '../http/route.ts';
import { utilityRoutes } from './utility.ts';
import { packRoutes } from './packs.ts';
import { partnerRoutes } from './partners.ts';
import { tokenRoutes } from './tokens.ts';
import { governanceRoutes } from './governance.ts';

export function allRoutes(): RouteDef[] {
  const routes: RouteDef[] = [];
  routes.push(
    ...utilityRoutes(() => routes),
    ...packRoutes,
    ...partnerRoutes,
    ...tokenRoutes,
    ...governanceRoutes,
  );
  return routes;
}
