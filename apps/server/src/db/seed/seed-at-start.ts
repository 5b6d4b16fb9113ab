import { roleByKey } from '@cohort/domain';
import { count } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../client';
import { users } from '../schema';
import { DEMO_PASSWORD, STAFF_ACCOUNTS } from './demo-accounts';
import type { SeedFiles } from './seed-isas-and-plans';

export type SeedAtStart = {
  /** Demo data went in now. */
  seeded: boolean;
  /** What to print once the server listens (the demo logins). */
  loginLines: string[];
};

/** What a start puts into the database before serving. */
export async function seedAtStart(
  db: Db,
  config: Pick<Config, 'SEED' | 'SEED_LEARNERS'>,
  opts: { files: SeedFiles; print: (line: string) => void },
): Promise<SeedAtStart> {
  // The demo seed, and faker with it (~40 MB), loads only when the database has no users yet.
  const [{ n: accounts }] = await db.select({ n: count() }).from(users);
  const seeded =
    accounts === 0 &&
    (await (await import('./seed')).seedIfEmpty(db, {
      seed: config.SEED,
      learners: config.SEED_LEARNERS,
      log: opts.print,
      files: opts.files,
    }));
  const loginLines = [
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...STAFF_ACCOUNTS.map((a) => `  ${roleByKey(a.role)!.name.padEnd(22)} ${a.email}`),
  ];
  return { seeded, loginLines };
}
