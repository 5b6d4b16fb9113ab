import { userTypeConditionIssues } from '@cohort/domain';
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../client';
import {
  aiPrompts,
  blogs,
  cards,
  companies,
  degreeCategories,
  degrees,
  enquiries,
  events,
  holdTypes,
  jobRoles,
  learnerHolds,
  locations,
  mentorTeamMembers,
  messages,
  notWorkingWarnings,
  orders,
  products,
  questions,
  reactivationRequests,
  strikes,
  studentTeamMembers,
  studentTeams,
  taskSubmissions,
  testimonials,
  userFlagComments,
  userFlags,
  users,
  userTypeCards,
  userTypeConditions,
  userTypes,
  websiteConfigurations,
} from '../schema';
import { STAFF_ACCOUNTS } from './demo-accounts';
import { seedDemo, seedIfEmpty } from './seed';

async function seeded(seed: number) {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemo(database.db, { seed, learners: 40 });
  return database;
}

describe('demo seed', () => {
  it('has one account per staff role, learners, blogs and events, deterministic by seed number', async () => {
    const a = await seeded(7);
    const b = await seeded(7);
    const c = await seeded(8);
    try {
      const names = async (d: typeof a) =>
        (await d.db.select({ name: users.name }).from(users).where(eq(users.roleId, 2)).orderBy(asc(users.id))).map(
          (u) => u.name,
        );
      expect(await names(a)).toHaveLength(40);
      expect(await names(a)).toEqual(await names(b));
      expect(await names(a)).not.toEqual(await names(c));
      for (const s of STAFF_ACCOUNTS) {
        const [u] = await a.db.select().from(users).where(eq(users.email, s.email));
        expect(u, s.email).toBeDefined();
      }
      expect((await a.db.select({ n: count() }).from(blogs))[0].n).toBe(60);
      expect((await a.db.select({ n: count() }).from(events))[0].n).toBe(30);
      // Every screen has something to show.
      for (const table of [
        testimonials,
        companies,
        products,
        orders,
        degreeCategories,
        degrees,
        jobRoles,
        locations,
        aiPrompts,
        enquiries,
        websiteConfigurations,
        questions,
        holdTypes,
        learnerHolds,
        taskSubmissions,
        cards,
        userTypes,
        userTypeConditions,
        userTypeCards,
        messages,
        userFlags,
        userFlagComments,
        strikes,
        notWorkingWarnings,
        reactivationRequests,
        mentorTeamMembers,
        studentTeams,
        studentTeamMembers,
      ]) {
        expect((await a.db.select({ n: count() }).from(table))[0].n).toBeGreaterThan(0);
      }
      // Seeded conditions are ones the console could have saved.
      for (const c of await a.db.select().from(userTypeConditions))
        expect(userTypeConditionIssues(c), c.field).toEqual([]);
      expect(await seedIfEmpty(a.db, { seed: 7, learners: 40 })).toBe(false);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  }, 120_000);
});
