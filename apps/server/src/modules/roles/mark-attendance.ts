import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffAttendance, users } from '../../db/schema';
import { type Actor, effectiveRole } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';

/**
 * Marks a staff member present or absent on a day (one mark per person and day; a new mark
 * replaces it). Who may is the matrix's `roleAttendance` `create` (ADMIN only); no one marks
 * their own attendance (decision 030).
 */
export async function markAttendance(
  db: Db,
  actor: Actor,
  input: { userId: number; date: string; status: 'Present' | 'Absent'; note?: string },
) {
  const { userId, date, status, note } = input;
  if (userId === actor.user.id) throw forbidden('You cannot mark your own attendance; another admin marks it');
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User');
    if ((await effectiveRole(tx as unknown as Db, user.roleId)) === 'USER') {
      throw badRequest('Attendance is kept for staff only', [{ path: ['userId'], message: 'Not a staff member' }]);
    }
    const [before] = await tx
      .select()
      .from(staffAttendance)
      .where(and(eq(staffAttendance.userId, userId), eq(staffAttendance.day, date)));
    const [after] = await tx
      .insert(staffAttendance)
      .values({ userId, day: date, status, note, markedBy: actor.user.id })
      .onConflictDoUpdate({
        target: [staffAttendance.userId, staffAttendance.day],
        set: {
          status,
          note,
          markedBy: actor.user.id,
          updatedAt: new Date(),
          version: sql`${staffAttendance.version} + 1`,
        },
      })
      .returning();
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'staffAttendance',
      entityId: after.id,
      before: before ?? null,
      after,
    });
    return after;
  });
}
