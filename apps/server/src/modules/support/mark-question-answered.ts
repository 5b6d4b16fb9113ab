import { QUESTION_FLOW } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { questions } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { moveStatus } from '../../platform/flows';

/**
 * An answer moves its question out of the inbox: Un-Answered becomes Answered in the
 * answer's own transaction (an archived question stays archived). Audited like any change.
 */
export async function markQuestionAnswered(tx: Tx, actor: Actor, answer: Record<string, unknown>): Promise<void> {
  const id = answer.questionId as number;
  const [question] = await tx
    .select({ status: questions.status })
    .from(questions)
    .where(eq(questions.id, id))
    .for('update');
  if (question?.status !== 'Un-Answered') return;
  await moveStatus(tx, actor, {
    flow: QUESTION_FLOW,
    table: questions,
    entity: 'question',
    id,
    move: 'Answered',
    auditAs: 'update',
    snapshot: (row) => ({ status: row.status }),
  });
}
