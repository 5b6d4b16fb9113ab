import { type AddPlanInput, DEPOSIT_MACHINE, SUBSCRIPTION_MACHINE } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, subscriptions, upfrontDeposits } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { AppError, badRequest } from '../../platform/errors';
import { moveStatus } from '../../platform/flows';
import { addDays, addMonths, isoDayOf } from '../../platform/plan-dates';
import type { ResourceService } from '../../resources/engine';
import { syncLearnerPlan } from './sync-learner-plan';

export type SubscriptionServices = { learners: ResourceService; subscriptions: ResourceService };

/**
 * A learner subscribes to a plan (`POST /admin/user/plan/add`, `POST /admin/subscription`):
 * at the plan's price and currency that day, for its months, with a Pending upfront deposit
 * when the plan asks for one (due within its days). A learner has one Active subscription: a
 * second is refused (409) unless `replaceActive` says to end the current one the day before
 * the new one starts. The learner is locked first, so two staff adding plans at once are
 * served one after the other; the learner's "Plans", "Pro Plan" and "Upfront Status" follow
 * in the same transaction.
 */
export async function addSubscription(db: Db, actor: Actor, services: SubscriptionServices, input: AddPlanInput) {
  const startDate = input.startDate ?? isoDayOf(new Date());
  const id = await db.transaction(async (tx) => {
    // 404 outside the actor's scope, and for an id that is not a learner.
    await services.learners.get(tx, actor, input.userId, true);
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId));
    if (!plan) throw badRequest('Choose a plan', [{ path: ['planId'], message: 'This plan does not exist' }]);
    if (!plan.active) {
      throw badRequest('This plan is no longer offered', [
        { path: ['planId'], message: `${plan.name} is no longer offered: choose another plan` },
      ]);
    }
    const [current] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, input.userId), eq(subscriptions.status, 'Active')))
      .for('update');
    if (current) {
      if (!input.replaceActive) {
        const [currentPlan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, current.planId));
        throw new AppError(
          409,
          'CONFLICT',
          `The learner already has an active subscription to ${currentPlan?.name ?? 'a plan'}; replace it to end it the day before the new one starts`,
        );
      }
      const endDate = addDays(startDate, -1) < current.startDate ? current.startDate : addDays(startDate, -1);
      await moveStatus(tx, actor, {
        flow: SUBSCRIPTION_MACHINE,
        table: subscriptions,
        entity: 'subscription',
        id: current.id,
        move: 'Ended',
        changes: { endDate },
        auditAs: 'replace',
      });
    }
    const [created] = await tx
      .insert(subscriptions)
      .values({
        userId: input.userId,
        planId: plan.id,
        status: SUBSCRIPTION_MACHINE.initial,
        startDate,
        endDate: addMonths(startDate, plan.durationMonths),
        priceMinor: plan.priceMinor,
        currency: plan.currency,
        notes: input.notes ?? null,
        createdById: actor.user.id,
        createdByName: actor.user.name,
      })
      .returning();
    await audit(tx, actor, { action: 'create', entity: 'subscription', entityId: created.id, after: created });
    if (plan.upfrontDepositMinor > 0) {
      const [deposit] = await tx
        .insert(upfrontDeposits)
        .values({
          subscriptionId: created.id,
          userId: input.userId,
          amountMinor: plan.upfrontDepositMinor,
          currency: plan.currency,
          status: DEPOSIT_MACHINE.initial,
          expiresOn: addDays(startDate, plan.depositValidityDays),
        })
        .returning();
      await audit(tx, actor, { action: 'create', entity: 'upfrontDeposit', entityId: deposit.id, after: deposit });
    }
    await syncLearnerPlan(tx, actor, input.userId);
    return created.id;
  });
  return services.subscriptions.toRecord(await services.subscriptions.get(db, actor, id), actor);
}
