import { describe, expect, it } from 'vitest';
import { addressKey } from './address.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address, and the IPv4 address of an IPv4-mapped one', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::a',
      '2001:0DB8:0001:0002:ffff:0:0:b',
      '2001:db8:1:2:1:2:3:4',
      '2001:db8:1:2::192.0.2.1',
      '2001:db8:1:2::1%eth0',
    ])
      expect(addressKey(address)).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
