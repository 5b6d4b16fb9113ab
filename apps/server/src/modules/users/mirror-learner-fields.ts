import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';

/** The learner's columns another table is the source of (decision 022): the list filters on them. */
export type MirroredLearnerFields = {
  followUpStatus?: string | null;
  followUpDate?: string | null;
  followUpReason?: string | null;
  appointmentDate?: Date | null;
};
type Key = keyof MirroredLearnerFields;

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime?.() === (b as Date | null)?.getTime?.()
    : (a ?? null) === (b ?? null);

/**
 * Copies values onto the learner's own columns in the caller's transaction, when they differ:
 * the learner's `version` moves (an edit made from an older page is then a 409, as for any
 * change) and the change is audited on the learner under `action` (their history shows it).
 */
export async function mirrorOntoLearner(
  tx: Tx,
  actor: Actor | null,
  userId: number,
  values: MirroredLearnerFields,
  action: string,
): Promise<void> {
  const [learner] = await tx
    .select({
      followUpStatus: users.followUpStatus,
      followUpDate: users.followUpDate,
      followUpReason: users.followUpReason,
      appointmentDate: users.appointmentDate,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!learner) return;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(values) as Key[]) {
    if (same(learner[key], values[key])) continue;
    before[key] = learner[key];
    after[key] = values[key] ?? null;
  }
  if (Object.keys(after).length === 0) return;
  await tx
    .update(users)
    .set({ ...after, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await audit(tx, actor, { action, entity: 'user', entityId: userId, before, after });
}
