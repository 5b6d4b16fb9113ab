import type { TrustedProxies } from '../config';

export type { TrustedProxies };

/**
 * Fastify's `trustProxy` for the setting. A hop count is a trust function: Fastify 5.12 takes a
 * number as "trust nothing", and a string "1" as an address.
 */
export function trustProxyOption(
  setting: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
