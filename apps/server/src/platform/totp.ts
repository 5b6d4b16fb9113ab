import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, lt, notLike, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { SecretBox } from './secret-box';
import { sha256 } from './tokens';

const ISSUER = 'Cohort Admin';
const PERIOD = 30;

/** The secret box context of a user's TOTP seed (see secret-box.ts). */
export function totpContext(userId: number): string {
  return `user:${userId}:totp`;
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function otpauthUrl(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The RFC 6238 time step a code matches (now, or one step either side), or null. */
export function matchingStep(secret: string, code: string, at = Date.now()): number | null {
  const totp = totpFor(secret, 'x');
  const delta = totp.validate({ token: code, timestamp: at, window: 1 });
  if (delta === null) return null;
  return Math.floor(at / 1000 / PERIOD) + delta;
}

/**
 * Accepts a code once: the step is claimed with a conditional update, so of two
 * requests racing with the same code only one wins.
 */
export async function consumeTotp(db: Db, userId: number, secret: string, code: string): Promise<boolean> {
  const step = matchingStep(secret, code);
  if (step === null) return false;
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), lt(users.totpLastStep, step)))
    .returning({ id: users.id });
  return claimed.length === 1;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Backup codes: 10 random characters (50 bits) shown as XXXXX-XXXXX; stored as SHA-256. */
export function newBackupCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

export function hashBackupCode(code: string): string {
  return sha256(code.replace(/-/g, '').toUpperCase());
}

/**
 * Seals TOTP seeds stored in plain text before seeds were encrypted (databases made by
 * earlier builds). Runs at start; a no-op once every seed is sealed. Answers how many
 * rows it sealed.
 */
export async function sealPlainTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const plain = (col: typeof users.twoFactorSecret | typeof users.twoFactorPendingSecret) =>
    and(isNotNull(col), notLike(col, 'v1.%'));
  const rows = await db
    .select({ id: users.id, secret: users.twoFactorSecret, pending: users.twoFactorPendingSecret })
    .from(users)
    .where(or(plain(users.twoFactorSecret), plain(users.twoFactorPendingSecret)));
  const seal = (value: string | null, id: number) =>
    value && !value.startsWith('v1.') ? box.seal(value, totpContext(id)) : value;
  for (const row of rows) {
    await db
      .update(users)
      .set({ twoFactorSecret: seal(row.secret, row.id), twoFactorPendingSecret: seal(row.pending, row.id) })
      .where(eq(users.id, row.id));
  }
  return rows.length;
}
