// What a request costs. A payslip PDF, a report, a 200-row page or a chain verify is not one GET: each request
// is charged its units against its partner's budget (the rate limit counts units, not requests), and expensive
// work runs in a lane of its tenant, so one tenant's reports queue behind each other, not in front of another
// tenant's reads (lanes.ts). Decided from the route and the raw query, before anything is parsed or read.
import type { Config } from '../config.ts';
import type { RouteDef } from './route.ts';

/** Where expensive work queues, per tenant: files and reports share one lane, chain verifies have their own. */
export type Lane = 'heavy' | 'verify';

export interface Cost {
  units: number;
  /** The tenant lane the work runs in; null for cheap requests, which never queue. */
  lane: Lane | null;
  /** A route with a budget of its own besides the partner's (chain verify). */
  ownLimit?: 'verify';
}

export type CostConfig = Config['costs'];

type Kind = 'verify' | 'report' | 'file';

/** Expensive routes by path: the rest cost one unit, a list one unit per `rowsPerUnit` rows asked for. */
const EXPENSIVE: [RegExp, Kind][] = [
  [/\/governance\/verify$/, 'verify'],
  [/\/reports\/\{report\}$/, 'report'],
  [/\/statutory-outputs\/\{kind\}(\.csv)?$/, 'report'],
  // Unpaged, over every employee of the tenant: as much work as a report.
  [/\/(leave-balances|super\/liabilities)$/, 'report'],
  [/\.pdf$/, 'file'],
  [/\/(payment-file|payment-file\/reissue|super-batch|super-file)$/, 'file'],
];

/** The page size a list request asks for (its schema's default of 50 when absent or unreadable). */
function pageSize(query: unknown): number {
  const raw = (query as Record<string, unknown> | undefined)?.limit;
  const n = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : 50;
  return Math.min(200, Math.max(1, n));
}

export function costOf(route: RouteDef, query: unknown, costs: CostConfig): Cost {
  const kind = EXPENSIVE.find(([re]) => re.test(route.path))?.[1];
  if (kind === 'verify') return { units: costs.verify, lane: 'verify', ownLimit: 'verify' };
  if (kind) return { units: costs[kind], lane: 'heavy' };
  if (route.response.list) {
    const rows = pageSize(query);
    // Pages above the default size are the expensive kind of list: they queue in the tenant's heavy lane.
    return { units: Math.max(1, Math.ceil(rows / costs.rowsPerUnit)), lane: rows > 50 ? 'heavy' : null };
  }
  return { units: 1, lane: null };
}
