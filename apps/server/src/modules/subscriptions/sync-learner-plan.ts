import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { plans, subscriptions, upfrontDeposits, users } from '../../db/schema';
import { type AuditActor, audit } from '../../platform/audit';

/**
 * Keeps the learner's plan facts equal to their subscriptions (decision 018): "Plans" is the
 * plan of their Active subscription, "Pro Plan" that plan when it is a Pro plan, "Upfront
 * Status" its deposit's status (Not Required without one). Runs in the transaction of every
 * write to a subscription or deposit, so the filters can never disagree with the records; a
 * change is a versioned, audited write of the learner.
 */
export async function syncLearnerPlan(tx: Tx, actor: AuditActor | null, userId: number): Promise<void> {
  const [active] = await tx
    .select({ planId: subscriptions.planId, kind: plans.kind, depositStatus: upfrontDeposits.status })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(upfrontDeposits, eq(upfrontDeposits.subscriptionId, subscriptions.id))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'Active')));
  const next = {
    planId: active?.planId ?? null,
    proPlanId: active?.kind === 'Pro' ? active.planId : null,
    upfrontStatus: active?.depositStatus ?? 'Not Required',
  };
  const [learner] = await tx
    .select({
      planId: users.planId,
      proPlanId: users.proPlanId,
      upfrontStatus: users.upfrontStatus,
      version: users.version,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!learner) return;
  const before = { planId: learner.planId, proPlanId: learner.proPlanId, upfrontStatus: learner.upfrontStatus };
  if (
    before.planId === next.planId &&
    before.proPlanId === next.proPlanId &&
    before.upfrontStatus === next.upfrontStatus
  )
    return;
  await tx
    .update(users)
    .set({ ...next, version: learner.version + 1, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await audit(tx, actor, { action: 'syncPlan', entity: 'user', entityId: userId, before, after: next });
}
