import net from 'node:net';
import type { Server } from 'node:http';

export interface ConnectionLimits {
  /** Open connections one address may hold at once; 0: no cap. */
  perAddress: number;
  /** TRUST_PROXY: `true` trusts every peer as a proxy (no cap), or proxy addresses/CIDRs (exempt). */
  trustProxy: boolean | string;
}

/** The ranges behind proxy-addr's names, which TRUST_PROXY accepts too. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The proxies TRUST_PROXY names, as a block list (addresses and CIDR ranges, IPv4 and IPv6). */
function trustedProxies(trustProxy: boolean | string): net.BlockList | 'all' | null {
  if (trustProxy === true || (typeof trustProxy === 'string' && /^\d+$/.test(trustProxy.trim())))
    return 'all';
  if (!trustProxy) return null;
  const list = new net.BlockList();
  const entries = trustProxy.split(',').flatMap((item) => NAMED_RANGES[item.trim()] ?? [item.trim()]);
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = net.isIPv6(address ?? '') ? 'ipv6' : net.isIPv4(address ?? '') ? 'ipv4' : null;
    if (!address || !type) continue;
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Caps the connections one client address may hold open, so a few hosts cannot tie up the server
 * with idle or slowly sending connections; one over the cap is closed at once. Connections from
 * trusted proxies are not capped (every client behind the proxy arrives through them): put the
 * per-client cap in the proxy then.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  if (limits.perAddress <= 0) return;
  const proxies = trustedProxies(limits.trustProxy);
  if (proxies === 'all') return;
  const open = new Map<string, number>();
  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (proxies?.check(address, family)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
