import { isIP } from 'node:net';

/**
 * Whose X-Forwarded-For the server believes (issue 16, finding 1; decision 026). The caller's
 * address decides the login and registration throttles and is written to sessions and the audit
 * log, so only the proxies the operator names may set it:
 * - `false`: none; the address is the connection's.
 * - a hop count `n`: the connection and the n-1 hops before it are proxies; the address is the
 *   n-th hop from the right, what the outer proxy saw. Only safe when nothing reaches the
 *   server except through those proxies.
 * - addresses and CIDR ranges: hops are trusted while they are in the list, from the right; the
 *   address is the first one that is not (a client that reaches the server directly is its own
 *   address, whatever it writes).
 * "Trust every hop" is not offered: the left-most hop is whatever the client wrote.
 */
export type TrustedProxies = false | number | string[];

/** Ranges proxy-addr knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

export const TRUST_PROXY_HELP =
  'set the number of proxies in front of the server (e.g. 1), or their addresses or CIDR ranges, comma-separated (e.g. 10.0.0.7,10.1.0.0/16); false trusts none';

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as written in the environment; a string that says what is wrong, or the setting. */
export function parseTrustedProxies(raw: string | undefined): TrustedProxies | { error: string } {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true')
    return { error: `true would believe any address a client writes in X-Forwarded-For: ${TRUST_PROXY_HELP}` };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? hops : { error: `at most ${MAX_HOPS} proxies: ${TRUST_PROXY_HELP}` };
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined || entries.length === 0)
    return { error: `"${bad ?? value}" is neither an address nor a CIDR range: ${TRUST_PROXY_HELP}` };
  return entries;
}

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
