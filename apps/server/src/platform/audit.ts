import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import type { Actor } from './access';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /**
   * The learner the written row belongs to, for their history (decision 015). A `user` entry
   * is its own subject; the engine fills it for a learner's own records (a binding's `learnerColumn`).
   */
  subjectUserId?: number | null;
  /** A revert names the entry it undoes. */
  revertsAuditId?: number;
};

export type AuditActor = Pick<Actor, 'impersonatorId'> & {
  user: { id: number | null; name: string | null };
  /** The request the write belongs to (decision 026); a request's actor carries it from access control. */
  requestId?: string;
  /** Scheduled work, not a person: entries carry spec §4's Source "2 System". */
  system?: true;
};

/** The actor of scheduled work (deadline and expiry sweeps): no user, Source 2 System. */
export const SYSTEM_ACTOR: AuditActor = { user: { id: null, name: 'System' }, impersonatorId: null, system: true };

const SECRET_KEYS = new Set(['passwordHash', 'twoFactorSecret', 'twoFactorPendingSecret', 'tokenHash', 'codeHash']);

/** Rows are stored as JSON with secrets removed and dates as ISO strings. */
function snapshot(value: unknown): unknown {
  if (value == null) return null;
  return JSON.parse(JSON.stringify(value, (key, v) => (SECRET_KEYS.has(key) ? undefined : v)));
}

/** A user id from an entity id, when it is one (int4). */
function subjectOf(id: string | number | null | undefined): number | null {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** Nobody logged in (a registration): the entry still names the request. */
export const anonymousActor = (requestId: string): AuditActor => ({
  user: { id: null, name: null },
  impersonatorId: null,
  requestId,
});

/** Entities whose rows belong to a learner, with the row key that names them (a message's `userId`). */
const LEARNER_OWNED = new Map<string, string>();

/**
 * Declares that rows of `entity` belong to the learner named by `key`: their audit entries
 * carry that learner as subject. The engine declares every binding with a
 * `learnerColumn`; a module writing such rows itself can declare its own.
 */
export function declareLearnerOwned(entity: string, key: string): void {
  LEARNER_OWNED.set(entity, key);
}

function subjectFrom(e: AuditEntry): number | null {
  if (e.entity === 'user') return subjectOf(e.entityId);
  const key = LEARNER_OWNED.get(e.entity);
  if (!key) return null;
  const row = (e.after ?? e.before) as Record<string, unknown> | null | undefined;
  return subjectOf(row?.[key] as number | undefined);
}

/** Records writes in the same transaction as the writes themselves (one entry per row). */
export async function audit(tx: Db | Tx, actor: AuditActor | null, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(
    list.map((e) => ({
      actorId: actor?.user.id ?? null,
      actorName: actor?.user.name ?? null,
      impersonatorId: actor?.impersonatorId ?? null,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId == null ? null : String(e.entityId),
      before: snapshot(e.before),
      after: snapshot(e.after),
      subjectUserId: e.subjectUserId ?? subjectFrom(e),
      revertsAuditId: e.revertsAuditId ?? null,
      source: actor?.system ? 2 : 1,
      requestId: actor?.requestId ?? null,
    })),
  );
}
