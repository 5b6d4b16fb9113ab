import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
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
 * `impersonator_id` is the admin, ending after IMPERSONATION_MINUTES, or with the admin's
 * session that started it (`started_by_session_id`, decision 029). Written in the caller's
 * transaction, beside its audit entry.
 */
export async function createImpersonationSession(
  tx: Tx,
  config: Config,
  learnerId: number,
  admin: { userId: number; sessionId: number },
  client: Pick<SessionKind, 'ip' | 'userAgent'> = {},
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.IMPERSONATION_MINUTES * 60_000);
  const [row] = await tx
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId: learnerId,
      impersonatorId: admin.userId,
      startedBySessionId: admin.sessionId,
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
  startedBySessionId: sessions.startedBySessionId,
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
 * The session and its user by token hash (every request asks it) or by id (a file link's
 * ticket names its session, decision 029): each is built once per database and run as a
 * named prepared statement (decision 021).
 */
function buildSessionLookups(db: Db) {
  const live = (by: ReturnType<typeof eq>) =>
    db
      .select({ session: SESSION_COLUMNS, user: ACTOR_USER_COLUMNS })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(by, isNull(sessions.revokedAt)))
      .limit(1);
  return {
    byToken: live(eq(sessions.tokenHash, sql.placeholder('tokenHash'))).prepare('session_lookup'),
    byId: live(eq(sessions.id, sql.placeholder('id'))).prepare('session_lookup_by_id'),
  };
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookups>>();
function sessionLookup(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookups(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

type SessionHit = { session: ActorSession; user: ActorUser };

/** A session found unrevoked is live while within its absolute and idle limits and its user is active; a use touches it. */
async function liveSession(db: Db, config: Config, hit: SessionHit | undefined): Promise<SessionHit | null> {
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

export async function resolveSession(db: Db, config: Config, token: string): Promise<SessionHit | null> {
  if (!token || token.length > 200) return null;
  return liveSession(db, config, (await sessionLookup(db).byToken.execute({ tokenHash: sha256(token) }))[0]);
}

/** The session a ticket was issued to, by id, under the same rules as a token (decision 029). */
export async function resolveSessionById(db: Db, config: Config, id: number): Promise<SessionHit | null> {
  if (!Number.isSafeInteger(id)) return null;
  return liveSession(db, config, (await sessionLookup(db).byId.execute({ id }))[0]);
}

/**
 * Which sessions to end (decision 029):
 * - `{ session }`: one session (a logout), and every impersonation it started;
 * - `{ user, except? }`: every session of a user but `except` (a password or 2FA change),
 *   and every impersonation the user started, from any session, `except`'s included;
 * - `{ impersonationsBy }`: every impersonation a user started (their role changed).
 */
export type SessionsToEnd = { session: number } | { user: number; except?: number } | { impersonationsBy: number };

/**
 * The one way sessions end: one statement, so an impersonation never outlives the admin
 * session it belongs to. Run it in the transaction of the change that causes it.
 */
export async function endSessions(db: Db | Tx, which: SessionsToEnd): Promise<void> {
  const ending =
    'session' in which
      ? or(eq(sessions.id, which.session), eq(sessions.startedBySessionId, which.session))
      : 'user' in which
        ? or(
            and(
              eq(sessions.userId, which.user),
              which.except !== undefined ? ne(sessions.id, which.except) : undefined,
            ),
            eq(sessions.impersonatorId, which.user),
          )
        : eq(sessions.impersonatorId, which.impersonationsBy);
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(isNull(sessions.revokedAt), ending));
}
