import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** What a destination URL may be. */
export interface UrlPolicy {
  /** http as well as https (development mode or BILLING_EVENT_ALLOW_HTTP=1). */
  allowHttp: boolean;
  /** Loopback, private, link-local, shared and unspecified addresses too (development mode or BILLING_EVENT_ALLOW_PRIVATE_NETWORKS=1). */
  allowPrivateNetworks: boolean;
  /** Longest URL accepted (2,048). */
  maxLength: number;
}

/** A resolver like `dns.lookup` with `{ all: true }`: every address of a host name. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo), every address. */
export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

// NOTE: the ranges no event may reach unless private networks are allowed: loopback, private,
// link-local, shared (carrier-grade NAT), unspecified ("this network"), and, as nothing public
// lives there either, multicast, reserved, benchmarking and the IPv6 ranges that embed or
// translate to IPv4 (NAT64). IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) match their IPv4 range.
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/**
 * True for an address no destination may reach unless private networks are allowed.
 * @example isPrivateAddress('::ffff:127.0.0.1') // true
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL the syntax allows, with its host as the resolver takes it. */
export type ParsedDestinationUrl = { ok: true; url: URL; host: string } | { ok: false; description: string };

/**
 * Checks what can be checked without the network: length, scheme, credentials, host. Numeric hosts
 * in any form (decimal, octal, hex, IPv4-mapped) are read as the WHATWG URL parser reads them, the
 * way an HTTP client would connect.
 * @example parseDestinationUrl('http://2130706433/', policy) // { ok: false, description: 'url must ...' }
 */
export function parseDestinationUrl(text: string, policy: UrlPolicy): ParsedDestinationUrl {
  if (text.length > policy.maxLength) return { ok: false, description: `url must be at most ${policy.maxLength} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, description: 'url must be an absolute URL' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    return { ok: false, description: `url must use https${policy.allowHttp ? ' or http' : ' (http needs BILLING_EVENT_ALLOW_HTTP=1)'}` };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, description: 'url must not carry credentials' };
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') return { ok: false, description: 'url must name a host' };
  if (!policy.allowPrivateNetworks && isIP(host) !== 0 && isPrivateAddress(host)) return { ok: false, description: refusedAddress(host) };
  return { ok: true, url, host };
}

const refusedAddress = (address: string) =>
  `url resolves to ${address}, a loopback, private, link-local, shared or unspecified address (allowed only with BILLING_EVENT_ALLOW_PRIVATE_NETWORKS=1)`;

/**
 * The addresses to connect to for `host`, each checked: refused (with a description naming the
 * address) when any is private and private networks are not allowed, or when it does not resolve.
 * @example await resolveChecked('localhost', policy, systemResolveAll) // { ok: false, description: 'url resolves to 127.0.0.1, ...' }
 */
export async function resolveChecked(
  host: string,
  policy: UrlPolicy,
  resolveAll: ResolveAll,
): Promise<{ ok: true; addresses: LookupAddress[] } | { ok: false; description: string }> {
  const family = isIP(host);
  let addresses: LookupAddress[];
  if (family !== 0) {
    addresses = [{ address: host, family }];
  } else {
    try {
      addresses = await resolveAll(host);
    } catch (error) {
      return { ok: false, description: `url host ${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
    }
    if (addresses.length === 0) return { ok: false, description: `url host ${host} does not resolve` };
  }
  if (!policy.allowPrivateNetworks) {
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused !== undefined) return { ok: false, description: refusedAddress(refused.address) };
  }
  return { ok: true, addresses };
}

/**
 * Checks a destination URL at save time: its syntax, and the addresses its host resolves to now.
 * Undefined when it is acceptable, else a description for the `url` field.
 * @example await checkDestinationUrl('https://127.0.0.1/', policy) // 'url resolves to 127.0.0.1, ...'
 */
export async function checkDestinationUrl(text: string, policy: UrlPolicy, resolveAll: ResolveAll = systemResolveAll): Promise<string | undefined> {
  const parsed = parseDestinationUrl(text, policy);
  if (!parsed.ok) return parsed.description;
  if (policy.allowPrivateNetworks) return undefined;
  const resolved = await resolveChecked(parsed.host, policy, resolveAll);
  return resolved.ok ? undefined : resolved.description;
}
