// The host application's own sign-in (a signed cookie). It identifies the host user to this BFF and
// is never forwarded to Payrail.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';

export interface HostUser {
  id: string;
  name: string;
  /** `partner_staff`: the partner's own people, who see the whole portfolio of employers (read only). */
  role: 'viewer' | 'preparer' | 'approver' | 'admin' | 'partner_staff';
  title: string;
  /** A host user who is also on the payroll: their Payrail token is pinned to that employee (by name). */
  employee?: string;
}

export const HOST_USERS: HostUser[] = [
  { id: 'usr_host_priya', name: 'Priya Raman', role: 'preparer', title: 'Payroll officer' },
  { id: 'usr_host_marcus', name: 'Marcus Webb', role: 'approver', title: 'Finance manager' },
  { id: 'usr_host_elena', name: 'Elena Costa', role: 'admin', title: 'People & culture lead' },
  { id: 'usr_host_sam', name: 'Sam Okafor', role: 'viewer', title: 'Operations analyst' },
  {
    id: 'usr_host_olivia',
    name: 'Olivia Bennett',
    role: 'viewer',
    title: 'Office manager',
    employee: 'Olivia Bennett',
  },
  { id: 'usr_host_dana', name: 'Dana Whitfield', role: 'partner_staff', title: 'Client services lead' },
];

const COOKIE = 'host_session';
const sign = (secret: string, v: string) => crypto.createHmac('sha256', secret).update(v).digest('base64url');

/** Constant-time comparison of two MACs (a length mismatch is no secret: every MAC has the same length). */
function sameMac(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The signed-in host user, or null for a missing, malformed, forged or tampered cookie. */
export function currentUser(req: Request, secret: string): HostUser | null {
  const raw = (req.headers.cookie ?? '')
    .split(/;\s*/)
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const parts = value.split('.');
  const [id, mac] = parts;
  if (parts.length !== 2 || !id || !mac || !sameMac(sign(secret, id), mac)) return null;
  return HOST_USERS.find((u) => u.id === id) ?? null;
}

export function signIn(res: Response, secret: string, user: HostUser): void {
  res.setHeader(
    'set-cookie',
    `${COOKIE}=${encodeURIComponent(`${user.id}.${sign(secret, user.id)}`)}; Path=/; HttpOnly; SameSite=Strict`,
  );
}

export function signOut(res: Response): void {
  res.setHeader('set-cookie', `${COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`);
}
