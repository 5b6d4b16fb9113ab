import { LEAD_FLOW, OPEN_LEAD_STATUSES, roleByKey } from '@cohort/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { leads, users } from '../../db/schema';
import { type Actor, effectiveRole } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { moveStatus } from '../../platform/flows';
import { mirrorOntoLearner } from '../users/mirror-learner-fields';

type Row = Record<string, unknown>;
const LEARNER_ROLE_ID = roleByKey('USER')!.id;

/** True when the status is one a lead is still worked in (Follow up, In Progress). */
export const isOpenLead = (status: unknown) => (OPEN_LEAD_STATUSES as readonly unknown[]).includes(status);

/** A lead's owner is an active staff account (400 on `ownerId` otherwise). */
export async function mustNameStaff(tx: Tx, ownerId: number | null | undefined, path = 'ownerId') {
  if (ownerId == null) return;
  const [owner] = await tx
    .select({ roleId: users.roleId, status: users.userStatus })
    .from(users)
    .where(and(eq(users.id, ownerId), ne(users.roleId, LEARNER_ROLE_ID)));
  if (owner?.status !== 'Active' || (await effectiveRole(tx, owner.roleId)) === 'USER') {
    throw badRequest('Choose an active staff member as owner', [
      { path: [path], message: 'Choose an active staff member as owner' },
    ]);
  }
}

/**
 * After every write of a lead (its binding's `afterWrite`): the owner is staff, and the learner's
 * "Follow-up Status", "Follow Up Date" and "Follow Up Reason" say what the lead says, in the
 * same transaction (decision 022: the lead is their source; the learner list filters on them).
 */
export async function afterLeadWrite(tx: Tx, actor: Actor | null, row: Row): Promise<void> {
  await mustNameStaff(tx, row.ownerId as number | null);
  if (row.userId == null) return;
  await mirrorOntoLearner(
    tx,
    actor,
    row.userId as number,
    {
      followUpStatus: row.status as string,
      followUpDate: (row.followUpDate as string | null) ?? null,
      followUpReason: (row.followUpReason as string | null) ?? null,
    },
    'crmSync',
  );
}

/**
 * After a learner's own write (their page's "Follow-up" action sets the same three fields):
 * their lead, if they have one, follows, so the two never disagree. A status cleared on the
 * learner leaves the lead's as it was (a lead always has one); leaving Rejected clears the
 * rejection reason (only a rejected lead has one).
 */
export async function mirrorFollowUpToLead(tx: Tx, actor: Actor, learner: Row): Promise<void> {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(eq(leads.userId, learner.id as number))
    .for('update');
  if (!lead) return;
  const status = (learner.followUpStatus as string | null) ?? lead.status;
  const rest = {
    followUpDate: (learner.followUpDate as string | null) ?? null,
    followUpReason: (learner.followUpReason as string | null) ?? null,
    rejectionReason: status === 'Rejected' ? lead.rejectionReason : null,
    rejectionSubReason: status === 'Rejected' ? lead.rejectionSubReason : null,
  };
  const next: Row = { status, ...rest };
  const changed = Object.keys(next).filter((k) => (lead as Row)[k] !== next[k]);
  if (changed.length === 0) return;
  const pick = (row: Row) => Object.fromEntries(changed.map((k) => [k, row[k]]));
  if (status !== lead.status) {
    // A new status is a move of the lead's flow (decision 032): refused (409) where the flow forbids it.
    await moveStatus(tx, actor, {
      flow: LEAD_FLOW,
      table: leads,
      entity: 'lead',
      id: lead.id,
      move: status,
      changes: rest,
      auditAs: 'followUpSync',
      snapshot: (row) => ({ userId: row.userId, ...pick(row) }),
    });
    return;
  }
  const [after] = await tx
    .update(leads)
    .set({
      followUpDate: rest.followUpDate,
      followUpReason: rest.followUpReason,
      rejectionReason: rest.rejectionReason,
      rejectionSubReason: rest.rejectionSubReason,
      version: sql`${leads.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(leads.id, lead.id))
    .returning();
  await audit(tx, actor, {
    action: 'followUpSync',
    entity: 'lead',
    entityId: lead.id,
    before: pick(lead),
    after: { userId: after.userId, ...pick(after) },
  });
}
