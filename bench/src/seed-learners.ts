import {
  ALUMNI_STATUSES,
  FAST_TRACK_STATUSES,
  FOLLOW_UP_STATUSES,
  ISA_STATUSES,
  MOBILE_NUMBER_STATUSES,
  PAN_VERIFICATION_STATUSES,
  PLACEMENT_PENALTY_STATUSES,
  PRO_STATUSES,
  roleByKey,
  UPFRONT_STATUSES,
} from '@cohort/domain';
import { hashPassword } from '@cohort/server/src/platform/passwords';

/** pg.Client and PGlite both answer this. */
export type SqlRunner = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

const FIRST = [
  'Aarav', 'Diya', 'Kabir', 'Meera', 'Rohan', 'Sara', 'Vikram', 'Ananya', 'Ishaan', 'Priya',
  'Arjun', 'Kavya', 'Dev', 'Nisha', 'Aditya', 'Pooja', 'Rahul', 'Sneha', 'Karan', 'Riya',
  'Manish', 'Neha', 'Siddharth', 'Tanvi', 'Varun', 'Aisha', 'Nikhil', 'Shreya', 'Yash', 'Isha',
  'Harsh', 'Divya', 'Amit', 'Swati', 'Kunal', 'Anjali', 'Rajesh', 'Lakshmi', 'Suresh', 'Fatima',
]; // biome-ignore format: a table
const LAST = [
  'Sharma', 'Iyer', 'Khan', 'Nair', 'Gupta', 'Reddy', 'Das', 'Menon', 'Patel', 'Joshi',
  'Singh', 'Kumar', 'Rao', 'Verma', 'Mehta', 'Chopra', 'Bose', 'Pillai', 'Shah', 'Kapoor',
  'Mishra', 'Agarwal', 'Banerjee', 'Chatterjee', 'Desai', 'Gill', 'Hegde', 'Jain', 'Kulkarni', 'Malhotra',
  'Naidu', 'Pandey', 'Qureshi', 'Saxena', 'Thakur', 'Usman', 'Varghese', 'Wadia', 'Yadav', 'Zaidi',
]; // biome-ignore format: a table
const DOMAINS = ['gmail.com', 'yahoo.in', 'outlook.com', 'hotmail.com', 'college.edu.in'];
const REASONS = ['Not responding', 'Asked to call later', 'Exam season', 'Payment issue', 'Wants a mentor change'];

/** The `like` scenario's term: one first name with one last name, ~1 learner in 1,600. */
export const LEARNER_LIKE_TERM = 'priya.nair';

const values = (list: readonly { value: string | number }[]) => list.map((o) => String(o.value));

export type LearnerSeed = {
  adminUserId: number;
  learners: number;
  submissions: number;
  seconds: { learners: number; submissions: number; lastSubmit: number; vacuum: number };
  bytes: { users: number; submissions: number };
};

/**
 * `count` learners (role USER) and their task submissions, all in SQL (INSERT ... SELECT over
 * generate_series, setseed for the same data every run), spread over every filter column:
 * - statuses skewed to their first values (most learners are "Not Assigned", "Not Eligible"...);
 * - `created_at` over three years, growing with the id; `last_activity_at` skewed to recent
 *   days (10% never), `total_points` skewed low;
 * - submissions (`perLearner` on average for the learners who submit) over the last 60 days:
 *   one learner in five submits; half of those stopped 7-60 days ago, so most learners have
 *   none in the last 7 days.
 * The submissions' trigger (one UPDATE of users per row) is disabled for the bulk load; each
 * learner's `last_task_submit_at` is then set by one UPDATE ... FROM (max per learner), and the
 * trigger enabled again. Then VACUUM ANALYZE, as autovacuum would have by now.
 */
export async function seedLearners(db: SqlRunner, count: number, perLearner = 20): Promise<LearnerSeed> {
  const admin = roleByKey('ADMIN');
  const learner = roleByKey('USER');
  const motivator = roleByKey('MOTIVATOR');
  if (!admin || !learner || !motivator) throw new Error('roles missing in @cohort/domain');
  const passwordHash = await hashPassword('bench-password-not-secret');
  const { rows } = (await db.query(
    `insert into users (name, email, password_hash, role_id, status)
     values ('Bench Admin', 'bench-admin@example.com', $1, $2, 'Active') returning id`,
    [passwordHash, admin.id],
  )) as { rows: { id: number }[] };
  const adminUserId = rows[0].id;
  // Staff the learners point at (owner, motivator), colleges and batches.
  await db.query(
    `insert into users (name, email, password_hash, role_id, status)
     select 'Motivator ' || g, 'motivator' || g || '@bench.example.com', $1, $2, 'Active' from generate_series(1, 20) g`,
    [passwordHash, motivator.id],
  );
  await db.query(
    `insert into colleges (name, city) select 'College ' || g, 'City ' || (g % 15) from generate_series(1, 50) g`,
  );
  await db.query(
    `insert into batches (name, college_id, start_date)
     select 'Batch ' || g, (select min(id) from colleges) + (g % 50), date '2023-01-01' + g * 5 from generate_series(1, 200) g`,
  );

  let t = Date.now();
  await db.query('select setseed(0.42)');
  // pick($k, r): element of array parameter $k at a skewed position (r^2: the first values are the common ones).
  const pick = (k: number, r: string, skew = 2) =>
    `($${k}::text[])[1 + floor(power(${r}, ${skew}) * array_length($${k}::text[], 1))::int]`;
  await db.query(
    `insert into users
       (name, email, phone, password_hash, role_id, status, college_id, batch_id, motivator_id, owner_id,
        isa_status, isa_expiry_date, pro_status, pro_plan_id, plan_id, alumni_status, mobile_number_status,
        follow_up_status, follow_up_date, follow_up_reason, appointment_at, pan_verification_status,
        placement_penalty_status, upfront_status, fast_track_status, exclude_from_crm, total_points,
        ready_for_placement, already_placed, placed_at, last_activity_at, created_at, updated_at)
     select
       f.first || ' ' || f.last,
       lower(f.first || '.' || f.last) || g.i || '@' || ($4::text[])[1 + (g.i % 5)],
       '9' || lpad((g.i::bigint * 7919 % 1000000000)::text, 9, '0'),
       $5, $6,
       case when random() < 0.8 then 'Active' else 'Inactive' end,
       (select min(id) from colleges) + floor(random() * 50)::int,
       case when random() < 0.9 then (select min(id) from batches) + floor(random() * 200)::int end,
       case when random() < 0.7 then (select min(id) from users where role_id = $7) + floor(random() * 20)::int end,
       case when random() < 0.5 then (select min(id) from users where role_id = $7) + floor(random() * 20)::int end,
       ${pick(8, 'random()')},
       case when random() < 0.3 then (now() + (random() * 900 - 200) * interval '1 day')::date end,
       ${pick(9, 'random()')},
       case when random() < 0.1 then 1 + floor(random() * 5)::int end,
       case when random() < 0.3 then 1 + floor(random() * 8)::int end,
       ${pick(10, 'random()')},
       ${pick(11, 'random()', 1)},
       case when random() < 0.3 then ${pick(12, 'random()', 1)} end,
       case when random() < 0.3 then (now() + (random() * 60 - 30) * interval '1 day')::date end,
       case when random() < 0.15 then ($13::text[])[1 + floor(random() * 5)::int] end,
       case when random() < 0.05 then date_trunc('minute', now() + (random() * 30 - 10) * interval '1 day') end,
       ${pick(14, 'random()')},
       ${pick(15, 'random()', 3)},
       ${pick(16, 'random()', 3)},
       ${pick(17, 'random()', 3)},
       random() < 0.02,
       floor(power(random(), 3) * 20000)::int,
       random() < 0.1,
       f.placed,
       case when f.placed then now() - random() * interval '700 days' end,
       case when random() < 0.9 then date_trunc('second', now() - power(random(), 2) * interval '730 days') end,
       f.created_at, f.created_at
     from generate_series(1, $3::int) as g(i)
     cross join lateral (
       select ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int] as first,
              ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] as last,
              random() < 0.05 as placed,
              date_trunc('second', now() - (($3::int - g.i)::float8 / $3::int) * interval '1095 days'
                - random() * interval '1 hour') as created_at
       where g.i is not null
     ) f`,
    [
      FIRST,
      LAST,
      count,
      DOMAINS,
      passwordHash,
      learner.id,
      motivator.id,
      values(ISA_STATUSES),
      values(PRO_STATUSES),
      values(ALUMNI_STATUSES),
      values(MOBILE_NUMBER_STATUSES),
      values(FOLLOW_UP_STATUSES),
      REASONS,
      values(PAN_VERIFICATION_STATUSES),
      values(PLACEMENT_PENALTY_STATUSES),
      values(UPFRONT_STATUSES),
      values(FAST_TRACK_STATUSES),
    ],
  );
  const learnersSeconds = (Date.now() - t) / 1000;

  // Submissions: learners whose rank (id order) is = 0 mod 5 submit; of those, the odd tenth stopped 7-60 days ago.
  t = Date.now();
  const { rows: range } = (await db.query(
    'select min(id)::int as lo, count(*)::int as n from users where role_id = $1',
    [learner.id],
  )) as { rows: { lo: number; n: number }[] };
  const { lo, n } = range[0];
  const submitters = Math.floor(n / 5);
  const total = submitters * perLearner;
  await db.query('alter table task_submissions disable trigger task_submissions_keep_last');
  await db.query(
    `insert into task_submissions (user_id, task_id, assignment_id, submitted_at, status, created_at, updated_at)
     select s.user_id, 1 + floor(random() * 400)::int, case when random() < 0.3 then 1 + floor(random() * 50)::int end,
            s.at, case when random() < 0.85 then 'Submitted' else 'Reviewed' end, s.at, s.at
     from (
       select $1::int + 5 * k.k as user_id,
              date_trunc('second', now() - case when k.k % 2 = 1 then interval '7 days' + random() * interval '53 days'
                                             else random() * interval '60 days' end) as at
       from (select floor(random() * $2::int)::int as k from generate_series(1, $3::int)) k
     ) s`,
    [lo, submitters, total],
  );
  const submissionsSeconds = (Date.now() - t) / 1000;
  t = Date.now();
  await db.query(
    `update users u set last_task_submit_at = m.last
     from (select user_id, max(submitted_at) as last from task_submissions group by user_id) m
     where u.id = m.user_id`,
  );
  await db.query('alter table task_submissions enable trigger task_submissions_keep_last');
  const lastSubmitSeconds = (Date.now() - t) / 1000;
  t = Date.now();
  await db.query('vacuum analyze');
  const vacuumSeconds = (Date.now() - t) / 1000;
  const { rows: sizes } = (await db.query(
    `select (select count(*) from users where role_id = $1)::int as learners,
            (select count(*) from task_submissions)::int as submissions,
            pg_total_relation_size('users')::float8 as users_bytes,
            pg_total_relation_size('task_submissions')::float8 as submissions_bytes`,
    [learner.id],
  )) as { rows: { learners: number; submissions: number; users_bytes: number; submissions_bytes: number }[] };
  return {
    adminUserId,
    learners: sizes[0].learners,
    submissions: sizes[0].submissions,
    seconds: {
      learners: learnersSeconds,
      submissions: submissionsSeconds,
      lastSubmit: lastSubmitSeconds,
      vacuum: vacuumSeconds,
    },
    bytes: { users: sizes[0].users_bytes, submissions: sizes[0].submissions_bytes },
  };
}
