import net from 'node:net';
import type { Server } from 'node:http';

// proxy-addr's named ranges, as TRUST_PROXY accepts them.
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The peers exempt from the cap: the proxies TRUST_PROXY names (a hop count: every peer is one). */
function proxyPeers(trustProxy: false | number | string[]): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const list = new net.BlockList();
  for (const entry of trustProxy.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
    return net.isIP(v4) === 4 ? list.check(v4, 'ipv4') : list.check(address, 'ipv6');
  };
}

/**
 * Bounds the connections one client address holds open at once (0: no bound). A connection past
 * the bound is closed as it is accepted, before it can send anything, so one address cannot tie up
 * the server's sockets and memory with requests it trickles in. Connections from the proxies that
 * TRUST_PROXY names are not counted: those carry many clients, and the proxy bounds each of them.
 */
export function capConnectionsPerAddress(server: Server, limit: number, trustProxy: false | number | string[]): void {
  if (limit <= 0) return;
  const exempt = proxyPeers(trustProxy);
  const open = new Map<string, number>();
  // First in line, so a refused socket never reaches the HTTP parser.
  server.prependListener('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= limit) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
