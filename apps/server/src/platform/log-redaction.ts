/**
 * No log line carries a secret: values under keys that name one are replaced, and argon2
 * hashes are cut out of any text (decision 005, issue 6). Applied by pino to every line
 * (buildApp's `formatters.log`), on top of never logging a failed query's parameters.
 */
const SECRET_KEY = /pass(word)?|hash|token|secret|otp|backup|^authorization$|^cookie$/i;
/** `code` names a 2FA or backup code, but also error codes (BAD_REQUEST, SQLSTATE 23505): keep those. */
const ERROR_CODE = /^(?:[A-Z][A-Z_]*|[0-9A-Z]{5})$/;

function isSecret(key: string, value: unknown): boolean {
  if (value === null || value === undefined || typeof value === 'boolean') return false;
  if (key === 'code') return !(typeof value === 'string' && ERROR_CODE.test(value));
  return SECRET_KEY.test(key);
}
const ARGON2 = /\$argon2(?:id|i|d)\$[^\s"',;)]+/g;
export const REDACTED = '[redacted]';

export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(ARGON2, REDACTED);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error)
    return redactSecrets({ type: value.name, message: value.message, stack: value.stack }, depth + 1);
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSecret(k, v) ? REDACTED : redactSecrets(v, depth + 1);
  }
  return out;
}
