import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { type SessionRow, sessions, type UserRow, users } from '../db/schema';
import { newToken, sha256 } from './tokens';

export type SessionKind = {
  twoFactorPending?: boolean;
  impersonatorId?: number | null;
  ip?: string;
  userAgent?: string;
};

/** Creates a session and answers its token (shown once; only the hash is kept). */
export async function createSession(db: Db, config: Config, userId: number, kind: SessionKind = {}): Promise<string> {
  const token = newToken();
  const minutes = kind.twoFactorPending ? config.TWO_FACTOR_PENDING_MINUTES : config.SESSION_ABSOLUTE_HOURS * 60;
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    twoFactorPending: kind.twoFactorPending ?? false,
    impersonatorId: kind.impersonatorId ?? null,
    expiresAt: new Date(Date.now() + minutes * 60_000),
    ip: kind.ip?.slice(0, 64),
    userAgent: kind.userAgent?.slice(0, 300),
  });
  return token;
}

/**
 * An admin acting as a learner (decision 015): a session of the learner's whose
 * `impersonator_id` is the admin, ending after IMPERSONATION_MINUTES. Written in the
 * caller's transaction, beside its audit entry.
 */
export async function createImpersonationSession(
  tx: Tx,
  config: Config,
  learnerId: number,
  adminId: number,
  client: Pick<SessionKind, 'ip' | 'userAgent'> = {},
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.IMPERSONATION_MINUTES * 60_000);
  const [row] = await tx
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId: learnerId,
      impersonatorId: adminId,
      expiresAt,
      ip: client.ip?.slice(0, 64),
      userAgent: client.userAgent?.slice(0, 300),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id, expiresAt };
}

/** Touches of lastUsedAt are written at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;

/**
 * What a request knows of its session and user: only the columns the server reads from the
 * actor (a learner's row has ~60 columns; reading and mapping them all on every request cost
 * ~0.4 ms on PGlite).
 */
const SESSION_COLUMNS = {
  id: sessions.id,
  userId: sessions.userId,
  expiresAt: sessions.expiresAt,
  lastUsedAt: sessions.lastUsedAt,
  impersonatorId: sessions.impersonatorId,
  twoFactorPending: sessions.twoFactorPending,
};
const ACTOR_USER_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  collegeId: users.collegeId,
  userStatus: users.userStatus,
  twoFactorEnabled: users.twoFactorEnabled,
  mustChangePassword: users.mustChangePassword,
};
export type ActorSession = Pick<SessionRow, keyof typeof SESSION_COLUMNS>;
export type ActorUser = Pick<UserRow, keyof typeof ACTOR_USER_COLUMNS>;

/**
 * The session and its user by token hash: every request asks it, so it is built once per
 * database and run as a named prepared statement (decision 021).
 */
function buildSessionLookup(db: Db) {
  return db
    .select({ session: SESSION_COLUMNS, user: ACTOR_USER_COLUMNS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_lookup');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();
function sessionLookup(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

export async function resolveSession(
  db: Db,
  config: Config,
  token: string,
): Promise<{ session: ActorSession; user: ActorUser } | null> {
  if (!token || token.length > 200) return null;
  const rows = await sessionLookup(db).execute({ tokenHash: sha256(token) });
  const hit = rows[0];
  if (!hit) return null;
  const now = Date.now();
  const idleLimit = hit.session.lastUsedAt.getTime() + config.SESSION_IDLE_MINUTES * 60_000;
  if (hit.session.expiresAt.getTime() <= now || idleLimit <= now) return null;
  if (hit.user.userStatus !== 'Active') return null;
  if (now - hit.session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(now), updatedAt: new Date(now) })
      .where(eq(sessions.id, hit.session.id));
  }
  return hit;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user (password or 2FA change). */
export async function revokeUserSessions(db: Db | Tx, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}
