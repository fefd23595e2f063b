import { describe, expect, it } from 'vitest';
import { embeddedIPv4, isPermittedAddress, isPublicAddress, outboundPolicyFromEnv, parseAllowedCidrs } from './address-policy.js';

describe('isPublicAddress', () => {
  it('denies loopback, private, link-local, CGNAT, multicast and reserved addresses, IPv4 and IPv6', () => {
    for (const address of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '127.255.0.2',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:a00:1',
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('lets public addresses through, and IPv4-mapped or NAT64 forms of them', () => {
    for (const address of [
      '1.1.1.1',
      '8.8.8.8',
      '93.184.216.34',
      '100.63.255.255',
      '100.128.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.0.1.1',
      '198.17.255.255',
      '198.20.0.1',
      '223.255.255.255',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '64:ff9b::808:808',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('treats anything that is not an address as not public', () => {
    for (const value of ['', 'localhost', 'example.com', '1.2.3', '::g']) expect(isPublicAddress(value), value).toBe(false);
  });

  it('reads the IPv4 address an IPv4-mapped or NAT64 address carries, and no other', () => {
    expect(embeddedIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIPv4('::FFFF:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIPv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIPv4('::1')).toBeNull();
    expect(embeddedIPv4('2001:db8::ffff:7f00:1')).toBeNull();
    expect(embeddedIPv4('127.0.0.1')).toBeNull();
  });
});

describe('OUTBOUND_ALLOWED_CIDRS', () => {
  it('lets the named ranges through, over the deny list, and nothing else', () => {
    const allowed = parseAllowedCidrs(' 127.0.0.2/32, 10.1.0.0/16 ,fd00:1::/32,192.168.5.5,');
    expect(allowed.entries).toEqual(['127.0.0.2/32', '10.1.0.0/16', 'fd00:1::/32', '192.168.5.5']);
    for (const address of ['127.0.0.2', '10.1.200.3', 'fd00:1::5', '192.168.5.5', '::ffff:127.0.0.2', '64:ff9b::10.1.0.1'])
      expect(isPermittedAddress(address, allowed), address).toBe(true);
    for (const address of ['127.0.0.1', '10.2.0.1', 'fd00:2::5', '192.168.5.6', '169.254.169.254', '::1'])
      expect(isPermittedAddress(address, allowed), address).toBe(false);
    expect(isPermittedAddress('8.8.8.8', allowed)).toBe(true);
    expect(isPermittedAddress('127.0.0.2')).toBe(false);
  });

  it('is empty when unset or blank', () => {
    expect(parseAllowedCidrs(undefined).entries).toEqual([]);
    expect(outboundPolicyFromEnv({}).allowedCidrs.entries).toEqual([]);
    expect(outboundPolicyFromEnv({ OUTBOUND_ALLOWED_CIDRS: ' , ' }).allowedCidrs.entries).toEqual([]);
    expect(outboundPolicyFromEnv({ OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32' }).allowedCidrs.has('127.0.0.1')).toBe(true);
  });

  it('refuses a malformed entry with an error naming the variable and the entry', () => {
    for (const [value, entry] of [
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['nonsense', 'nonsense'],
      ['127.0.0.1/32,::1/129', '::1/129'],
      ['10.0.0.0/8/8', '10.0.0.0/8/8'],
      ['10.0.0.0/', '10.0.0.0/'],
      ['intranet.example/24', 'intranet.example/24'],
    ]) {
      expect(() => parseAllowedCidrs(value), value).toThrow(/^OUTBOUND_ALLOWED_CIDRS: /);
      expect(() => parseAllowedCidrs(value), value).toThrow(`"${entry}"`);
    }
  });
});
