import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** 2000::/3, the only IPv6 block handed out for global unicast; anything else is reserved or local. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix: the last 32 bits are the IPv4 address the gateway connects to. */
const nat64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** True for a globally routable unicast address only (private, local, reserved and special ones are not). */
export function isPublicAddress(address: string): boolean {
  // Only the canonical spellings: a form the parser and the OS might read differently is not trusted.
  if (isIP(address) === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(ipv6);
  if (embedded) return embedded.range() === 'unicast';
  return ipv6.range() === 'unicast' && ipv6.match(globalUnicast);
}

/** The IPv4 address an IPv6 address stands for (mapped, NAT64, 6to4), if it is one of those forms. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  if (address.isIPv4MappedAddress() || address.match(nat64)) return ipv4Of(parts[6], parts[7]);
  // 6to4 (2002:AABB:CCDD::/48) carries the IPv4 address of its relay in bits 16 to 48.
  if (address.range() === '6to4') return ipv4Of(parts[1], parts[2]);
  return undefined;
}

function ipv4Of(high = 0, low = 0): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** `localhost`, `localhost.` and every name under it: they mean this machine whatever DNS says. */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
