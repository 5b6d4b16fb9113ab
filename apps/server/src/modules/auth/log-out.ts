import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { endSessions } from '../../platform/sessions';

/** Ends the actor's session at once (its token stops working), audited. */
export async function logOut(db: Db, actor: Actor): Promise<{ message: string }> {
  await endSessions(db, { session: actor.session.id });
  await audit(db, actor, { action: 'logout', entity: 'session', entityId: actor.user.id });
  return { message: 'Logged out' };
}
