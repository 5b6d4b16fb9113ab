import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { roles } from '../../db/schema';
import { notFound } from '../../platform/errors';

/** A role by id, or 404. */
export async function findRole(db: Db | Tx, id: number) {
  const [role] = await db.select().from(roles).where(eq(roles.id, id));
  if (!role) throw notFound('Role');
  return role;
}
