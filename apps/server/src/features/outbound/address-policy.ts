import { BlockList, isIP } from 'node:net';

/** The variable that lets fetches made for a user reach ranges they are otherwise kept from. */
export const ALLOWED_CIDRS_VARIABLE = 'OUTBOUND_ALLOWED_CIDRS';

// What a user-named URL must never reach: this host, the private networks around it, link-local
// (cloud metadata at 169.254.169.254), multicast and the reserved or special-purpose blocks.
const DENIED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, the broadcast 255.255.255.255 included
] as const)
  DENIED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  DENIED.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = (dotted[1] as string).split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 one reaches: IPv4-mapped (::ffff:a.b.c.d) goes to it directly, NAT64
 * (64:ff9b::/96) through the translator. null for any other address.
 */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (!mapped && !nat64) return null;
  const [hi, lo] = [g[6] as number, g[7] as number];
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** Whether an IP address is public: false for the denied ranges above, and for anything that is not an address. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !DENIED.check(address, 'ipv4');
  if (version !== 6) return false;
  const v4 = embeddedIPv4(address);
  return v4 ? !DENIED.check(v4, 'ipv4') : !DENIED.check(address, 'ipv6');
}

/** The ranges OUTBOUND_ALLOWED_CIDRS lets through although they are denied (a local test server, an intranet). */
export class AllowedCidrs {
  private readonly list = new BlockList();

  constructor(readonly entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
  }

  /** Whether the address, or the IPv4 address it embeds, is in one of the ranges. */
  has(address: string): boolean {
    if (this.entries.length === 0) return false;
    const version = isIP(address);
    if (version === 4) return this.list.check(address, 'ipv4');
    if (version !== 6) return false;
    const v4 = embeddedIPv4(address);
    return this.list.check(address, 'ipv6') || (v4 !== null && this.list.check(v4, 'ipv4'));
  }
}

/** Whether a fetch made for a user may connect to this address: a public one, or one the operator allowed. */
export function isPermittedAddress(address: string, allowed?: AllowedCidrs): boolean {
  return isPublicAddress(address) || (allowed?.has(address) ?? false);
}

function entryProblem(entry: string): string | null {
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  const max = version === 4 ? 32 : 128;
  if (!version || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max)))
    return `"${entry}" is not an address or a CIDR (e.g. 10.1.0.0/16 or fd00::/8)`;
  return null;
}

const entriesOf = (value: string) =>
  value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);

/** What is wrong with an OUTBOUND_ALLOWED_CIDRS value (without the variable's name), or null when it is fine. */
export function allowedCidrsProblem(value: string): string | null {
  const problems = entriesOf(value)
    .map(entryProblem)
    .filter((p): p is string => p !== null);
  return problems.length ? problems.join('; ') : null;
}

/**
 * Parses OUTBOUND_ALLOWED_CIDRS: comma-separated IPv4 or IPv6 CIDRs (a bare address is one host).
 * Throws an Error naming the variable and the entry it does not understand.
 */
export function parseAllowedCidrs(value: string | undefined): AllowedCidrs {
  const problem = allowedCidrsProblem(value ?? '');
  if (problem) throw new Error(`${ALLOWED_CIDRS_VARIABLE}: ${problem}`);
  return new AllowedCidrs(entriesOf(value ?? ''));
}

/** What fetchPublic and readPageText take from the configuration; spread it into their options. */
export interface OutboundPolicy {
  allowedCidrs: AllowedCidrs;
}

/** The outbound policy from the environment or the parsed configuration (both carry OUTBOUND_ALLOWED_CIDRS). */
export function outboundPolicyFromEnv(env: { OUTBOUND_ALLOWED_CIDRS?: string }): OutboundPolicy {
  return { allowedCidrs: parseAllowedCidrs(env.OUTBOUND_ALLOWED_CIDRS) };
}
