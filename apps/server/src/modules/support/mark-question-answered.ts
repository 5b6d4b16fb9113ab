import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { questions } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';

/**
 * An answer moves its question out of the inbox: Un-Answered becomes Answered in the
 * answer's own transaction (an archived question stays archived). Audited like any change.
 */
export async function markQuestionAnswered(tx: Tx, actor: Actor, answer: Record<string, unknown>): Promise<void> {
  const [moved] = await tx
    .update(questions)
    .set({ status: 'Answered', updatedAt: new Date(), version: sql`${questions.version} + 1` })
    .where(and(eq(questions.id, answer.questionId as number), eq(questions.status, 'Un-Answered')))
    .returning({ id: questions.id });
  if (moved) {
    await audit(tx, actor, {
      action: 'update',
      entity: 'question',
      entityId: moved.id,
      before: { status: 'Un-Answered' },
      after: { status: 'Answered' },
    });
  }
}
