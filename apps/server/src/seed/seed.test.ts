import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEPOSIT_STATUSES,
  ISA_STATUSES,
  PLACEMENT_PAYMENT_STATUSES,
  PLACEMENT_PENALTY_STATUSES,
  SHARPENER_PLUS_STATUSES,
  userTypeConditionIssues,
  VERIFICATION_STATUSES,
  VERIFICATION_STEPS,
} from '@cohort/domain';
import { and, asc, count, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import {
  aiPrompts,
  appointments,
  blogs,
  callHistory,
  cards,
  companies,
  degreeCategories,
  degrees,
  enquiries,
  events,
  holdTypes,
  isaTypes,
  jobRoles,
  leads,
  learnerHolds,
  learnerIsas,
  locations,
  mentorTeamMembers,
  messages,
  notWorkingWarnings,
  orders,
  plans,
  products,
  questions,
  reactivationRequests,
  strikes,
  studentTeamMembers,
  studentTeams,
  subscriptions,
  taskSubmissions,
  testimonials,
  upfrontDeposits,
  userFlagComments,
  userFlags,
  users,
  userTypeCards,
  userTypeConditions,
  userTypes,
  websiteConfigurations,
} from '../db/schema';
import { localStorageDriver } from '../platform/storage';
import { STAFF_ACCOUNTS } from './demo-accounts';
import { seedDemo, seedIfEmpty } from './seed';

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-seed-'));
const storage = localStorageDriver(uploads);
const BUCKET = 'miscellaneous';
afterAll(() => fs.rmSync(uploads, { recursive: true, force: true }));

async function seeded(seed: number) {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemo(database.db, { seed, learners: 40, files: { storage, bucket: BUCKET } });
  return database;
}

async function bytesOf(key: string): Promise<Buffer> {
  const stream = await storage.get(BUCKET, key);
  if (!stream) throw new Error(`${key} is not stored`);
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

const valuesOf = (options: readonly { value: string }[]) => options.map((o) => o.value).sort();

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
      const isaStatuses = async (d: typeof a) =>
        (await d.db.select({ s: learnerIsas.status }).from(learnerIsas).orderBy(asc(learnerIsas.userId))).map(
          (r) => r.s,
        );
      expect(await isaStatuses(a)).toEqual(await isaStatuses(b));
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
        leads,
        callHistory,
        appointments,
        mentorTeamMembers,
        studentTeams,
        studentTeamMembers,
      ]) {
        expect((await a.db.select({ n: count() }).from(table))[0].n).toBeGreaterThan(0);
      }
      // The CRM and appointments (decision 022): a lead says what its learner's follow-up says.
      const drifted = await a.db
        .select({ id: leads.id })
        .from(leads)
        .innerJoin(users, eq(users.id, leads.userId))
        .where(ne(users.followUpStatus, leads.status));
      expect(drifted).toEqual([]);
      expect(
        (await a.db.select({ n: count() }).from(appointments).where(isNotNull(appointments.ratedAt)))[0].n,
      ).toBeGreaterThan(0);
      // Seeded conditions are ones the console could have saved.
      for (const c of await a.db.select().from(userTypeConditions))
        expect(userTypeConditionIssues(c), c.field).toEqual([]);
      expect(await seedIfEmpty(a.db, { seed: 7, learners: 40 })).toBe(false);

      // ISAs, plans and the placement flows: every state has learners in it, and the records agree.
      const learners = await a.db.select().from(users).where(eq(users.roleId, 2)).orderBy(asc(users.id));
      const states = (pick: (l: (typeof learners)[number]) => string | null) =>
        [...new Set(learners.map(pick).filter((v): v is string => v !== null))].sort();
      expect(states((l) => l.isaStatus)).toEqual(valuesOf(ISA_STATUSES));
      expect(states((l) => l.placementPaymentStatus)).toEqual(valuesOf(PLACEMENT_PAYMENT_STATUSES));
      expect(states((l) => l.placementPenaltyPaymentStatus)).toEqual(valuesOf(PLACEMENT_PENALTY_STATUSES));
      expect(states((l) => l.verificationStep)).toEqual(valuesOf(VERIFICATION_STEPS));
      expect(states((l) => l.verificationStatus)).toEqual(valuesOf(VERIFICATION_STATUSES));
      for (const l of learners.filter((l) => l.verificationStatus === 'Verification Completed'))
        expect(l.verificationStep, l.email).toBe('unlock');
      expect(states((l) => l.sharpenerPlusStatus)).toEqual(valuesOf(SHARPENER_PLUS_STATUSES));
      for (const l of learners.filter((l) => l.placementPenaltyPaymentStatus !== 'Not Required'))
        expect(l.placementPenaltyReason, l.email).not.toBeNull();

      const isas = await a.db.select().from(learnerIsas).where(isNull(learnerIsas.endedAt));
      const isaOf = new Map(isas.map((i) => [i.userId, i]));
      for (const l of learners) {
        const isa = isaOf.get(l.id);
        expect(isa?.status ?? 'Not Assigned', l.email).toBe(l.isaStatus);
        expect(l.isaExpiryDate, l.email).toBe(isa?.expiryDate ?? null);
      }
      expect((await a.db.select({ n: count() }).from(isaTypes))[0].n).toBeGreaterThan(0);
      // Signed documents are real PDFs and acceptance videos real WebM files, in storage.
      const withDocument = isas.filter((i) => i.documentKey);
      const withVideo = isas.filter((i) => i.videoKey);
      expect(withDocument.length).toBeGreaterThan(0);
      expect(withVideo.length).toBeGreaterThan(0);
      for (const i of isas) {
        if (['ISA Submitted', 'ISA Acceptance Video Uploaded', 'ISA Verified'].includes(i.status))
          expect(i.documentKey, i.status).not.toBeNull();
        if (['ISA Acceptance Video Uploaded', 'ISA Verified'].includes(i.status))
          expect(i.videoKey, i.status).not.toBeNull();
        if (i.status === 'ISA Verified') expect(i.verifiedAt).not.toBeNull();
      }
      const pdf = await bytesOf(withDocument[0].documentKey!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBe(withDocument[0].documentSize);
      const video = await bytesOf(withVideo[0].videoKey!);
      expect(video.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
      expect(new Set(isas.flatMap((i) => [i.documentKey, i.videoKey]).filter(Boolean)).size).toBe(
        withDocument.length + withVideo.length,
      );
      // Some deadlines passed yesterday: the first sweep has work.
      const today = new Date().toISOString().slice(0, 10);
      expect(isas.some((i) => i.status === 'Documents Not Submitted' && i.documentDeadline < today)).toBe(true);

      expect((await a.db.select({ n: count() }).from(plans))[0].n).toBeGreaterThan(0);
      const subs = await a.db.select().from(subscriptions).where(eq(subscriptions.status, 'Active'));
      const deposits = await a.db.select().from(upfrontDeposits);
      expect([...new Set(deposits.map((d) => d.status))].sort()).toEqual(valuesOf(DEPOSIT_STATUSES));
      const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      expect(deposits.some((d) => d.status === 'Pending' && d.expiresOn >= today && d.expiresOn <= inThreeDays)).toBe(
        true,
      );
      // A deposit belongs to its subscription's time: it runs out after the subscription began,
      // and was paid on a day within both.
      const subById = new Map(subs.map((s) => [s.id, s]));
      for (const d of deposits) {
        const sub = subById.get(d.subscriptionId);
        if (!sub) continue;
        expect(d.expiresOn > sub.startDate, `deposit ${d.id}`).toBe(true);
        if (d.paidOn) {
          expect(d.paidOn >= sub.startDate && d.paidOn <= d.expiresOn && d.paidOn <= today, `deposit ${d.id}`).toBe(
            true,
          );
        }
      }
      // The learner's plan facts are their subscription's (what syncLearnerPlan keeps them to).
      const subOf = new Map(subs.map((s) => [s.userId, s]));
      const depositOf = new Map(deposits.map((d) => [d.subscriptionId, d]));
      for (const l of learners) {
        const sub = subOf.get(l.id);
        expect(l.planId, l.email).toBe(sub?.planId ?? null);
        expect(l.upfrontStatus, l.email).toBe((sub && depositOf.get(sub.id)?.status) ?? 'Not Required');
      }
      expect(
        (
          await a.db
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.roleId, 2), ne(users.planId, 0)))
        )[0].n,
      ).toBe(subs.length);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  }, 120_000);
});
