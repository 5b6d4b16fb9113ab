import { roleByKey } from '@cohort/domain';
import { hashPassword } from '@cohort/server/src/platform/passwords';
import type pg from 'pg';

const PREFIXES = [
  'How to',
  'Why',
  'A practical guide to',
  '10 lessons on',
  'Getting started with',
  'What we learned about',
  'Deep dive:',
  'Mastering',
  'Common mistakes in',
  'The future of',
  'Interview tips for',
  'From zero to',
  'Understanding',
  'Behind the scenes of',
  'Case study:',
];
const TOPICS = [
  'React hooks',
  'TypeScript generics',
  'SQL indexes',
  'system design',
  'Kubernetes',
  'data structures',
  'resume writing',
  'placement season',
  'Python for data',
  'Node.js streams',
  'CSS grid',
  'REST APIs',
  'Git workflows',
  'dynamic programming',
  'cloud costs',
  'mock interviews',
  'open source',
  'product thinking',
  'Java collections',
  'machine learning',
  'PostgreSQL',
  'career switches',
  'remote work',
  'DevOps pipelines',
  'unit testing',
];
const SUFFIXES = [
  '',
  ' in 2025',
  ' for beginners',
  ' at scale',
  ': a checklist',
  ' without the hype',
  ' (part 2)',
  ' that actually works',
  ' for freshers',
  ' explained',
];
const SENTENCES = [
  'Most learners underestimate how much deliberate practice matters in the first month.',
  'We interviewed twelve hiring managers and asked what they look for in a fresher.',
  'The short answer is that fundamentals beat frameworks every single time.',
  'Start with a small project you can finish in a weekend, then grow it.',
  'Reading other people’s code is the fastest way to learn idioms you will actually use.',
  'Our mentors recommend writing down every bug you fix and why it happened.',
  'Batch 14 tried this approach and their placement rate went up noticeably.',
  'Consistency matters more than intensity: an hour a day beats a ten-hour Sunday.',
  'Measure before you optimise, and keep the measurement in the repository.',
  'When in doubt, ask in the community channel; someone has hit the same wall.',
  'Mock interviews reveal gaps that solo practice never will.',
  'Here is the checklist we hand to every new cohort on day one.',
];
const FIRST_NAMES = ['Aarav', 'Diya', 'Kabir', 'Meera', 'Rohan', 'Sara', 'Vikram', 'Ananya', 'Ishaan', 'Priya'];
const LAST_NAMES = ['Sharma', 'Iyer', 'Khan', 'Nair', 'Gupta', 'Reddy', 'Das', 'Menon', 'Patel', 'Joshi'];
const TAGS = ['career', 'frontend', 'backend', 'data', 'devops', 'interviews', 'community', 'placements', 'tutorial'];

/** The filter value the `like` scenario searches titles for (one topic in 25: ~4% of rows). */
export const LIKE_TERM = 'kubernetes';

export type SeedResult = { adminUserId: number; blogs: number; tableBytes: number; seconds: number };

/**
 * One ADMIN user and `count` blogs in a single INSERT ... SELECT over generate_series:
 * titles from templates, 80% Live / 20% Archived, created_at spread over three years,
 * content of 0.3–1.5 KB. setseed() makes the data the same on every run. Then VACUUM ANALYZE.
 */
export async function seedBlogs(client: pg.Client, count: number): Promise<SeedResult> {
  const started = Date.now();
  const admin = roleByKey('ADMIN');
  if (!admin) throw new Error('no ADMIN role in @cohort/domain');
  const passwordHash = await hashPassword('bench-password-not-secret');
  const { rows } = await client.query<{ id: number }>(
    `insert into users (name, email, password_hash, role_id, status)
     values ('Bench Admin', 'bench-admin@example.com', $1, $2, 'Active') returning id`,
    [passwordHash, admin.id],
  );
  const adminUserId = rows[0].id;

  await client.query('select setseed(0.42)');
  await client.query(
    `insert into blogs
       (title, content, excerpt, author_name, tags, status, published_at, image_url,
        created_by, created_at, updated_at)
     select
       t.title, t.content, left(t.content, 160), t.author, t.tags, t.status,
       case when t.status = 'Live' then t.created_at + interval '2 hours'
            when t.r_pub < 0.5 then t.created_at + interval '1 day' end,
       case when t.r_img < 0.3 then '/files/miscellaneous/bench-' || t.i || '.webp' end,
       $8::int, t.created_at, least(now(), t.created_at + t.r_upd * interval '30 days')
     from (
       select
         g.i,
         ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int] || ' ' ||
           ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] ||
           ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] as title,
         ($4::text[])[1 + floor(random() * 12)::int] || ' ' || ($4::text[])[1 + floor(random() * 12)::int] || ' ' ||
           repeat(($4::text[])[1 + floor(random() * 12)::int] || ' ', 1 + floor(random() * 16)::int) as content,
         ($5::text[])[1 + floor(random() * array_length($5::text[], 1))::int] || ' ' ||
           ($6::text[])[1 + floor(random() * array_length($6::text[], 1))::int] as author,
         ($7::text[])[1 + floor(random() * array_length($7::text[], 1))::int] || ',' ||
           ($7::text[])[1 + floor(random() * array_length($7::text[], 1))::int] as tags,
         case when random() < 0.8 then 'Live' else 'Archived' end as status,
         date_trunc('second', now() - random() * interval '1095 days') as created_at,
         random() as r_pub, random() as r_img, random() as r_upd
       from generate_series(1, $9::int) as g(i)
     ) t`,
    [PREFIXES, TOPICS, SUFFIXES, SENTENCES, FIRST_NAMES, LAST_NAMES, TAGS, adminUserId, count],
  );
  // VACUUM as autovacuum would have by now: sets the visibility map, so count(*) can use an index-only scan.
  await client.query('vacuum analyze');
  const size = await client.query<{ bytes: string; n: string }>(
    `select pg_total_relation_size('blogs')::text as bytes, (select count(*) from blogs)::text as n`,
  );
  return {
    adminUserId,
    blogs: Number(size.rows[0].n),
    tableBytes: Number(size.rows[0].bytes),
    seconds: (Date.now() - started) / 1000,
  };
}
