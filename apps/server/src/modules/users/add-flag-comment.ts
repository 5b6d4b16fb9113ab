import { FLAG_FLOW, type UserFlagCommentCreate } from '@cohort/domain';
import type { Db } from '../../db/client';
import { userFlagComments, userFlags } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import { moveStatus } from '../../platform/flows';
import type { ResourceService } from '../../resources/engine';

/**
 * POST /admin/user/flag/add-comment: a comment on a flag, written by the session's user. A
 * comment may also move the flag (Archived when the concern is resolved, Live when it is back):
 * the comment says why, and the comment, the move and their audit entries are one transaction.
 * The flag must be one the actor may see (404 otherwise), so a scoped role comments only on
 * its own learners' flags.
 */
export async function addFlagComment(
  db: Db,
  actor: Actor,
  flags: ResourceService,
  comments: ResourceService,
  input: UserFlagCommentCreate,
) {
  const id = await db.transaction(async (tx) => {
    const flag = await flags.get(tx, actor, input.flagId, true);
    if (input.status && input.status === flag.status) {
      throw conflict(`This flag is already ${input.status.toLowerCase()}`);
    }
    const [comment] = await tx
      .insert(userFlagComments)
      .values({
        flagId: input.flagId,
        userId: flag.userId as number,
        comment: input.comment,
        statusChange: input.status ?? null,
        authorId: actor.user.id,
        authorName: actor.user.name,
      })
      .returning();
    await audit(tx, actor, { action: 'create', entity: 'userFlagComment', entityId: comment.id, after: comment });
    if (input.status) {
      await moveStatus(tx, actor, {
        flow: FLAG_FLOW,
        table: userFlags,
        entity: 'userFlag',
        id: input.flagId,
        move: input.status,
        auditAs: input.status === 'Archived' ? 'archive' : 'reopen',
        snapshot: (row) => flags.toRecord(row),
      });
    }
    return comment.id;
  });
  return comments.toRecord(await comments.get(db, actor, id), actor);
}
