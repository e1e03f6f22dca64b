import net from 'node:net';

/**
 * IP addresses as the `ip_ranges` table stores them: 32 lowercase hex digits, IPv4 as the
 * IPv4-mapped IPv6 address ::ffff:a.b.c.d, so one text comparison orders both families.
 */
export interface IpKey {
  family: 4 | 6;
  hex: string;
}

const IPV4_MAPPED_PREFIX = '00000000000000000000ffff';

function ipv4Hex(address: string): string {
  return address
    .split('.')
    .map((octet) => Number(octet).toString(16).padStart(2, '0'))
    .join('');
}

/** The address as an IpKey, or null when it is not an IP address. Zone ids (fe80::1%eth0) are dropped. */
export function ipKey(raw: string): IpKey | null {
  const address = raw.trim().replace(/%[\w.-]+$/, '');
  const kind = net.isIP(address);
  if (kind === 4) return { family: 4, hex: IPV4_MAPPED_PREFIX + ipv4Hex(address) };
  if (kind !== 6) return null;

  let text = address.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two hex groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const hex = ipv4Hex(quad[1]!);
    text = `${text.slice(0, quad.index)}${hex.slice(0, 4)}:${hex.slice(4)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  if (groups.length !== 8) return null;
  const hex = groups.map((group) => group.padStart(4, '0')).join('');
  return { family: hex.startsWith(IPV4_MAPPED_PREFIX) ? 4 : 6, hex };
}

/** Readable form of a stored key (for reports): a.b.c.d for IPv4, full hex groups for IPv6. */
export function formatIpKey(key: IpKey): string {
  if (key.family === 4) {
    const tail = key.hex.slice(24);
    return [0, 2, 4, 6].map((i) => Number.parseInt(tail.slice(i, i + 2), 16)).join('.');
  }
  return key.hex.match(/.{4}/g)!.join(':');
}

/** Loopback, private, link-local, carrier-grade NAT and other addresses that say nothing about where someone is. */
const NOT_PUBLIC = new net.BlockList();
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
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** True for an address worth looking up: a public IPv4 or IPv6 address (IPv4-mapped counts as IPv4). */
export function isPublicIp(key: IpKey): boolean {
  if (key.family === 4) return !NOT_PUBLIC.check(formatIpKey(key), 'ipv4');
  const address = key.hex.match(/.{4}/g)!.join(':');
  return !NOT_PUBLIC.check(address, 'ipv6');
}
