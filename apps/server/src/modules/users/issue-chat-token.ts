import { createHmac } from 'node:crypto';
import type { Actor } from '../../platform/access';
import { AppError } from '../../platform/errors';

const b64 = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/**
 * A token the chat service accepts for this staff member: a JWT (HS256) naming them, their
 * role and an expiry minutes away, signed with the secret the chat service shares
 * (CHAT_TOKEN_SECRET). Without a secret the server has no chat to sign for: 503.
 */
export function issueChatToken(
  actor: Actor,
  config: { CHAT_TOKEN_SECRET?: string; CHAT_TOKEN_MINUTES: number },
  now = new Date(),
): { token: string; expiresAt: Date } {
  if (!config.CHAT_TOKEN_SECRET) {
    throw new AppError(503, 'NOT_CONFIGURED', 'Chat is not set up on this server yet: ask an administrator.');
  }
  const issuedAt = Math.floor(now.getTime() / 1000);
  const exp = issuedAt + config.CHAT_TOKEN_MINUTES * 60;
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64({ sub: String(actor.user.id), name: actor.user.name, role: actor.role, iat: issuedAt, exp });
  const signature = b64(createHmac('sha256', config.CHAT_TOKEN_SECRET).update(`${head}.${body}`).digest());
  return { token: `${head}.${body}.${signature}`, expiresAt: new Date(exp * 1000) };
}
