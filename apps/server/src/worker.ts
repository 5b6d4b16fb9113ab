import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createMailer } from './platform/mail';
import { startScheduledWork } from './schedule';

/**
 * `npm run worker`: a process that only works the scheduled jobs, beside any number of API
 * processes on the same PostgreSQL database (decision 019). The embedded database belongs to
 * the one process that opened it, so this needs DATABASE_URL.
 */
const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error(
    'npm run worker needs DATABASE_URL: the embedded database belongs to the API process, which works the jobs itself.',
  );
  process.exit(1);
}
const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 2 });
const log = {
  info: (obj: object, msg: string) => console.log(msg, JSON.stringify(obj)),
  warn: (obj: object, msg: string) => console.warn(msg, JSON.stringify(obj)),
};
const queue = await startScheduledWork(database, {
  log,
  pollSeconds: config.JOB_POLL_SECONDS,
  mailer: createMailer(config),
});
console.log(`Working scheduled jobs every ${config.JOB_POLL_SECONDS} s (Ctrl+C stops).`);
const shutdown = async () => {
  await queue.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
