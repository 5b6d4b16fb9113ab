import { grantedActions, type PermissionResource, type RoleKey, rowScope } from '@cohort/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdTypes, reactivationRequests, studentTeamMembers, studentTeams, taskSubmissions } from '../db/schema';
import { issueNotWorkingWarning } from '../modules/users/issue-not-working-warning';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every route that answers learner data shows a scoped role only its own learners.
 * The expectation comes from the fixtures (test/fixtures.ts), not from the code under test:
 * College A holds Learner One and Two; the MOTIVATOR motivates One and Four; the MENTOR
 * mentors Batch A, where One and Three are.
 */
const LEARNERS = {
  'Learner One': 'l1@test.local',
  'Learner Two': 'l2@test.local',
  'Learner Three': 'l3@test.local',
  'Learner Four': 'l4@test.local',
} as const;
type Learner = keyof typeof LEARNERS;
const EXPECTED: Partial<Record<RoleKey, Learner[]>> = {
  COLLEGE_ADMIN: ['Learner One', 'Learner Two'],
  MOTIVATOR: ['Learner One', 'Learner Four'],
  MENTOR: ['Learner One', 'Learner Three'],
};

/** Routes that answer learners' names or emails (or figures about them). */
const LEARNER_ROUTES = [
  '/admin/user/get?page_size=100',
  '/admin/user/download-csv',
  '/admin/role/users?roleId=2&page_size=100',
  `/admin/role/attendance?roleId=2&date=2026-01-05&page_size=100`,
  '/admin/message/get?page_size=100',
  '/admin/message/download-csv',
  // A learner's own records (decision 014).
  '/admin/user/flag/all?page_size=100',
  '/admin/user/flag/download-csv',
  '/admin/user/flag/comment/all?page_size=100',
  '/admin/user/strike/all?page_size=100',
  '/admin/user/strike/download-csv',
  '/admin/user/not-working-alert/warnings/all?page_size=100',
  '/admin/user/reactivation/all?page_size=100',
  '/admin/user/reactivation?status=Pending&page_size=100',
  // Their task submissions (decision 013).
  '/admin/user/tasks?page_size=100',
  '/admin/user/task-submission/all?page_size=100',
  '/admin/user/task-submission/download-csv',
  '/admin/user/hold/all?page_size=100',
];
/** Lists that name every learner of the role's scope (each learner has a row in each). */
const LISTS_NAMING_ALL = [
  '/admin/user/get',
  '/admin/role/users',
  '/admin/message/get',
  '/admin/user/flag/all',
  '/admin/user/flag/comment/all',
  '/admin/user/strike/all',
  '/admin/user/not-working-alert/warnings/all',
  '/admin/user/reactivation/all',
  '/admin/user/reactivation',
  '/admin/user/tasks',
  '/admin/user/task-submission/all',
  '/admin/user/hold/all',
];

/** Resources holding a learner's own records: their rows follow their learner's scope (a `learner` rule). */
const LEARNER_CHILDREN: PermissionResource[] = [
  'message',
  'userFlag',
  'strike',
  'notWorkingWarning',
  'reactivation',
  'mentorTeam',
  'studentTeam',
  'submission',
  'hold',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A message to each learner, so the message routes have every learner's data to hide.
  const admin = await t.tokenFor('ADMIN');
  const all = (await t.call({ method: 'GET', url: '/admin/user/get?page_size=100', token: admin })).json().data as {
    id: number;
    name: string;
  }[];
  const [holdType] = await t.db.insert(holdTypes).values({ name: 'Exams', maxDays: 30 }).returning();
  for (const learner of all.filter((l) => l.name in LEARNERS)) {
    const res = await t.call({
      method: 'POST',
      url: '/admin/message/add',
      token: admin,
      payload: { userId: learner.id, subject: `Hello ${learner.name}`, body: 'Welcome to the cohort.' },
    });
    expect(res.statusCode).toBe(201);
    // And one of each of their own records.
    const flag = await t.call({
      method: 'POST',
      url: '/admin/user/flag/add',
      token: admin,
      payload: { userId: learner.id, title: `Flag on ${learner.name}`, description: 'Missed calls.' },
    });
    expect(flag.statusCode).toBe(201);
    const comment = await t.call({
      method: 'POST',
      url: '/admin/user/flag/add-comment',
      token: admin,
      payload: { flagId: flag.json().id, comment: 'Called them back.' },
    });
    expect(comment.statusCode).toBe(201);
    const strike = await t.call({
      method: 'POST',
      url: '/admin/user/strike',
      token: admin,
      payload: { userId: learner.id, type: 'Discipline', reason: 'Late to the demo.' },
    });
    expect(strike.statusCode).toBe(201);
    await issueNotWorkingWarning(t.db, learner.id, 'No task submitted for 7 days');
    await t.db.insert(taskSubmissions).values({ userId: learner.id, taskId: 7, assignmentId: 2 });
    const hold = await t.call({
      method: 'POST',
      url: '/admin/user/hold',
      token: admin,
      payload: {
        userId: learner.id,
        holdTypeId: holdType.id,
        startDate: '2026-01-01',
        endDate: '2026-01-10',
        reason: 'Exams',
      },
    });
    expect(hold.statusCode).toBe(201);
    await t.db.insert(reactivationRequests).values({ userId: learner.id, reason: 'Back', requestedByName: 'Admin' });
    const mentorTeam = await t.call({
      method: 'POST',
      url: '/admin/user/mentor-team',
      token: admin,
      payload: { userId: learner.id, mentorId: await t.userId('MENTOR'), role: 'member' },
    });
    expect(mentorTeam.statusCode).toBe(201);
  }
  // One student team of all four: its details name only the caller's own learners.
  const [team] = await t.db.insert(studentTeams).values({ name: 'Team Everyone' }).returning();
  await t.db
    .insert(studentTeamMembers)
    .values(all.filter((l) => l.name in LEARNERS).map((l) => ({ teamId: team.id, userId: l.id, role: 'member' })));
  LEARNER_ROUTES.push(`/admin/user/student/team/details?teamId=${team.id}`);
  LISTS_NAMING_ALL.push('/admin/user/student/team/details');
});
afterAll(() => t.close());

describe('row scopes hold on every route that answers learner data', () => {
  it('the expectation covers every scoped role of the learner resource', () => {
    const scoped = (['COLLEGE_ADMIN', 'MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR'] as RoleKey[]).filter((r) =>
      rowScope(r, 'user'),
    );
    expect(scoped.sort()).toEqual(Object.keys(EXPECTED).sort());
    // A learner's own records are scoped by their learner, for every scoped role that may reach them.
    for (const resource of LEARNER_CHILDREN) {
      for (const role of scoped) {
        const expected = grantedActions(role, resource).length ? { by: 'learner', column: 'userId' } : undefined;
        expect(rowScope(role, resource), `${resource} ${role}`).toEqual(expected);
      }
    }
  });

  for (const [role, visible] of Object.entries(EXPECTED) as [RoleKey, Learner[]][]) {
    it(`${role} sees only ${visible.join(' and ')}`, async () => {
      const token = await t.tokenFor(role);
      const hidden = (Object.keys(LEARNERS) as Learner[]).filter((l) => !visible.includes(l));
      let answered = 0;
      for (const url of LEARNER_ROUTES) {
        const res = await t.call({ method: 'GET', url, token });
        if (res.statusCode === 403) continue; // the role may not call it at all
        expect(res.statusCode, url).toBe(200);
        answered++;
        for (const name of hidden) {
          expect(res.body, `${role} ${url}`).not.toContain(name);
          expect(res.body, `${role} ${url}`).not.toContain(LEARNERS[name]);
        }
        if (LISTS_NAMING_ALL.some((list) => url.startsWith(`${list}?`))) {
          for (const name of visible) expect(res.body, `${role} ${url}`).toContain(name);
        }
      }
      expect(answered).toBeGreaterThan(0);
      // Single reads outside the scope are 404, inside 200.
      const all = (
        await t.call({ method: 'GET', url: '/admin/user/get?page_size=100', token: await t.tokenFor('ADMIN') })
      ).json().data as { id: number; name: Learner }[];
      for (const learner of all.filter((l) => l.name in LEARNERS)) {
        const inside = visible.includes(learner.name);
        const res = await t.call({ method: 'GET', url: `/admin/user/details?user=${learner.id}`, token });
        expect(res.statusCode, `${role} reads ${learner.name}`).toBe(inside ? 200 : 404);
        const cards = await t.call({
          method: 'GET',
          url: `/admin/card/user/dashboard-cards?userId=${learner.id}`,
          token,
        });
        expect(cards.statusCode, `${role} reads ${learner.name}'s dashboard cards`).toBe(inside ? 200 : 404);
        // Writing a learner's records: refused outside the scope (400: a wrong value, not a wrong role), nothing kept.
        const sent = await t.call({
          method: 'POST',
          url: '/admin/message/add',
          token,
          payload: { userId: learner.id, subject: `From ${role}`, body: 'Checking in.' },
        });
        if (sent.statusCode !== 403)
          expect(sent.statusCode, `${role} messages ${learner.name}`).toBe(inside ? 201 : 400);
        // A learner's own records: the spec's calls by learner answer theirs inside the scope, nothing outside.
        for (const url of [
          `/admin/user/flag/get?userId=${learner.id}`,
          `/admin/user/strike?userId=${learner.id}`,
          `/admin/user/not-working-alert/warnings/history?userId=${learner.id}`,
          `/admin/user/reactivation?userId=${learner.id}`,
          `/admin/user/tasks?userId=${learner.id}`,
          `/admin/user/hold?userId=${learner.id}`,
        ]) {
          const own = await t.call({ method: 'GET', url, token });
          if (own.statusCode === 403) continue;
          expect(own.statusCode, `${role} ${url}`).toBe(200);
          const ids = (own.json().data as { userId: number }[]).map((r) => r.userId);
          // Earlier roles may have flagged the same learner: at least the seeded record, all of this learner.
          expect(ids.length > 0, `${role} ${url} (${learner.name})`).toBe(inside);
          expect(new Set(ids), `${role} ${url}`).toEqual(new Set(inside ? [learner.id] : []));
        }
        // Reads about one learner: 404 outside the scope.
        for (const url of [
          `/admin/user/progress-report?userId=${learner.id}`,
          `/admin/user/assignments?userId=${learner.id}`,
        ]) {
          const read = await t.call({ method: 'GET', url, token });
          if (read.statusCode !== 403) expect(read.statusCode, `${role} ${url}`).toBe(inside ? 200 : 404);
        }
        for (const url of [
          `/admin/user/mentor-team/${learner.id}`,
          `/admin/user/student/team/get?userId=${learner.id}`,
        ]) {
          const team = await t.call({ method: 'GET', url, token });
          if (team.statusCode !== 403) expect(team.statusCode, `${role} ${url}`).toBe(inside ? 200 : 404);
        }
        // A learner's history (decision 015): theirs inside the scope, 404 outside.
        const history = await t.call({ method: 'GET', url: `/admin/user/history?userId=${learner.id}`, token });
        if (history.statusCode !== 403)
          expect(history.statusCode, `${role} reads ${learner.name}'s history`).toBe(inside ? 200 : 404);
        const flagged = await t.call({
          method: 'POST',
          url: '/admin/user/flag/add',
          token,
          payload: { userId: learner.id, title: `From ${role}`, description: 'Checking in.' },
        });
        if (flagged.statusCode !== 403)
          expect(flagged.statusCode, `${role} flags ${learner.name}`).toBe(inside ? 201 : 400);
      }
      const messages = await t.call({ method: 'GET', url: '/admin/message/get?page_size=100', token });
      if (messages.statusCode === 200) {
        const to = (messages.json().data as { userLabel: string }[]).map((m) => m.userLabel);
        expect(new Set(to), `${role} lists messages`).toEqual(new Set(visible));
        for (const m of messages.json().data as { id: number }[]) {
          const one = await t.call({ method: 'GET', url: `/admin/message/get/${m.id}`, token });
          expect(one.statusCode).toBe(200);
        }
      }
      // The dashboard's learner figures are the role's learners.
      const stats = (await t.call({ method: 'GET', url: '/admin/dashboard/stats', token })).json();
      expect(stats.home.learners).toBe(visible.length);
    });
  }
});
