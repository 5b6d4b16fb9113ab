import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import type { Actor } from './access';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

export type AuditActor = Pick<Actor, 'impersonatorId'> & { user: { id: number; name: string } };

const SECRET_KEYS = new Set(['passwordHash', 'twoFactorSecret', 'twoFactorPendingSecret', 'tokenHash', 'codeHash']);

/** Rows are stored as JSON with secrets removed and dates as ISO strings. */
function snapshot(value: unknown): unknown {
  if (value == null) return null;
  return JSON.parse(JSON.stringify(value, (key, v) => (SECRET_KEYS.has(key) ? undefined : v)));
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
    })),
  );
}
