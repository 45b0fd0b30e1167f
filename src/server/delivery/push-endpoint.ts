import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Config } from '#server/context.ts';

// Which Web Push endpoints the server may post to (docs/api.md, push; ADR 0019): a subscription's endpoint is
// whatever the browser — or anyone with a session — hands us, and the delivery loop posts to it
// with retries, so an unchecked one makes the server a request forger against its own network.
// Checked twice: by name when saved (a known push service, https) and by address when connecting
// (every address the name resolves to is public), so DNS that changes after the save cannot help.
// The one exception is a host PUSH_SERVICE_HOSTS names exactly (ADR 0041).

/** The browsers' push services, as host suffixes; PUSH_SERVICE_HOSTS adds to them. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'push.services.mozilla.com', // Firefox (autopush: updates.push.services.mozilla.com)
  'notify.windows.com', // Edge on Windows (WNS)
  'push.apple.com', // Safari (web.push.apple.com)
];

const matchesSuffix = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/**
 * Whether PUSH_SERVICE_HOSTS names this very host (not a parent of it). Only such a host may be
 * plain http, an address literal or on this machine's network: the operator vouched for it (an
 * intranet push service, a test's fake). The portal's own scheme (PUBLIC_URL) implies nothing.
 */
export function namedPushHost(hostname: string, config: Pick<Config, 'pushServiceHosts'>): boolean {
  return (config.pushServiceHosts ?? []).includes(hostname.replace(/\.$/, ''));
}

/** Whether an endpoint may be saved and posted to, by its URL alone (WHATWG URL already turns 0x7f000001 into 127.0.0.1). */
export function pushEndpointAllowed(endpoint: string, config: Pick<Config, 'pushServiceHosts'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const hostname = url.hostname.replace(/\.$/, '');
  if (namedPushHost(hostname, config)) return true;
  if (url.protocol !== 'https:' || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) return false;
  return [...PUSH_SERVICE_HOSTS, ...(config.pushServiceHosts ?? [])].some((suffix) => matchesSuffix(hostname, suffix));
}

/** Addresses no push service has: this machine, private networks, link-local, CGNAT, multicast, reserved, documentation. */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3], // multicast, reserved and broadcast
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
// IPv4-mapped addresses (::ffff:a.b.c.d) are checked against the IPv4 rules by BlockList itself.
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** Whether an address is one the server must never post a push to (for a host PUSH_SERVICE_HOSTS does not name exactly). */
export function addressRefused(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Thrown from the connection's lookup: the endpoint is refused for good, not a passing failure. */
export class RefusedPushAddress extends Error {
  override name = 'RefusedPushAddress';
  constructor(host: string, addresses: string[]) {
    super(`${host} resolves to ${addresses.join(', ') || 'nothing'}, not a public address`);
  }
}

/**
 * A net/tls `lookup` that resolves every address of the name and refuses the connection when any
 * is not public. The socket connects to the address checked here, so a name that resolves
 * differently on a second lookup gains nothing.
 */
export function guardedLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(
      hostname,
      { all: true, family: options.family ?? 0, hints: options.hints ?? 0 },
      (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        const refused = addresses.length === 0 || addresses.some((entry) => addressRefused(entry.address));
        if (refused)
          return callback(
            new RefusedPushAddress(
              hostname,
              addresses.map((entry) => entry.address),
            ) as NodeJS.ErrnoException,
            '',
            0,
          );
        if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
        const [first] = addresses as [LookupAddress];
        callback(null, first.address, first.family);
      },
    );
  };
}
