import { roleByKey } from '@cohort/domain';
import type { Faker } from '@faker-js/faker';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  batchMentors,
  mentorTeamMembers,
  notWorkingWarnings,
  reactivationRequests,
  strikes,
  studentTeamMembers,
  studentTeams,
  userFlagComments,
  userFlags,
  users,
} from '../db/schema';

const LEARNER = roleByKey('USER')!.id;

const FLAGS: [string, string][] = [
  ['Missed three motivator calls', 'Has not picked up since Monday; messages read but not answered.'],
  ['Asked about pausing the ISA', 'Wants to know whether the ISA can be paused for two months for family reasons.'],
  ['Possible plagiarism in task 12', 'The submission matches another learner’s almost line for line.'],
  ['Payment reminder ignored', 'Second reminder for the upfront deposit went unanswered.'],
  ['Low mock interview score', 'Scored 3/10 in the mentor mock; needs a plan before the next one.'],
  ['Rude in the community channel', 'Reported by two learners for remarks in the batch channel.'],
];
const STRIKES: ['Cheating' | 'Discipline', string][] = [
  ['Cheating', 'Submitted a classmate’s solution for the SQL assessment.'],
  ['Discipline', 'Left the live class three times without notice.'],
  ['Discipline', 'Missed the scheduled mentor mock without telling anyone.'],
  ['Cheating', 'Used a second device during the proctored test.'],
];
const PROJECTS = ['Food delivery app', 'Hostel booking site', 'Expense tracker', 'Quiz platform'];

/**
 * A learner's own records for the demo (decision 014): flags with comments (some archived),
 * strikes, not-working warnings (some removed), reactivation requests in every status, mentor
 * teams and student teams. The demo motivator's and demo mentor's learners get some of each,
 * so their scoped logins have rows to see.
 */
export async function seedLearnerRecords(tx: Tx, faker: Faker, daysAgo: (max: number, min?: number) => Date) {
  const staffOf = async (key: string) =>
    (
      await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.roleId, roleByKey(key)!.id))
        .orderBy(asc(users.id))
    )[0];
  const motivator = await staffOf('MOTIVATOR');
  const mentor = await staffOf('MENTOR');
  const hr = await staffOf('HR');
  const admin = await staffOf('ADMIN');
  if (!motivator || !mentor || !hr || !admin) return;
  const mentors = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roleId, roleByKey('MENTOR')!.id));
  const learnersWhere = (where: ReturnType<typeof eq> | undefined, limit: number) =>
    tx
      .select({ id: users.id, batchId: users.batchId, status: users.userStatus })
      .from(users)
      .where(and(eq(users.roleId, LEARNER), where))
      .orderBy(asc(users.id))
      .limit(limit);
  const motivated = await learnersWhere(eq(users.motivatorId, motivator.id), 12);
  const mentorBatches = (
    await tx.select({ batchId: batchMentors.batchId }).from(batchMentors).where(eq(batchMentors.mentorId, mentor.id))
  ).map((b) => b.batchId);
  const mentored = mentorBatches.length
    ? await learnersWhere(inArray(users.batchId, mentorBatches) as ReturnType<typeof eq>, 12)
    : [];
  const anyone = await learnersWhere(undefined, 40);
  const inactive = await learnersWhere(eq(users.userStatus, 'Inactive'), 6);
  if (!anyone.length) return;

  // Flags: raised by the motivator on their learners and by HR on others; a third archived through a comment.
  const flagged = [
    ...motivated.slice(0, 4).map((l) => ({ l, by: motivator })),
    ...anyone.slice(0, 4).map((l) => ({ l, by: hr })),
  ];
  for (const [i, { l, by }] of flagged.entries()) {
    const [title, description] = FLAGS[i % FLAGS.length];
    const archived = i % 3 === 2;
    const raisedAt = daysAgo(40, 5);
    const [flag] = await tx
      .insert(userFlags)
      .values({
        userId: l.id,
        title,
        description,
        status: archived ? 'Archived' : 'Live',
        raisedById: by.id,
        raisedByName: by.name,
        createdAt: raisedAt,
        updatedAt: raisedAt,
      })
      .returning({ id: userFlags.id });
    const later = new Date(raisedAt.getTime() + 86_400_000);
    await tx.insert(userFlagComments).values([
      {
        flagId: flag.id,
        userId: l.id,
        comment: 'Called and left a voicemail; will try again tomorrow.',
        authorId: by.id,
        authorName: by.name,
        createdAt: later,
      },
      ...(archived
        ? [
            {
              flagId: flag.id,
              userId: l.id,
              comment: 'Spoke to them: sorted out, back on track.',
              statusChange: 'Archived',
              authorId: by.id,
              authorName: by.name,
              createdAt: new Date(later.getTime() + 86_400_000),
            },
          ]
        : []),
    ]);
  }

  // Strikes: given by the demo mentor to their batches' learners, and by HR.
  const struck = [
    ...mentored.slice(0, 3).map((l) => ({ l, by: mentor })),
    ...anyone.slice(4, 7).map((l) => ({ l, by: hr })),
  ];
  await tx.insert(strikes).values(
    struck.map(({ l, by }, i) => ({
      userId: l.id,
      type: STRIKES[i % STRIKES.length][0],
      reason: STRIKES[i % STRIKES.length][1],
      givenById: by.id,
      givenByName: by.name,
      createdAt: daysAgo(60, 1),
    })),
  );

  // Not-working warnings: issued by the system; a few removed by the motivator, kept as history.
  const warned = [...motivated.slice(2, 8), ...mentored.slice(0, 3), ...anyone.slice(8, 14)];
  await tx.insert(notWorkingWarnings).values(
    warned.map((l, i) => {
      const days = faker.helpers.arrayElement([7, 14, 21]);
      const issuedAt = daysAgo(45, 1);
      const removed = i % 4 === 0;
      return {
        userId: l.id,
        reason: `No task submitted for ${days} days`,
        issuedAt,
        createdAt: issuedAt,
        removedAt: removed ? new Date(issuedAt.getTime() + 2 * 86_400_000) : null,
        removedById: removed ? motivator.id : null,
        removedByName: removed ? motivator.name : null,
        removalReason: removed ? 'Was unwell; leave approved by the motivator.' : null,
      };
    }),
  );

  // Reactivation requests for inactive learners: pending, fulfilled and rejected.
  const outcomes = ['Pending', 'Pending', 'Pending', 'Fulfilled', 'Rejected', 'Pending'] as const;
  for (const [i, l] of inactive.entries()) {
    const status = outcomes[i % outcomes.length];
    const decided = status !== 'Pending';
    await tx.insert(reactivationRequests).values({
      userId: l.id,
      reason: faker.helpers.arrayElement([
        'Recovered from illness and wants to finish the course.',
        'Exams are over; ready to continue with the batch.',
        'Moved back to the city and has a stable internet connection again.',
      ]),
      status,
      requestedById: motivator.id,
      requestedByName: motivator.name,
      createdAt: daysAgo(20, 3),
      decidedAt: decided ? daysAgo(2) : null,
      decidedById: decided ? admin.id : null,
      decidedByName: decided ? admin.name : null,
      decisionNote: decided
        ? status === 'Fulfilled'
          ? 'Welcome back; status set to Active.'
          : 'Has not replied to the last three calls.'
        : null,
      version: decided ? 2 : 1,
    });
  }

  // Mentor teams: the demo mentor leads their batches' learners, with another mentor as member.
  const other = mentors.find((m) => m.id !== mentor.id);
  const teamed = [...mentored.slice(0, 6), ...anyone.slice(14, 18)];
  for (const l of teamed.filter((x, i) => teamed.findIndex((y) => y.id === x.id) === i)) {
    await tx
      .insert(mentorTeamMembers)
      .values([
        { userId: l.id, mentorId: mentor.id, role: 'manager', assignedById: admin.id, assignedByName: admin.name },
        ...(other
          ? [{ userId: l.id, mentorId: other.id, role: 'member', assignedById: admin.id, assignedByName: admin.name }]
          : []),
      ]);
  }

  // Student teams of three or four learners of one batch, the first member managing.
  const byBatch = new Map<number, number[]>();
  for (const l of [...mentored, ...anyone]) {
    if (l.batchId === null) continue;
    const list = byBatch.get(l.batchId) ?? [];
    if (!list.includes(l.id)) list.push(l.id);
    byBatch.set(l.batchId, list);
  }
  let n = 0;
  for (const [batchId, ids] of byBatch) {
    if (ids.length < 3 || n >= PROJECTS.length) continue;
    const [team] = await tx
      .insert(studentTeams)
      .values({
        name: `Team ${faker.animal.type().replace(/^./, (c) => c.toUpperCase())} ${n + 1}`,
        project: PROJECTS[n],
        batchId,
      })
      .returning({ id: studentTeams.id });
    await tx
      .insert(studentTeamMembers)
      .values(ids.slice(0, 4).map((id, k) => ({ teamId: team.id, userId: id, role: k === 0 ? 'manager' : 'member' })));
    n++;
  }
}
