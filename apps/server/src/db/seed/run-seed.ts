import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedIfEmpty } from './seed';

/** `npm run seed`: migrates and seeds the demo data into an empty database (DATA_DIR or DATABASE_URL). */
const config = loadConfig();
const database = config.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: `${config.DATA_DIR}/pglite` });
await database.migrate();
const opts = { seed: config.SEED, learners: config.SEED_LEARNERS, log: console.log };
if (!(await seedIfEmpty(database.db, opts))) {
  console.log(
    'The database already has users; nothing seeded. Remove DATA_DIR (or use a fresh database) to seed again.',
  );
}
await database.close();
