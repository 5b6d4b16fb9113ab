import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, isaTypes, learnerIsas, mailOutbox, plans, subscriptions, upfrontDeposits, users } from './db/schema';
import { SYSTEM_ACTOR } from './platform/audit';
import { JobQueue } from './platform/jobs';
import { createMailer, queueMail } from './platform/mail';
import { mailDeliveryJob, SCHEDULE } from './schedule';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
const queues: JobQueue[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await t.close();
});

async function learner(email: string) {
  const [l] = await t.db.select().from(users).where(eq(users.email, email));
  return l;
}

/** An ISA as the assign call leaves it, dated by the test. */
async function isaFor(email: string, status: string, documentDeadline: string, expiryDate: string) {
  const l = await learner(email);
  const [type] = await t.db
    .insert(isaTypes)
    .values({
      name: `ISA for ${email}`,
      salaryPercent: 15,
      currency: 'INR',
      monthlyCapMinor: 100,
      totalCapMinor: 1000,
      durationMonths: 24,
      minimumSalaryMinor: 100,
    })
    .returning();
  const [isa] = await t.db
    .insert(learnerIsas)
    .values({ userId: l.id, isaTypeId: type.id, status, documentDeadline, expiryDate })
    .returning();
  await t.db.update(users).set({ isaStatus: status, isaExpiryDate: expiryDate }).where(eq(users.id, l.id));
  return isa;
}

describe('the schedule', () => {
  it('moves ISAs and deposits when their day has passed, once, as the system (Source 2), with two workers racing', async () => {
    const overdue = await isaFor('l1@test.local', 'Documents Not Submitted', '2030-01-10', '2032-01-01');
    const expiring = await isaFor('l2@test.local', 'ISA Verified', '2030-01-01', '2030-01-05');
    const [plan] = await t.db
      .insert(plans)
      .values({
        name: 'Scheduled plan',
        priceMinor: 1000,
        currency: 'INR',
        durationMonths: 6,
        upfrontDepositMinor: 100,
      })
      .returning();
    const l3 = await learner('l3@test.local');
    const [sub] = await t.db
      .insert(subscriptions)
      .values({
        userId: l3.id,
        planId: plan.id,
        startDate: '2030-01-01',
        endDate: '2030-07-01',
        priceMinor: 1000,
        currency: 'INR',
        createdByName: 'Test',
      })
      .returning();
    const [deposit] = await t.db
      .insert(upfrontDeposits)
      .values({ subscriptionId: sub.id, userId: l3.id, amountMinor: 100, currency: 'INR', expiresOn: '2030-01-08' })
      .returning();
    await t.db.update(users).set({ planId: plan.id, upfrontStatus: 'Pending' }).where(eq(users.id, l3.id));

    let now = new Date('2030-01-05T12:00:00Z');
    const clock = () => now;
    const a = await JobQueue.create({ database: t.database, jobs: SCHEDULE, now: clock, supervise: false });
    const b = await JobQueue.create({ database: t.database, jobs: SCHEDULE, now: clock, supervise: false });
    queues.push(a, b);

    // The 5th: nothing is due yet (an expiry date is the last day the ISA holds).
    const first = [...(await a.tick()), ...(await b.tick())];
    expect(first.map((r) => r.name).sort()).toEqual(['deposit-expiry', 'housekeeping', 'isa-deadlines']);
    expect(first.find((r) => r.name === 'isa-deadlines')!.output).toEqual({ overdue: 0, expired: 0 });
    expect((await learner('l2@test.local')).isaStatus).toBe('ISA Verified');

    // Six days on, both workers at once: each due job runs in one of them.
    now = new Date('2030-01-11T00:20:00Z');
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    const runs = [...ra, ...rb];
    expect(runs.map((r) => r.name).sort()).toEqual(['deposit-expiry', 'housekeeping', 'isa-deadlines']);
    expect(runs.every((r) => r.ok)).toBe(true);
    expect(runs.find((r) => r.name === 'isa-deadlines')!.output).toEqual({ overdue: 1, expired: 1 });
    expect(runs.find((r) => r.name === 'deposit-expiry')!.output).toEqual({ expired: 1 });

    expect((await learner('l1@test.local')).isaStatus).toBe('Document Submission Overdue');
    expect((await learner('l2@test.local')).isaStatus).toBe('ISA Expired');
    const [d] = await t.db.select().from(upfrontDeposits).where(eq(upfrontDeposits.id, deposit.id));
    expect(d.status).toBe('Expired');
    expect((await learner('l3@test.local')).upfrontStatus).toBe('Expired');

    // Audited as the system: no person, Source 2 System, once per move.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [String(overdue.id), String(expiring.id), String(deposit.id)]));
    const moves = entries.filter((e) => e.entity === 'learnerIsa' || e.entity === 'upfrontDeposit');
    expect(moves).toHaveLength(3);
    for (const e of moves) expect(e).toMatchObject({ actorId: null, actorName: 'System', source: 2 });
    const learnerEntries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.source, 2)));
    expect(learnerEntries.map((e) => Number(e.entityId)).sort()).toEqual(
      [(await learner('l1@test.local')).id, (await learner('l2@test.local')).id, l3.id].sort(),
    );

    // Later the same day, and again in a later slot: nothing left to move, nothing moved twice.
    now = new Date('2030-01-11T00:50:00Z');
    const again = [...(await a.tick()), ...(await b.tick())];
    expect(again.find((r) => r.name === 'isa-deadlines')!.output).toEqual({ overdue: 0, expired: 0 });
    expect(again.find((r) => r.name === 'deposit-expiry')!.output).toEqual({ expired: 0 });
    expect(
      (await t.db.select().from(auditLog).where(eq(auditLog.source, 2))).filter((e) => e.entity !== 'user'),
    ).toHaveLength(3);
  });
});

describe('mail delivery on the schedule', () => {
  it('sends what waited in the outbox once the SMTP server answers, once, with two workers racing', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'desk@cohort.test' });
      // Written while the server had no way out: it waits, queued.
      const queued = await t.db.transaction((tx) =>
        queueMail(tx, SYSTEM_ACTOR, { kind: 'test', to: 'waiting@cohort.test', subject: 'Waited', text: 'Hello' }),
      );
      const now = new Date('2030-02-01T10:00:30Z');
      const jobs = [mailDeliveryJob(mailer)];
      const a = await JobQueue.create({ database: t.database, jobs, now: () => now, supervise: false });
      const b = await JobQueue.create({ database: t.database, jobs, now: () => now, supervise: false });
      queues.push(a, b);
      const runs = [...(await Promise.all([a.tick(), b.tick()])).flat()];
      expect(runs.map((r) => r.name)).toEqual(['mail-delivery']);
      expect(runs[0].ok).toBe(true);
      expect(received).toEqual(['waiting@cohort.test']);
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
      expect(row.status).toBe('sent');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
