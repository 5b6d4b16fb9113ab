import { roleByKey } from '@cohort/domain';
import { base, en, en_IN, Faker, fakerEN_IN as faker } from '@faker-js/faker';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batches, batchMentors, blogs, colleges, events, learnerIsas, users } from '../db/schema';
import { hashPassword } from '../platform/passwords';
import { DEMO_PASSWORD, STAFF_ACCOUNTS } from './demo-accounts';
import { seedCatalog, seedDashboardCards, seedMessages, seedWebsiteConfiguration } from './seed-catalog';
import { seedCrmAndAppointments } from './seed-crm-appointments';
import {
  isaStatusFor,
  learnerMoney,
  type SeedFiles,
  seedIsaTypesAndPlans,
  seedLearnerIsas,
  seedSubscriptions,
} from './seed-isas-and-plans';
import { seedLearnerRecords } from './seed-learner-records';
import { learnerFacts, seedHolds, seedSubmissions, verificationAsFlowsAllow } from './seed-learners';

export type SeedOptions = {
  seed: number;
  learners: number;
  log?: (line: string) => void;
  /** Where ISA documents and videos go; without it, seeded ISAs stay in statuses that have no files. */
  files?: SeedFiles;
};

const DAY = 86_400_000;
const CHUNK = 500;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Seeds demo data when the database has no users yet; answers whether it did. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  await seedDemo(db, opts);
  return true;
}

/**
 * Realistic demo data, deterministic by seed number (dates are offsets from now,
 * so the same seed gives the same data relative to the day it runs).
 */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  const log = opts.log ?? (() => {});
  faker.seed(opts.seed);
  const now = Date.now();
  const daysAgo = (max: number, min = 0) => new Date(now - faker.number.int({ min: min * DAY, max: max * DAY }));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const role = (k: Parameters<typeof roleByKey>[0]) => roleByKey(k)!.id;

  // ISAs, plans and the placement flows draw from a faker of their own: the learners, blogs and
  // events of a seed number stay what they were before these were added.
  const money = new Faker({ locale: [en_IN, en, base] });
  money.seed(opts.seed + 1);

  await db.transaction(async (tx) => {
    const collegeRows = await tx
      .insert(colleges)
      .values(
        Array.from({ length: 12 }, () => ({
          name: `${faker.location.city()} Institute of Technology`,
          city: faker.location.city(),
          state: faker.location.state(),
        })),
      )
      .returning({ id: colleges.id });
    const batchRows = await tx
      .insert(batches)
      .values(
        Array.from({ length: 36 }, (_, i) => ({
          name: `Batch ${2025 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
          collegeId: faker.helpers.arrayElement(collegeRows).id,
          startDate: daysAgo(400, 10).toISOString().slice(0, 10),
        })),
      )
      .returning({ id: batches.id });

    const staff = await tx
      .insert(users)
      .values(
        STAFF_ACCOUNTS.map((a) => ({
          name: a.name,
          email: a.email,
          passwordHash,
          roleId: role(a.role),
          phone: faker.phone.number(),
          collegeId: a.role === 'COLLEGE_ADMIN' ? collegeRows[0].id : null,
        })),
      )
      .returning({ id: users.id, roleId: users.roleId });
    // A few more mentors and motivators, so ownership spreads over several people.
    const extra = await tx
      .insert(users)
      .values(
        Array.from({ length: 8 }, (_, i) => {
          const name = faker.person.fullName();
          return {
            name,
            email: `staff${i + 1}@cohort.test`,
            passwordHash,
            roleId: role(i % 2 ? 'MOTIVATOR' : 'MENTOR'),
            phone: faker.phone.number(),
          };
        }),
      )
      .returning({ id: users.id, roleId: users.roleId });
    const allStaff = [...staff, ...extra];
    const mentors = allStaff.filter((s) => s.roleId === role('MENTOR'));
    const motivators = allStaff.filter((s) => s.roleId === role('MOTIVATOR'));
    const demoMentor = staff.find((s) => s.roleId === role('MENTOR'))!;
    await tx.insert(batchMentors).values(
      batchRows.map((b, i) => ({
        batchId: b.id,
        mentorId: i < 3 ? demoMentor.id : faker.helpers.arrayElement(mentors).id,
      })),
    );

    const { types: isaTypeRows, plans: planRows } = await seedIsaTypesAndPlans(tx);
    const moneyOf: ReturnType<typeof learnerMoney>[] = [];
    const learners = Array.from({ length: opts.learners }, (_, i) => {
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      const batch = faker.helpers.arrayElement(batchRows);
      const createdAt = daysAgo(180);
      return {
        name: `${first} ${last}`,
        email: `${first}.${last}.${i + 1}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        phone: faker.phone.number(),
        passwordHash,
        roleId: role('USER'),
        collegeId: i % 5 === 0 ? collegeRows[0].id : faker.helpers.arrayElement(collegeRows).id,
        batchId: batch.id,
        motivatorId: faker.helpers.arrayElement(motivators).id,
        ownerId: faker.helpers.arrayElement(motivators).id,
        ...learnerFacts(faker, i, now, daysAgo),
        createdAt,
        updatedAt: createdAt,
      };
    }).map((row, i) => {
      // The ISA, plan and flow facts the records below agree with (dates are the ISA's).
      const m = learnerMoney(money, i, planRows, row.placementPenaltyPaymentStatus);
      moneyOf.push(m);
      const { deposit: _d, subscription: _s, ...facts } = m;
      const isaStatus = opts.files
        ? isaStatusFor(i, row.isaStatus)
        : isaStatusFor(Number.MAX_SAFE_INTEGER, row.isaStatus);
      const learner = { ...row, ...facts, isaStatus, isaExpiryDate: null };
      return { ...learner, ...verificationAsFlowsAllow(i, learner, now) };
    });
    const learnerIds: number[] = [];
    await insertChunks(learners, async (chunk) => {
      const ids = await tx.insert(users).values(chunk).returning({ id: users.id });
      learnerIds.push(...ids.map((r) => r.id));
    });
    await seedSubmissions(tx, faker, learnerIds, now);
    const placer = staff.find((s) => s.roleId === role('NEGOTIATOR'))!;
    const placerName = STAFF_ACCOUNTS.find((a) => a.role === 'NEGOTIATOR')!.name;
    await seedLearnerIsas(
      tx,
      money,
      learners.map((l, i) => ({ id: learnerIds[i], name: l.name, isaStatus: l.isaStatus })),
      isaTypeRows,
      { id: placer.id, name: placerName },
      now,
      opts.files,
    );
    // The learner's Isa Expiry Date mirrors their current ISA.
    await tx.execute(
      sql`update ${users} set isa_expiry_date = ${learnerIsas.expiryDate} from ${learnerIsas} where ${learnerIsas.userId} = ${users.id} and ${learnerIsas.endedAt} is null`,
    );
    await seedSubscriptions(
      tx,
      learnerIds.map((id, i) => ({ id, money: moneyOf[i] })),
      planRows,
      { id: placer.id, name: placerName },
      now,
    );
    const negotiator = STAFF_ACCOUNTS.find((a) => a.role === 'NEGOTIATOR')!;
    await seedHolds(tx, faker, learnerIds, now, {
      id: staff.find((s) => s.roleId === role('NEGOTIATOR'))!.id,
      name: negotiator.name,
    });

    const blogRows = Array.from({ length: 60 }, () => {
      const createdAt = daysAgo(365);
      return {
        title: faker.helpers.arrayElement([
          `How ${faker.person.firstName()} went from ${faker.person.jobTitle()} to developer`,
          `${faker.number.int({ min: 5, max: 15 })} interview questions on ${faker.helpers.arrayElement(['JavaScript', 'React', 'SQL', 'Node.js', 'Python', 'DSA'])}`,
          `Placement diary: ${faker.company.name()}`,
          `Learning to code after ${faker.number.int({ min: 25, max: 40 })}`,
        ]),
        content: faker.lorem.paragraphs({ min: 3, max: 8 }, '\n\n'),
        excerpt: faker.lorem.sentence({ min: 10, max: 20 }),
        authorName: faker.person.fullName(),
        tags: faker.helpers
          .arrayElements(['career', 'placement', 'javascript', 'react', 'story', 'interview', 'sql'], {
            min: 1,
            max: 3,
          })
          .join(', '),
        status: faker.helpers.weightedArrayElement([
          { value: 'Live', weight: 4 },
          { value: 'Archived', weight: 1 },
        ]),
        publishedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await tx.insert(blogs).values(blogRows);

    const eventRows = Array.from({ length: 30 }, (_, i) => {
      const startsAt = i < 10 ? new Date(now + faker.number.int({ min: 1, max: 60 }) * DAY) : daysAgo(300, 1);
      return {
        title: `${faker.helpers.arrayElement(['Webinar', 'Mock interview day', 'Hiring drive', 'Live coding', 'Alumni meet'])}: ${faker.company.catchPhrase()}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
        description: faker.lorem.paragraph(),
        location: faker.helpers.arrayElement(['Online', faker.location.city()]),
        meetingLink: `https://meet.example.com/${faker.string.alphanumeric(10)}`,
        capacity: faker.number.int({ min: 20, max: 500 }),
        status: i < 25 ? 'Active' : 'Archive',
      };
    });
    await tx.insert(events).values(eventRows);
    await seedCatalog(tx, faker, daysAgo);
    await seedDashboardCards(tx);
    await seedMessages(tx, faker, daysAgo);
    const admin = STAFF_ACCOUNTS.find((a) => a.role === 'ADMIN')!;
    await seedWebsiteConfiguration(tx, staff.find((s) => s.roleId === role('ADMIN'))!.id, admin.name);
    await seedLearnerRecords(tx, faker, daysAgo);
    await seedCrmAndAppointments(tx, faker, now);
  });
  log(
    `Seeded ${STAFF_ACCOUNTS.length + 8} staff, ${opts.learners} learners, 60 blogs, 30 events and the content and configuration screens (seed ${opts.seed}).`,
  );
}
