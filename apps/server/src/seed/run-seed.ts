import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { bucketName, createStorageDriver } from '../platform/storage';
import { seedIfEmpty } from './seed';

/**
 * `npm run seed`: migrates and seeds the demo data into an empty database (DATA_DIR or
 * DATABASE_URL). `npm run seed -- --learners 100000 --seed 7` sets the size and the seed
 * number (default SEED_LEARNERS and SEED); learners go in with batched inserts.
 */
function readArgs() {
  try {
    return parseArgs({ options: { learners: { type: 'string' }, seed: { type: 'string' } }, strict: true }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\nUsage: npm run seed -- [--learners N] [--seed S]`);
    process.exit(2);
  }
}
const args = readArgs();
const whole = (name: string, v: string | undefined, fallback: number, min: number) => {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got "${v}")`);
    process.exit(2);
  }
  return n;
};
const config = loadConfig();
const learners = whole('learners', args.learners, config.SEED_LEARNERS, 0);
const seed = whole('seed', args.seed, config.SEED, 0);
const database = config.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: `${config.DATA_DIR}/pglite` });
await database.migrate();
const files = { storage: createStorageDriver(config), bucket: bucketName('miscellaneous', config.APP_ENV) };
const started = Date.now();
if (await seedIfEmpty(database.db, { seed, learners, log: console.log, files })) {
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} else {
  console.log(
    'The database already has users; nothing seeded. Remove DATA_DIR (or use a fresh database) to seed again.',
  );
}
await database.close();
