import { RATING_KEYS } from '@cohort/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { conflict } from '../../platform/errors';
import { mustNameLearner } from '../../platform/row-scopes';
import { mustNameMentor } from '../users/learner-record-checks';
import { mirrorOntoLearner } from '../users/mirror-learner-fields';

const isLearner = mustNameLearner('userId');

type Row = Record<string, unknown>;

/**
 * The `rate` action (decision 022): the ratings of spec §3 (each already checked against its
 * maximum by the action's schema), the mentor's feedback, who rated and when; the appointment
 * is then Completed. A cancelled appointment, or one still ahead, cannot be rated (409); a
 * rated one can be rated again (a correction), audited like the first.
 */
export function rateAppointment(before: Row, input: Row, actor: Actor): Row {
  if (before.status === 'Cancelled') throw conflict('A cancelled appointment cannot be rated');
  if (new Date(before.scheduledAt as string | Date).getTime() > Date.now()) {
    throw conflict('This appointment has not happened yet: rate it once it has');
  }
  const ratings = Object.fromEntries(RATING_KEYS.map((r) => [r.key, input[r.key]]));
  return {
    ...ratings,
    feedback: input.feedback ?? null,
    status: 'Completed',
    ratedAt: new Date(),
    ratedById: actor.user.id,
    ratedByName: actor.user.name,
  };
}

/**
 * The learner's "Appointment Date" (a learner list filter, decision 013) is their next
 * appointment: the earliest one still Scheduled. Kept in every transaction that writes or
 * deletes one of their appointments.
 */
export async function syncNextAppointment(tx: Tx, actor: Actor | null, userId: number): Promise<void> {
  const [next] = await tx
    .select({ at: appointments.scheduledAt })
    .from(appointments)
    .where(and(eq(appointments.userId, userId), eq(appointments.status, 'Scheduled')))
    .orderBy(asc(appointments.scheduledAt))
    .limit(1);
  await mirrorOntoLearner(tx, actor, userId, { appointmentDate: next?.at ?? null }, 'appointmentSync');
}

/** After every write of an appointment: a learner and an active mentor, and the learner's next appointment. */
export async function afterAppointmentWrite(tx: Tx, actor: Actor, row: Row): Promise<void> {
  // Booking (or moving) one needs an active mentor; a held one keeps the mentor who held it.
  if (row.status === 'Scheduled') await mustNameMentor(tx, actor, row);
  else await isLearner(tx, actor, row);
  await syncNextAppointment(tx, actor, row.userId as number);
}
