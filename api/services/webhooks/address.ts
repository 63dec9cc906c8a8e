// Where Payrail may send a webhook (against server-side request forgery). Live endpoints: https, and every address
// the host resolves to is public. Sandbox endpoints may also reach this machine's loopback (plain http only there),
// for a partner developing against a local server. Never a private, link-local (cloud metadata), shared, multicast
// or reserved address. Checked at registration and again at every delivery, on the addresses the delivery then
// connects to, so a name that later resolves elsewhere (DNS rebinding) is refused too.
import net from 'node:net';
import dns from 'node:dns';
import type { Environment } from '../../model/caller.ts';

/** Resolves a host name to its addresses (the system resolver; tests may give another). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const systemResolve: ResolveHost = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address (`::ffff:10.0.0.1`), if any. */
function embeddedIpv4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export type AddressClass = 'public' | 'loopback' | 'private';

export function classify(ip: string): AddressClass {
  const v4 = net.isIPv4(ip) ? ip : embeddedIpv4(ip);
  const [addr, family] = v4 ? [v4, 'ipv4' as const] : [ip, 'ipv6' as const];
  if (loopback.check(addr, family)) return 'loopback';
  return blocked.check(addr, family) ? 'private' : 'public';
}

/** Why an endpoint URL is refused, or null when it may be used. */
export function urlProblem(raw: string, env: Environment): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Must be an absolute URL.';
  }
  if (url.username || url.password) return 'Must not carry a user name or password.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && env === 'sandbox') return null; // its addresses must be loopback (addressProblem)
  return env === 'live' ? 'A live endpoint must use https.' : 'Must use https (or http to this machine, in sandbox).';
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The addresses a delivery may connect to for this URL, or why none may be used. A name must resolve, and every
 * address it resolves to must be allowed (one bad address refuses the name).
 */
export async function vetAddresses(
  raw: string,
  env: Environment,
  resolve: ResolveHost,
): Promise<{ addresses: string[] } | { problem: string }> {
  const problem = urlProblem(raw, env);
  if (problem) return { problem };
  const url = new URL(raw);
  const host = hostOf(url);
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { problem: `The host ${host} could not be resolved.` };
    }
    if (!addresses.length) return { problem: `The host ${host} could not be resolved.` };
  }
  for (const a of addresses) {
    const kind = classify(a);
    if (kind === 'private') return { problem: 'Must not point to a private, link-local or reserved address.' };
    if (kind === 'loopback' && env === 'live') return { problem: 'A live endpoint must not point to this machine.' };
    if (kind === 'public' && url.protocol === 'http:')
      return { problem: 'Plain http is allowed only to this machine, in sandbox; use https.' };
  }
  return { addresses };
}
