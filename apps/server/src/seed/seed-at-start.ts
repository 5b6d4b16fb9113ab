import { roleByKey } from '@cohort/domain';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { DEMO_PASSWORD, STAFF_ACCOUNTS } from './demo-accounts';
import { createFirstAdmin, type FirstAdmin } from './first-admin';
import type { SeedFiles } from './seed-isas-and-plans';

export type SeedAtStart = {
  /** Demo data went in now. */
  seeded: boolean;
  /** What to print once the server listens: the demo logins, on a demo database started with DEMO. */
  loginLines: string[];
};

type StartConfig = Pick<Config, 'DEMO' | 'SEED' | 'SEED_LEARNERS' | 'INITIAL_ADMIN_EMAIL' | 'INITIAL_ADMIN_PASSWORD'>;

/**
 * What a start puts into the database before serving (decision 028). With DEMO (npm start,
 * npm run dev, the journeys) an empty database gets the demo data and every start prints its
 * logins. Without it, an empty database gets one ADMIN who must change the password at first
 * login; a password made here is printed now, once; no later start prints one.
 */
export async function seedAtStart(
  db: Db,
  config: StartConfig,
  opts: { files: SeedFiles; print: (line: string) => void },
): Promise<SeedAtStart> {
  if (!config.DEMO) {
    const admin = await createFirstAdmin(db, {
      email: config.INITIAL_ADMIN_EMAIL,
      password: config.INITIAL_ADMIN_PASSWORD,
    });
    if (admin) for (const line of firstAdminNotice(admin)) opts.print(line);
    return { seeded: false, loginLines: [] };
  }
  // The demo seed, and faker with it (~40 MB), loads only when the database has no users yet.
  const [{ n: accounts }] = await db.select({ n: count() }).from(users);
  const seeded =
    accounts === 0 &&
    (await (
      await import('./seed')
    ).seedIfEmpty(db, {
      seed: config.SEED,
      learners: config.SEED_LEARNERS,
      log: opts.print,
      files: opts.files,
    }));
  // Logins only where they work: DEMO on a database that did not start as a demo prints none.
  const [demoAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, STAFF_ACCOUNTS[0].email))
    .limit(1);
  const loginLines = demoAdmin
    ? [
        `Demo logins (password ${DEMO_PASSWORD}):`,
        ...STAFF_ACCOUNTS.map((a) => `  ${roleByKey(a.role)!.name.padEnd(22)} ${a.email}`),
      ]
    : [];
  return { seeded, loginLines };
}

/** Printed to stdout, never through the logger (its redaction would hide the password). */
function firstAdminNotice(admin: FirstAdmin): string[] {
  const rule = '='.repeat(72);
  const how = admin.generated
    ? [
        '  A one-time password, shown this once and never again:',
        '',
        `  email     ${admin.email}`,
        `  password  ${admin.password}`,
      ]
    : [`  email     ${admin.email}`, '  Its password is the one in INITIAL_ADMIN_PASSWORD.'];
  return [
    '',
    rule,
    '  FIRST ADMIN ACCOUNT CREATED (the database was empty)',
    ...how,
    '',
    '  Log in to the console with it: it asks for a new password before anything else.',
    rule,
    '',
  ];
}
