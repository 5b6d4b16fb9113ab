import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/client';
import { bucketName, createStorageDriver } from './platform/storage';
import { sealPlainTotpSecrets } from './platform/totp';
import { startScheduledWork } from './schedule';
import { seedAtStart } from './seed/seed-at-start';

async function main() {
  const config: Config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: `${config.DATA_DIR}/pglite` });
  await database.migrate();
  const storage = createStorageDriver(config);
  const { seeded, loginLines } = await seedAtStart(database.db, config, {
    files: { storage, bucket: bucketName('miscellaneous', config.APP_ENV) },
    print: console.log,
  });

  // Log lines through process.stdout, as the banner below: in the order they were written, so the
  // start's own lines (an address listened on, each) come before the banner, which is last (pino's
  // own writer is asynchronous and let them arrive after it).
  const app = await buildApp({ config, db: database.db, storage, logger: { stream: process.stdout } });
  const sealed = await sealPlainTotpSecrets(database.db, app.secrets);
  if (sealed) console.log(`Encrypted the 2FA secrets of ${sealed} account(s) stored by an earlier version.`);
  // Scheduled work (ISA deadlines, deposit expiry, waiting mail, housekeeping) on the pg-boss queue in the database.
  const jobs =
    config.JOBS === 'on'
      ? await startScheduledWork(database, { log: app.log, pollSeconds: config.JOB_POLL_SECONDS, mailer: app.mailer })
      : undefined;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await jobs?.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const db =
    database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}/pglite` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nCohort Admin is running at ${url}  (${db}${seeded ? ', demo data seeded' : ''})`);
  console.log(`API docs: ${url}/api/docs\n`);
  for (const line of loginLines) console.log(line);
  if (loginLines.length) console.log('');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
