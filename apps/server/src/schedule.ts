import type { Database } from './db/client';
import { sweepIsaDeadlines } from './modules/isa/sweep-isa-deadlines';
import { sweepDepositExpiry } from './modules/subscriptions/sweep-deposit-expiry';
import { sweepExpired } from './platform/housekeeping';
import { type Clock, JobQueue, type ScheduledJob } from './platform/jobs';
import { deliverPendingMail, type Mailer } from './platform/mail';

/**
 * What runs on its own (decision 019). Each job is idempotent and runs once per due time
 * however many processes run the queue.
 */
export const SCHEDULE: ScheduledJob[] = [
  // ISAs past their document deadline become Document Submission Overdue; past their expiry, ISA Expired.
  { name: 'isa-deadlines', everyMinutes: 15, run: sweepIsaDeadlines },
  // Upfront deposits still Pending after their last day become Expired.
  { name: 'deposit-expiry', everyMinutes: 15, run: sweepDepositExpiry },
  // Drop long-ended sessions and stale login counters.
  { name: 'housekeeping', everyMinutes: 60, run: sweepExpired },
];

/**
 * Mail that waited in the outbox (written while SMTP was down or not yet configured, or
 * failed with attempts left) is sent every minute; each message goes once however many
 * processes run it (deliverPendingMail claims a message before sending).
 */
export function mailDeliveryJob(mailer: Mailer): ScheduledJob {
  return { name: 'mail-delivery', everyMinutes: 1, run: (db) => deliverPendingMail(db, mailer) };
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** Starts this process's share of the scheduled work: the API (unless JOBS=off) and `npm run worker`. */
export async function startScheduledWork(
  database: Pick<Database, 'db' | 'executeSql'>,
  opts: { log: Log; pollSeconds: number; now?: Clock; mailer: Mailer },
): Promise<JobQueue> {
  const queue = await JobQueue.create({
    database,
    jobs: [...SCHEDULE, mailDeliveryJob(opts.mailer)],
    log: opts.log,
    now: opts.now,
    pollMs: opts.pollSeconds * 1000,
  });
  queue.startPolling();
  return queue;
}
