import type { Db } from '../../db/client';
import { roles } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { updateVersioned } from '../../platform/versioned-update';
import { findRole } from './find-role';

/** Renames or describes a role; built-in roles keep their names. Versioned and audited. */
export async function updateRole(
  db: Db,
  actor: Actor,
  id: number,
  input: { name?: string; description?: string; version: number },
) {
  return db.transaction(async (tx) => {
    const before = await findRole(tx, id);
    if (before.builtIn && input.name !== undefined && input.name !== before.name) {
      throw badRequest('Built-in roles cannot be renamed', [
        { path: ['name'], message: 'Built-in roles keep their names' },
      ]);
    }
    const { version, ...changes } = input;
    return updateVersioned(tx, actor, { table: roles, entity: 'role', before, version, changes });
  });
}
