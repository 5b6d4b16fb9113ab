import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../db/client';
import { backendErrors, sessions } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { sweepExpired } from './housekeeping';
import { dueTime, JobQueue, type JobQueueOptions, jobId, type ScheduledJob } from './jobs';

let t: TestApp;
const queues: JobQueue[] = [];
const others: Database[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  for (const d of others) await d.close();
  await t.close();
});

/** A clock the test moves by hand. */
function handClock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    advance(minutes: number) {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}

async function queue(jobs: ScheduledJob[], opts: Partial<JobQueueOptions> = {}) {
  const q = await JobQueue.create({
    database: t.database,
    jobs,
    supervise: false,
    retryDelaySeconds: 0,
    ...opts,
  });
  queues.push(q);
  return q;
}

describe('due times', () => {
  it('a slot starts at a multiple of its length since midnight UTC', () => {
    expect(dueTime({ everyMinutes: 15 }, new Date('2026-03-01T10:44:59Z')).toISOString()).toBe(
      '2026-03-01T10:30:00.000Z',
    );
    expect(dueTime({ everyMinutes: 60 }, new Date('2026-03-01T10:00:00Z')).toISOString()).toBe(
      '2026-03-01T10:00:00.000Z',
    );
  });

  it('a job id is the same UUID in every process for one due time, and another for the next', () => {
    const a = jobId('isa-deadlines', new Date('2026-03-01T10:30:00Z'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobId('isa-deadlines', new Date('2026-03-01T10:30:00Z'))).toBe(a);
    expect(jobId('isa-deadlines', new Date('2026-03-01T10:45:00Z'))).not.toBe(a);
    expect(jobId('deposit-expiry', new Date('2026-03-01T10:30:00Z'))).not.toBe(a);
  });

  it('refuses a schedule that does not divide an hour', async () => {
    await expect(
      JobQueue.create({ database: t.database, jobs: [{ name: 'odd', everyMinutes: 7, run: async () => ({}) }] }),
    ).rejects.toThrow(/divide an hour/);
  });
});

describe('scheduled work on pg-boss', () => {
  it('a due job runs once per due time, with the controlled clock, and its effect is visible', async () => {
    const clock = handClock(new Date(Date.now() + 60_000).toISOString());
    const housekeeping: ScheduledJob = { name: 'housekeeping-test', everyMinutes: 60, run: sweepExpired };
    const q = await queue([housekeeping], { now: clock.now });
    await t.tokenFor('HR');
    const [session] = (await t.db.select().from(sessions)).slice(-1);
    // The session is live now; two days on (by the test's clock) it is long over and swept.
    const first = await q.tick();
    expect(first).toMatchObject([{ name: 'housekeeping-test', ok: true, output: { sessions: 0 } }]);
    expect(await q.tick()).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, session.id))).toHaveLength(1);

    clock.advance(2 * 24 * 60 + 60);
    const later = await q.tick();
    expect(later).toHaveLength(1);
    expect(later[0].output).toMatchObject({ sessions: expect.any(Number) });
    expect((later[0].output as { sessions: number }).sessions).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
    expect(later[0].dueAt).toBe(dueTime(housekeeping, clock.now()).toISOString());

    const stored = await q.boss.getJobById('housekeeping-test', later[0].id);
    expect(stored).toMatchObject({ state: 'completed', data: { dueAt: later[0].dueAt } });
  });

  it('two workers on one database racing over the same due jobs: each runs exactly once', async () => {
    const ran: string[] = [];
    const counted: ScheduledJob = {
      name: 'race-test',
      everyMinutes: 15,
      run: async (_db: Db, now: Date) => {
        ran.push(dueTime(counted, now).toISOString());
        await new Promise((r) => setTimeout(r, 5));
        return {};
      },
    };
    const clock = handClock('2030-01-01T00:00:00Z');
    const a = await queue([counted], { now: clock.now });
    // On PostgreSQL the second worker has its own connections, as another process would;
    // PGlite is one connection, which both share.
    let second: Pick<Database, 'db' | 'executeSql'> = t.database;
    if (t.kind === 'postgres') {
      const [{ name }] = (await t.database.executeSql('select current_database() as name')).rows as { name: string }[];
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const d = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
      others.push(d);
      second = d;
    }
    const b = await queue([counted], { now: clock.now, database: second });
    for (let slot = 0; slot < 6; slot++) {
      const [ra, rb] = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(ra.length + rb.length).toBeLessThanOrEqual(1);
      clock.advance(15);
    }
    expect(ran).toHaveLength(6);
    expect(new Set(ran).size).toBe(6);
  });

  it('a job that fails is recorded, retried and then done; the API carries on', async () => {
    let calls = 0;
    const flaky: ScheduledJob = {
      name: 'flaky-test',
      everyMinutes: 60,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('the mail server did not answer');
        return { done: 1 };
      },
    };
    const clock = handClock('2030-02-01T08:10:00Z');
    const q = await queue([flaky], { now: clock.now });
    const [failed] = await q.tick();
    expect(failed).toMatchObject({ ok: false, output: { message: 'the mail server did not answer' } });
    expect(await q.boss.getJobById('flaky-test', failed.id)).toMatchObject({
      state: 'retry',
      retryCount: 0,
      output: { message: 'the mail server did not answer' },
    });
    const [recorded] = await t.db.select().from(backendErrors).where(like(backendErrors.url, 'job:flaky-test%'));
    expect(recorded).toMatchObject({ method: 'JOB', message: 'the mail server did not answer' });

    // Staff see it on the Errors screen; nothing else answered 500.
    const list = await t.call({ method: 'GET', url: '/admin/errors/get', token: await t.tokenFor('ADMIN'), page: 1 });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('job:flaky-test');

    // The retry is the same job (same due time), not a second one.
    const [retried] = await q.tick();
    expect(retried).toMatchObject({ id: failed.id, ok: true, output: { done: 1 } });
    expect(await q.boss.getJobById('flaky-test', failed.id)).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(await q.tick()).toEqual([]);
    expect(calls).toBe(2);
  });

  it('a job that keeps failing stops at its retry limit and stays failed until its next due time', async () => {
    let calls = 0;
    const broken: ScheduledJob = {
      name: 'broken-test',
      everyMinutes: 30,
      run: async () => {
        calls++;
        throw new Error('still broken');
      },
    };
    const clock = handClock('2030-03-01T08:00:00Z');
    const q = await queue([broken], { now: clock.now, retryLimit: 2 });
    // A retry is due from the moment of the failure (delay 0 here) by the database's clock, whose
    // resolution may be a millisecond on PGlite: tick a few times, a moment apart.
    const runs = [];
    for (let i = 0; i < 8; i++) {
      runs.push(...(await q.tick()));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(runs.map((r) => r.ok)).toEqual([false, false, false]);
    expect(calls).toBe(3);
    expect(await q.boss.getJobById('broken-test', runs[0].id)).toMatchObject({ state: 'failed', retryCount: 2 });
    clock.advance(30);
    expect(await q.tick()).toHaveLength(1);
    expect(calls).toBe(4);
  });

  it("a job whose process died mid-run is expired by pg-boss's maintenance and run again", async () => {
    let runs = 0;
    const job: ScheduledJob = {
      name: 'orphan-test',
      everyMinutes: 60,
      run: async () => {
        runs++;
        return { ok: 1 };
      },
    };
    const q = await queue([job], { now: () => new Date('2030-05-01T08:00:00Z') });
    await q.schedule();
    // A worker claims it and dies: the job stays active.
    const [claimed] = await q.boss.fetch('orphan-test');
    expect(await q.boss.getJobById('orphan-test', claimed.id)).toMatchObject({ state: 'active' });
    expect(await q.work()).toEqual([]);
    await t.database.executeSql(
      "update pgboss.job set started_on = now() - interval '1 hour' where name = $1 and id = $2",
      ['orphan-test', claimed.id],
    );
    await q.boss.maintain();
    expect(await q.boss.getJobById('orphan-test', claimed.id)).toMatchObject({ state: 'retry' });
    expect(await q.work()).toMatchObject([{ id: claimed.id, ok: true }]);
    expect(runs).toBe(1);
  });

  it('polls on its own and stops cleanly, letting the running job finish', async () => {
    let runs = 0;
    let release!: () => void;
    const slow: ScheduledJob = {
      name: 'slow-test',
      everyMinutes: 60,
      run: () =>
        new Promise((resolve) => {
          runs++;
          release = () => resolve({ ok: 1 });
        }),
    };
    const q = await queue([slow], { now: () => new Date('2030-04-01T08:00:00Z'), pollMs: 10 });
    q.startPolling();
    await expect.poll(() => runs).toBe(1);
    const stopping = q.stop();
    release();
    await stopping;
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);
    const [job] = await q.boss.fetch('slow-test');
    expect(job).toBeUndefined();
  });
});
