import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

export { REPO_ROOT };

/**
 * Whose X-Forwarded-For the server believes (issue 16, finding 1; decision 026; applied by
 * platform/client-address.ts). The caller's
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

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().url().optional(),
  /** 32 bytes as hex: encrypts TOTP seeds at rest. Unset: a key file in DATA_DIR. */
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  APP_ENV: z.enum(['production', 'staging']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(24),
  TWO_FACTOR_PENDING_MINUTES: z.coerce.number().int().positive().default(5),
  /** How long an admin's impersonation of a learner lasts (decision 015). */
  IMPERSONATION_MINUTES: z.coerce.number().int().positive().max(120).default(15),
  /** Shared with the chat service: signs the tokens of GET /admin/user/chat/token (unset: no chat). */
  CHAT_TOKEN_SECRET: z.string().min(32, 'CHAT_TOKEN_SECRET must be at least 32 characters').optional(),
  CHAT_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(30),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  REGISTER_MAX_PER_IP: z.coerce.number().int().positive().default(10),
  REGISTER_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** The proxies whose X-Forwarded-For is believed: a hop count or addresses/CIDRs (platform/client-address.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseTrustedProxies(raw);
      if (typeof parsed === 'object' && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /** An S3-protocol object store for uploads (unset: DATA_DIR/uploads). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addressing (http://host/bucket/key), as MinIO and most self-hosted stores want. */
  S3_FORCE_PATH_STYLE: bool,
  /** Outgoing mail (smtp://user:pass@host:587, smtps://...); unset: mail waits in the outbox (decision 017). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Cohort Admin <no-reply@cohort.local>'),
  /** Where learners open their ISA (the link `isa/resend` mails): {LEARNER_APP_URL}/isa/{id}. */
  LEARNER_APP_URL: z.string().url().default('http://localhost:3000/learn'),
  /** Whether this API process also works the scheduled jobs (decision 019); `npm run worker` always does. */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** How often a process looks for due jobs. */
  JOB_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seed the demo data and print its logins (`npm start`, `npm run dev`, the journeys); never in production (decision 028). */
  DEMO: bool,
  /** The first ADMIN an empty database gets without DEMO (decision 028). */
  INITIAL_ADMIN_EMAIL: z.email('INITIAL_ADMIN_EMAIL must be an email address').default('admin@cohort.local'),
  /** That ADMIN's first password (changed at first login); unset: a one-time password printed once. */
  INITIAL_ADMIN_PASSWORD: z
    .string()
    .min(10, 'INITIAL_ADMIN_PASSWORD must be at least 10 characters')
    .max(256, 'INITIAL_ADMIN_PASSWORD must be at most 256 characters')
    .optional(),
  SEED: z.coerce.number().int().default(2026),
  SEED_LEARNERS: z.coerce.number().int().min(0).default(2000),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
});

export type Config = z.infer<typeof envSchema> & { DEMO: boolean };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return { ...parsed.data, DEMO: parsed.data.DEMO ?? false, ...overrides };
}
