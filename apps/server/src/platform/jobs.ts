import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import { backendErrors } from '../db/schema';
import { describeError } from './db-errors';

/** Where a job runner reads the time: the wall clock, or a test's hand-moved one. */
export type Clock = () => Date;

/**
 * Work that falls due on its own (decision 019): at every multiple of `everyMinutes` since
 * midnight UTC one job is due, and it runs once, whichever process gets to it first.
 */
export type ScheduledJob = {
  /** The queue's name in pg-boss; also how logs and the Errors screen name the job. */
  name: string;
  /** A divisor of 60 (or 60 itself): completed jobs are kept for 12 hours, far longer than a slot. */
  everyMinutes: number;
  /**
   * Idempotent work as things stand at `now` (conditional updates, audited in their
   * transaction): running it twice changes nothing the first run did not. Its answer (counts)
   * is kept as the job's output.
   */
  run: (db: Db, now: Date) => Promise<object>;
};

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export type JobQueueOptions = {
  /** The app's database: pg-boss runs its SQL through `executeSql`, on PGlite and PostgreSQL alike. */
  database: Pick<Database, 'db' | 'executeSql'>;
  jobs: ScheduledJob[];
  now?: Clock;
  /** How often this process looks for due work (ms); 30 s unless told. */
  pollMs?: number;
  /** A failed job is tried this many more times before it stays failed. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time (pg-boss backoff). */
  retryDelaySeconds?: number;
  /** pg-boss maintenance (archive, expire jobs whose process died): on in the app, off in tests. */
  supervise?: boolean;
  log?: Log;
};

/** What one run of a job did. */
export type JobRun = {
  name: string;
  id: string;
  dueAt: string;
  ok: boolean;
  output: object;
};

const SILENT: Log = { info() {}, warn() {} };

/** The due time of the slot `now` falls in. */
export function dueTime(job: Pick<ScheduledJob, 'everyMinutes'>, now: Date): Date {
  const slot = job.everyMinutes * 60_000;
  return new Date(Math.floor(now.getTime() / slot) * slot);
}

/**
 * The job's id for one due time: the same in every process, so the queue's primary key
 * (name, id) lets only the first of several senders in (pg-boss inserts with ON CONFLICT DO NOTHING).
 */
export function jobId(name: string, dueAt: Date): string {
  const h = createHash('sha1').update(`${name}@${dueAt.toISOString()}`).digest('hex');
  // An RFC 4122 name-based (version 5) UUID.
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Scheduled work on pg-boss, a job queue in PostgreSQL tables (schema `pgboss`). Every API
 * process (and `npm run worker`) runs one: each tick it puts the current due job of each
 * schedule on its queue (one row per due time, whoever sends first) and works whatever is
 * due, claiming jobs with FOR UPDATE SKIP LOCKED so a job runs in one process only. A job
 * that throws is failed in pg-boss (kept with its error), retried with backoff, and recorded
 * in `backend_errors` (the console's Errors screen); nothing else notices.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly jobs: Map<string, ScheduledJob>;
  private readonly now: Clock;
  private readonly log: Log;
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<unknown>;
  private stopped = false;

  private constructor(
    private readonly opts: JobQueueOptions,
    boss: PgBoss,
  ) {
    this.boss = boss;
    this.jobs = new Map(opts.jobs.map((j) => [j.name, j]));
    this.now = opts.now ?? (() => new Date());
    this.log = opts.log ?? SILENT;
  }

  /** Installs pg-boss's tables when missing (once, under its advisory lock) and the queues. */
  static async create(opts: JobQueueOptions): Promise<JobQueue> {
    for (const j of opts.jobs) {
      if (!(j.everyMinutes > 0 && (60 % j.everyMinutes === 0 || j.everyMinutes === 60)))
        throw new Error(`job ${j.name}: everyMinutes must divide an hour`);
    }
    const boss = new PgBoss({
      db: { executeSql: (text, values) => opts.database.executeSql(text, values) },
      supervise: opts.supervise ?? true,
      schedule: false,
      migrate: true,
    });
    const queue = new JobQueue(opts, boss);
    boss.on('error', (err) => queue.log.warn({ err }, 'job queue error'));
    await boss.start();
    for (const j of opts.jobs) {
      const settings = {
        name: j.name,
        policy: 'standard' as const,
        retryLimit: opts.retryLimit ?? 3,
        retryDelay: opts.retryDelaySeconds ?? 60,
        retryBackoff: (opts.retryDelaySeconds ?? 60) > 0,
        expireInSeconds: 15 * 60,
      };
      if (await boss.getQueue(j.name)) await boss.updateQueue(j.name, settings);
      else await boss.createQueue(j.name, settings);
    }
    return queue;
  }

  /** Puts each schedule's current due job on its queue; answers the names this call added. */
  async schedule(): Promise<string[]> {
    const now = this.now();
    const added: string[] = [];
    for (const job of this.jobs.values()) {
      const dueAt = dueTime(job, now);
      // Due as it is sent. pg-boss fetches jobs whose start_after < now(), and PGlite's clock
      // may not move within a millisecond, so a job sent and fetched in the same tick is dated
      // a second back rather than missed until the next tick.
      const id = await this.boss.send(
        job.name,
        { dueAt: dueAt.toISOString() },
        { id: jobId(job.name, dueAt), startAfter: new Date(Date.now() - 1000) },
      );
      if (id) added.push(job.name);
    }
    return added;
  }

  /**
   * Claims what is due on each queue now (a few at most: the current due time, retries) and
   * runs it, one job at a time; answers what this process ran. A job that fails here is
   * retried on a later tick, never in the same one.
   */
  async work(): Promise<JobRun[]> {
    const runs: JobRun[] = [];
    for (const job of this.jobs.values()) {
      const claimed = await this.boss.fetch<{ dueAt: string }>(job.name, { batchSize: 10 });
      for (const c of claimed) runs.push(await this.runOne(job, c));
    }
    return runs;
  }

  /** One pass: schedule, then work. */
  async tick(): Promise<JobRun[]> {
    await this.schedule();
    return this.work();
  }

  private async runOne(job: ScheduledJob, claimed: PgBoss.Job<{ dueAt: string }>): Promise<JobRun> {
    const base = { name: job.name, id: claimed.id, dueAt: claimed.data.dueAt };
    try {
      const output = await job.run(this.opts.database.db, this.now());
      await this.boss.complete(job.name, claimed.id, output);
      this.log.info({ job: base, output }, `job ${job.name} done`);
      return { ...base, ok: true, output };
    } catch (err) {
      // A failed query's bound values stay out of the job's output, the log and backend_errors.
      const { message, stack } = describeError(err);
      const output = { message: message.slice(0, 2000) };
      await this.boss.fail(job.name, claimed.id, output);
      this.log.warn({ job: base, err: { message, stack } }, `job ${job.name} failed`);
      try {
        await this.opts.database.db.insert(backendErrors).values({
          method: 'JOB',
          url: `job:${job.name} due ${base.dueAt}`,
          message: output.message,
          stack: stack?.slice(0, 20_000) ?? null,
        });
      } catch (logErr) {
        this.log.warn({ err: describeError(logErr) }, 'could not record the failed job');
      }
      return { ...base, ok: false, output };
    }
  }

  /** Ticks every `pollMs` until stopped; a failed tick (database gone a moment) is logged and retried. */
  startPolling(): void {
    const every = this.opts.pollMs ?? 30_000;
    const loop = () => {
      if (this.stopped) return;
      this.ticking = this.tick()
        .catch((err) => this.log.warn({ err }, 'job queue tick failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, every);
        });
    };
    loop();
  }

  /** Lets the running job finish, then stops pg-boss (the database stays open: it is the app's). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
  }
}
