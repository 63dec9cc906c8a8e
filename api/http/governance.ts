// Governed writes need a reason (body `governance_reason` or header `x-governance-reason`), 3–500
// characters after trimming; it is bound into the evidence record. Money-moving writes need one from
// every embed and user token too (SPEC Events §3: a browser never has an ungoverned write path), while a
// partner key's server-side call may omit it; preview is neither, and stays ungoverned.
import type { RouteDef } from './route.ts';
import type { Caller } from '../model/caller.ts';
import { AppError, badRequest } from '../lib/errors.ts';

/** Whether this caller must give a reason for this route. */
export function reasonRequired(route: Pick<RouteDef, 'governed' | 'moneyMoving'>, caller: Caller | null): boolean {
  return !!route.governed || (!!route.moneyMoving && !!caller && caller.kind !== 'partner');
}

export function governanceReason(body: unknown, header: string | undefined): string {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).governance_reason : undefined;
  const raw = fromBody ?? header;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    throw new AppError(
      400,
      'governance_reason_required',
      'This write is governed: send governance_reason in the body or the x-governance-reason header.',
    );
  }
  if (typeof raw !== 'string')
    throw badRequest('governance_reason must be a string.', [
      { path: 'governance_reason', message: 'Expected a string.' },
    ]);
  const reason = raw.trim();
  if (reason.length < 3 || reason.length > 500) {
    throw badRequest('governance_reason must be 3 to 500 characters.', [
      { path: 'governance_reason', message: 'Must be 3 to 500 characters.' },
    ]);
  }
  return reason;
}
