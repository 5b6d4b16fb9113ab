import { type CrmAdd, LEAD_FLOW, lowerLabel } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { leads, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import { moveStatus } from '../../platform/flows';
import { scoped } from '../../platform/row-scopes';
import type { ResourceService } from '../../resources/engine';
import { afterLeadWrite, isOpenLead, mustNameStaff } from './lead-sync';

/**
 * `POST /admin/user/crm/add` (decision 022): a motivator puts a learner into the CRM with their
 * first follow-up (when, and why). A learner who is already being worked (Follow up, In
 * Progress) is a 409 naming the owner and the date, since adding them again would hide the
 * work in progress; one whose lead was closed (Done, Rejected) is put back in: the same lead,
 * reopened, keeps its calls. A learner marked "Exclude from CRM" is refused (409). The lead's
 * owner is the one given, else the learner's motivator, else whoever adds them.
 */
export async function addToCrm(
  db: Db,
  actor: Actor,
  leadService: ResourceService,
  input: CrmAdd,
): Promise<{ lead: Record<string, unknown>; created: boolean }> {
  const { id, created } = await db.transaction(async (tx) => {
    // The lead first, then the learner: the order every lead write takes its locks in.
    const [existing] = await tx.select().from(leads).where(eq(leads.userId, input.userId)).for('update');
    const learner = await scoped(tx, actor, 'user', input.userId, { lock: true });
    if (learner.excludeFromCrm) {
      throw conflict(
        `${learner.name} is marked "Exclude from CRM". Clear that in their Follow-up first if they should be called.`,
      );
    }
    if (existing && isOpenLead(existing.status)) {
      const [owner] = existing.ownerId
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, existing.ownerId))
        : [];
      const when = existing.followUpDate ? `, follow up on ${existing.followUpDate}` : '';
      throw conflict(
        `${learner.name} is already in the CRM (${lowerLabel(existing.status)}${owner ? `, owned by ${owner.name}` : ''}${when}). Change the lead's follow-up instead.`,
      );
    }
    if (input.ownerId != null) await mustNameStaff(tx, input.ownerId);
    const ownerId = input.ownerId ?? (await defaultOwner(tx, learner.motivatorId, actor));
    const values = { ownerId, followUpDate: input.followUpDate, followUpReason: input.followUpReason };
    if (existing) {
      // A closed lead (Done, Rejected) is reopened by the flow's move back to Follow up.
      const { after } = await moveStatus<typeof leads.$inferSelect>(tx, actor, {
        flow: LEAD_FLOW,
        table: leads,
        entity: 'lead',
        id: existing.id,
        move: 'Follow up',
        changes: {
          ...values,
          rejectionReason: null,
          rejectionSubReason: null,
          ...(input.note ? { note: input.note } : {}),
        },
        auditAs: 'reopen',
        snapshot: (row) => leadService.toRecord(row),
      });
      await afterLeadWrite(tx, actor, after);
      return { id: after.id, created: false };
    }
    const [row] = await tx
      .insert(leads)
      .values({
        ...values,
        status: LEAD_FLOW.initial,
        userId: input.userId,
        source: 2,
        note: input.note ?? null,
        addedById: actor.user.id,
        addedByName: actor.user.name,
      })
      .returning();
    await afterLeadWrite(tx, actor, row);
    await audit(tx, actor, { action: 'create', entity: 'lead', entityId: row.id, after: leadService.toRecord(row) });
    return { id: row.id, created: true };
  });
  return { lead: leadService.toRecord(await leadService.get(db, actor, id), actor), created };
}

/** The learner's motivator when they are an active staff member; otherwise whoever adds the lead. */
async function defaultOwner(tx: Tx, motivatorId: number | null, actor: Actor) {
  if (motivatorId == null) return actor.user.id;
  const [m] = await tx.select({ status: users.userStatus }).from(users).where(eq(users.id, motivatorId));
  return m?.status === 'Active' ? motivatorId : actor.user.id;
}
