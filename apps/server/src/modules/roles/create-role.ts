import { roleById, roleByKey } from '@cohort/domain';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest, conflict } from '../../platform/errors';
import { findRole } from './find-role';

const USER_ROLE_ID = roleByKey('USER')!.id;

/**
 * A custom role (based on a built-in one: `parentMustBeBuiltIn`) or a sub-role of any staff
 * role; either carries the permissions of the built-in role at the top of its chain.
 */
export async function createRole(
  db: Db,
  actor: Actor,
  input: { name: string; description?: string; parentRoleId: number },
  parentMustBeBuiltIn: boolean,
) {
  const parent = await findRole(db, input.parentRoleId);
  if (parentMustBeBuiltIn && !roleById(parent.id)) {
    throw badRequest('A role is based on a built-in role', [
      { path: ['parentRoleId'], message: 'Choose a built-in role' },
    ]);
  }
  if (parent.id === USER_ROLE_ID)
    throw badRequest('Staff roles cannot descend from USER', [
      { path: ['parentRoleId'], message: 'Choose a staff role' },
    ]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roles)
      .values({ name: input.name, description: input.description, parentRoleId: parent.id, builtIn: false })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('A role with this name already exists');
    await audit(tx, actor, { action: 'create', entity: 'role', entityId: row.id, after: row });
    return row;
  });
}
