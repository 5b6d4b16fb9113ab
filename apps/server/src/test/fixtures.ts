import { ROLES, type RoleKey, roleByKey } from '@cohort/domain';
import type { Db } from '../db/client';
import { batches, batchMentors, colleges, users } from '../db/schema';
import { hashPassword } from '../platform/passwords';

export const TEST_PASSWORD = 'correct horse battery';

/** Test accounts: `${role.toLowerCase()}@test.local` for every role. */
export function emailOf(role: RoleKey): string {
  return `${role.toLowerCase()}@test.local`;
}

/**
 * What every API test starts from (baked into the template database once):
 * a user per role, two colleges, two batches (the mentor teaches batch A),
 * and four learners spread over them.
 */
export async function loadFixtures(db: Db): Promise<void> {
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const [collegeA, collegeB] = await db
    .insert(colleges)
    .values([{ name: 'College A' }, { name: 'College B' }])
    .returning();
  const [batchA, batchB] = await db
    .insert(batches)
    .values([
      { name: 'Batch A', collegeId: collegeA.id },
      { name: 'Batch B', collegeId: collegeB.id },
    ])
    .returning();
  const staff = await db
    .insert(users)
    .values(
      ROLES.map((r) => ({
        name: `Test ${r.label}`,
        email: emailOf(r.key),
        passwordHash,
        roleId: r.id,
        collegeId: r.key === 'COLLEGE_ADMIN' ? collegeA.id : null,
      })),
    )
    .returning();
  const id = (k: RoleKey) => staff.find((s) => s.roleId === roleByKey(k)!.id)!.id;
  await db.insert(batchMentors).values({ batchId: batchA.id, mentorId: id('MENTOR') });
  await db.insert(users).values([
    {
      name: 'Learner One',
      email: 'l1@test.local',
      passwordHash,
      roleId: 2,
      collegeId: collegeA.id,
      batchId: batchA.id,
      motivatorId: id('MOTIVATOR'),
    },
    {
      name: 'Learner Two',
      email: 'l2@test.local',
      passwordHash,
      roleId: 2,
      collegeId: collegeA.id,
      batchId: batchB.id,
    },
    {
      name: 'Learner Three',
      email: 'l3@test.local',
      passwordHash,
      roleId: 2,
      collegeId: collegeB.id,
      batchId: batchA.id,
    },
    {
      name: 'Learner Four',
      email: 'l4@test.local',
      passwordHash,
      roleId: 2,
      collegeId: collegeB.id,
      batchId: batchB.id,
      motivatorId: id('MOTIVATOR'),
      isaStatus: 'ISA Verified',
    },
  ]);
}
