import { CALL_OUTCOMES, INTERVIEW_TYPES, LEAD_REJECTION_REASONS, RATING_KEYS, roleByKey } from '@cohort/domain';
import type { Faker } from '@faker-js/faker';
import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { appointments, batchMentors, callHistory, leads, users } from '../db/schema';

const LEARNER = roleByKey('USER')!.id;
const DAY = 86_400_000;
/** Leads and appointments the demo makes at most, whatever the number of learners. */
const MAX_LEADS = 200;
const MAX_SCHEDULED = 150;
const CALL_NOTES = [
  'Asked to call back after the weekend.',
  'Interested in the Pro plan; wants EMI options.',
  'Busy with college exams until the 20th.',
  'Confirmed they will submit the pending tasks this week.',
  null,
];
const FEEDBACK = [
  'Clear on closures and promises; revise SQL joins before the final mock.',
  'Good project walkthrough; explain trade-offs more than features.',
  'Nervous at first, settled in; practise speaking through the code.',
  null,
];

/**
 * The CRM and appointments for the demo (decision 022), deterministic from the seed's faker:
 * every learner the seed gave a follow-up (up to 200, the excluded ones left out) becomes a
 * lead with the same status, date and reason (the lead is their source from now on), owned by
 * their motivator, with a few calls; every learner with an "Appointment Date" gets that
 * appointment, Scheduled, with a mentor of their batch; and the demo motivator's and demo
 * mentor's learners, with some others, get held interviews rated on the spec's keys.
 */
export async function seedCrmAndAppointments(tx: Tx, faker: Faker, now: number) {
  const firstOf = async (key: string) =>
    (
      await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.roleId, roleByKey(key)!.id))
        .orderBy(asc(users.id))
        .limit(1)
    )[0];
  const motivator = await firstOf('MOTIVATOR');
  const mentor = await firstOf('MENTOR');
  if (!motivator || !mentor) return;
  const staffNames = new Map(
    (await tx.select({ id: users.id, name: users.name }).from(users)).map((u) => [u.id, u.name] as const),
  );

  // Leads: the seeded follow-ups, now kept by the CRM.
  const followed = await tx
    .select({
      id: users.id,
      motivatorId: users.motivatorId,
      status: users.followUpStatus,
      date: users.followUpDate,
      reason: users.followUpReason,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.roleId, LEARNER), isNotNull(users.followUpStatus), eq(users.excludeFromCrm, false)))
    .orderBy(asc(users.id))
    .limit(MAX_LEADS);
  for (const l of followed) {
    const ownerId = l.motivatorId ?? motivator.id;
    const ownerName = staffNames.get(ownerId) ?? motivator.name;
    const addedAt = new Date(Math.max(l.createdAt.getTime(), now - faker.number.int({ min: 3, max: 60 }) * DAY));
    const rejected = l.status === 'Rejected';
    const [lead] = await tx
      .insert(leads)
      .values({
        userId: l.id,
        ownerId,
        status: l.status as string,
        followUpDate: l.date,
        followUpReason: l.reason,
        rejectionReason: rejected ? faker.helpers.arrayElement(LEAD_REJECTION_REASONS).value : null,
        rejectionSubReason: rejected ? faker.helpers.arrayElement([null, 'Said so on the second call']) : null,
        source: faker.helpers.weightedArrayElement([
          { value: 2, weight: 3 },
          { value: 1, weight: 1 },
        ]),
        addedById: ownerId,
        addedByName: ownerName,
        createdAt: addedAt,
        updatedAt: addedAt,
      })
      .returning({ id: leads.id });
    const calls =
      l.status === 'Follow up' ? faker.number.int({ min: 0, max: 1 }) : faker.number.int({ min: 1, max: 4 });
    for (let c = 0; c < calls; c++) {
      const calledAt = new Date(addedAt.getTime() + (c + 1) * faker.number.int({ min: 1, max: 3 }) * DAY);
      if (calledAt.getTime() > now) break;
      // A lead being worked was reached at least once (its last call connected).
      const outcome =
        l.status !== 'Follow up' && c === calls - 1 ? 'Connected' : faker.helpers.arrayElement(CALL_OUTCOMES).value;
      await tx.insert(callHistory).values({
        leadId: lead.id,
        userId: l.id,
        calledAt,
        outcome,
        durationMinutes: outcome === 'Connected' ? faker.number.int({ min: 2, max: 25 }) : null,
        notes: outcome === 'Connected' ? faker.helpers.arrayElement(CALL_NOTES) : null,
        calledById: ownerId,
        calledByName: ownerName,
        createdAt: calledAt,
        updatedAt: calledAt,
      });
    }
  }

  // Mentors by batch, for appointments with a mentor of the learner's own batch.
  const byBatch = new Map<number, number[]>();
  for (const b of await tx.select().from(batchMentors).orderBy(asc(batchMentors.batchId), asc(batchMentors.mentorId))) {
    byBatch.set(b.batchId, [...(byBatch.get(b.batchId) ?? []), b.mentorId]);
  }
  const mentorOf = (batchId: number | null) => faker.helpers.arrayElement(byBatch.get(batchId ?? -1) ?? [mentor.id]);
  const motivatorId = motivator.id;

  // The learners' "Appointment Date": their next appointment, Scheduled.
  const booked = await tx
    .select({ id: users.id, batchId: users.batchId, at: users.appointmentDate })
    .from(users)
    .where(and(eq(users.roleId, LEARNER), isNotNull(users.appointmentDate)))
    .orderBy(asc(users.id))
    .limit(MAX_SCHEDULED);
  for (const l of booked) {
    await tx.insert(appointments).values({
      userId: l.id,
      mentorId: mentorOf(l.batchId),
      interviewType: faker.helpers.arrayElement(INTERVIEW_TYPES).value,
      scheduledAt: l.at as Date,
      durationMinutes: faker.helpers.arrayElement([30, 45, 60]),
      status: 'Scheduled',
      createdById: motivatorId,
    });
  }

  // Held and rated interviews: the demo logins' learners first, then others.
  const mentorBatches = [...byBatch.entries()].filter(([, ms]) => ms.includes(mentor.id)).map(([b]) => b);
  const rated = await tx
    .select({ id: users.id, batchId: users.batchId })
    .from(users)
    .where(
      and(
        eq(users.roleId, LEARNER),
        or(eq(users.motivatorId, motivator.id), ...mentorBatches.map((b) => eq(users.batchId, b))),
      ),
    )
    .orderBy(asc(users.id))
    .limit(24);
  for (const [i, l] of rated.entries()) {
    const held = 1 + (i % 3);
    for (let k = 0; k < held; k++) {
      const at = new Date(now - (8 + k * 9 + faker.number.int({ min: 0, max: 5 })) * DAY);
      const mentorId = mentorBatches.includes(l.batchId ?? -1) ? mentor.id : mentorOf(l.batchId);
      // Later interviews go better: that is what the mocks are for.
      const base = 0.35 + 0.2 * k + faker.number.float({ min: 0, max: 0.3 });
      const score = (max: number) =>
        Math.max(0, Math.min(max, Math.round(base * max + faker.number.int({ min: -1, max: 1 }))));
      const ratings = Object.fromEntries(RATING_KEYS.map((r) => [r.key, score(r.max)]));
      await tx.insert(appointments).values({
        userId: l.id,
        mentorId,
        interviewType: faker.helpers.arrayElement([
          'Mentor Mock',
          'Project Demo',
          'Mentor Final Mock',
          'Dev Final Mock',
        ]),
        scheduledAt: at,
        durationMinutes: 60,
        status: 'Completed',
        ...ratings,
        feedback: faker.helpers.arrayElement(FEEDBACK),
        ratedById: mentorId,
        ratedByName: staffNames.get(mentorId) ?? mentor.name,
        ratedAt: new Date(at.getTime() + 2 * 3_600_000),
        createdById: motivatorId,
        createdAt: new Date(at.getTime() - 3 * DAY),
        updatedAt: new Date(at.getTime() + 2 * 3_600_000),
      });
    }
  }
}
