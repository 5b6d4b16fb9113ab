import {
  ALUMNI_STATUSES,
  FAST_TRACK_STATUSES,
  FOLLOW_UP_STATUSES,
  ISA_STATUSES,
  MOBILE_NUMBER_STATUSES,
  PAN_VERIFICATION_STATUSES,
  PLACEMENT_PENALTY_STATUSES,
  PRO_STATUSES,
  UPFRONT_STATUSES,
} from '@cohort/domain';
import type { Faker } from '@faker-js/faker';
import type { Tx } from '../db/client';
import { holdTypes, learnerHolds, taskSubmissions } from '../db/schema';

const DAY = 86_400_000;
const FOLLOW_UP_REASONS = [
  'Not attending classes',
  'Payment reminder',
  'Asked for a call back',
  'Documents pending',
  'Mock interview scheduling',
];

/**
 * The learner's facts behind the 31 filters (decision 013). The first learners take each
 * value of every status in turn, so every filter value finds someone in the demo data.
 */
export function learnerFacts(faker: Faker, i: number, now: number, daysAgo: (max: number, min?: number) => Date) {
  const cycle = <T extends { value: string }>(options: readonly T[], random: () => string) =>
    i < options.length ? options[i].value : random();
  const pick = <T extends { value: string }>(options: readonly T[]) => faker.helpers.arrayElement(options).value;
  const placed = i === 1 || faker.datatype.boolean({ probability: 0.12 });
  const isaStatus = cycle(ISA_STATUSES, () =>
    faker.helpers.weightedArrayElement(
      ISA_STATUSES.map((s, k) => ({ value: s.value as string, weight: k === 0 ? 6 : k === 5 ? 4 : 1 })),
    ),
  );
  const onIsa = isaStatus !== 'Not Assigned' && isaStatus !== 'Opted out from ISA';
  const followUp = i < FOLLOW_UP_STATUSES.length || faker.datatype.boolean({ probability: 0.3 });
  const inDays = (min: number, max: number) =>
    new Date(now + faker.number.int({ min, max }) * DAY).toISOString().slice(0, 10);
  return {
    userStatus:
      i === 2
        ? 'Inactive'
        : faker.helpers.weightedArrayElement([
            { value: 'Active', weight: 9 },
            { value: 'Inactive', weight: 1 },
          ]),
    isaStatus,
    isaExpiryDate: onIsa ? inDays(-30, 300) : null,
    proStatus: cycle(PRO_STATUSES, () => pick(PRO_STATUSES)),
    alumniStatus: placed ? 'Placed' : cycle(ALUMNI_STATUSES, () => pick(ALUMNI_STATUSES.slice(0, 7))),
    mobileNumberStatus: cycle(MOBILE_NUMBER_STATUSES, () =>
      faker.helpers.weightedArrayElement([
        { value: 'Verified', weight: 4 },
        { value: 'Not Verified', weight: 1 },
      ]),
    ),
    followUpStatus: followUp ? cycle(FOLLOW_UP_STATUSES, () => pick(FOLLOW_UP_STATUSES)) : null,
    followUpDate: followUp ? inDays(-10, 20) : null,
    followUpReason: followUp ? faker.helpers.arrayElement(FOLLOW_UP_REASONS) : null,
    appointmentDate:
      i < 3 || faker.datatype.boolean({ probability: 0.15 })
        ? new Date(now + faker.number.int({ min: -5, max: 14 }) * DAY)
        : null,
    panVerificationStatus: cycle(PAN_VERIFICATION_STATUSES, () => pick(PAN_VERIFICATION_STATUSES)),
    placementPenaltyPaymentStatus: cycle(PLACEMENT_PENALTY_STATUSES, () =>
      faker.helpers.weightedArrayElement(
        PLACEMENT_PENALTY_STATUSES.map((s, k) => ({ value: s.value as string, weight: k === 0 ? 12 : 1 })),
      ),
    ),
    upfrontStatus: cycle(UPFRONT_STATUSES, () => pick(UPFRONT_STATUSES)),
    fastTrackStatus: cycle(FAST_TRACK_STATUSES, () =>
      faker.helpers.weightedArrayElement(
        FAST_TRACK_STATUSES.map((s, k) => ({ value: s.value as string, weight: k === 0 ? 8 : 1 })),
      ),
    ),
    excludeFromCrm: i === 3 || faker.datatype.boolean({ probability: 0.05 }),
    totalPoints: faker.number.int({ min: 0, max: 5000 }),
    readyForPlacements: placed || faker.datatype.boolean({ probability: 0.25 }),
    alreadyPlaced: placed,
    placedAt: placed ? daysAgo(84) : null,
    lastActivity: daysAgo(30),
  };
}

/**
 * Task submissions over the last five weeks: most learners submit now and then, some stopped
 * weeks ago and some never did, so the window filters ("tasks submitted in last 7 days = 0")
 * and "Last Task Submit Date" find learners on both sides. The database keeps each learner's
 * last submission (trigger, decision 013).
 */
export async function seedSubmissions(tx: Tx, faker: Faker, learnerIds: readonly number[], now: number) {
  const rows: (typeof taskSubmissions.$inferInsert)[] = [];
  for (const [i, userId] of learnerIds.entries()) {
    const kind = i % 10;
    if (kind === 9) continue; // never submitted
    // 0-5: active lately; 6-8: stopped 8 to 30 days ago
    const newest = kind <= 5 ? 0 : faker.number.int({ min: 8, max: 30 });
    const n = faker.number.int({ min: 1, max: kind <= 5 ? 8 : 3 });
    for (let k = 0; k < n; k++) {
      const days = faker.number.float({ min: newest, max: newest + 35 });
      rows.push({
        userId,
        taskId: faker.number.int({ min: 1, max: 400 }),
        assignmentId: faker.number.int({ min: 1, max: 40 }),
        submittedAt: new Date(now - days * DAY),
        status: faker.helpers.weightedArrayElement([
          { value: 'Submitted', weight: 1 },
          { value: 'Reviewed', weight: 2 },
        ]),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(taskSubmissions).values(rows.slice(i, i + 1000));
}

const HOLD_TYPES = [
  { name: 'Medical', maxDays: 60, description: 'Illness or surgery, with a doctor’s note' },
  { name: 'University exams', maxDays: 30, description: 'Semester exams of a college learner' },
  { name: 'Family event', maxDays: 21, description: 'A wedding or a bereavement in the family' },
  { name: 'Relocation', maxDays: 14, description: 'Moving city or home' },
];

/** Hold types, and holds on some learners: a few on hold today, others held and back. */
export async function seedHolds(
  tx: Tx,
  faker: Faker,
  learnerIds: readonly number[],
  now: number,
  placedBy: { id: number; name: string },
) {
  const types = await tx.insert(holdTypes).values(HOLD_TYPES).returning();
  const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
  const rows = learnerIds
    .filter((_, i) => i % 17 === 4)
    .map((userId, k) => {
      const type = faker.helpers.arrayElement(types);
      const current = k % 3 !== 2;
      const start = current ? -faker.number.int({ min: 0, max: 5 }) : -faker.number.int({ min: 40, max: 90 });
      const length = faker.number.int({ min: 3, max: type.maxDays - 1 });
      return {
        userId,
        holdTypeId: type.id,
        startDate: day(start),
        endDate: day(start + length),
        reason: faker.helpers.arrayElement(['Hospitalised', 'Semester exams', 'Sister’s wedding', 'Moving to Pune']),
        placedById: placedBy.id,
        placedByName: placedBy.name,
      };
    });
  if (rows.length) await tx.insert(learnerHolds).values(rows);
}

/**
 * A learner's verification as its flows allow it (decision 032): past the pan step only with a
 * verified PAN, at unlock only after a CIBIL check. No draws (the learners after stay the same);
 * `seed-flows.test.ts` holds every seeded row to every flow.
 */
export function verificationAsFlowsAllow(
  i: number,
  learner: { verificationStep: string; panVerificationStatus: string },
  now: number,
) {
  const checked = learner.verificationStep === 'unlock';
  return {
    panVerificationStatus: learner.verificationStep === 'pan' ? learner.panVerificationStatus : 'Verified',
    cibilScore: checked ? 620 + ((i * 37) % 260) : null,
    cibilCheckedAt: checked ? new Date(now - ((i % 20) + 1) * DAY) : null,
    cibilProvider: checked ? 'manual' : null,
  };
}
