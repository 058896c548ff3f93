import { isIPv6 } from 'node:net';

/**
 * The part of a client address that limits count against (sign-in, sign-up, reset and form limits). An IPv4
 * address counts as itself. An IPv6 address counts as its /64 network: one subscriber usually holds a whole
 * /64, so counting each of its 2^64 addresses apart would let one person try without limit. IPv4 written in
 * IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
