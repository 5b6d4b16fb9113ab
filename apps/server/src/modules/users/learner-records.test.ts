import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  notWorkingWarnings,
  reactivationRequests,
  strikes,
  studentTeamMembers,
  studentTeams,
  userFlagComments,
  userFlags,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { issueNotWorkingWarning } from './issue-not-working-warning';

/**
 * A learner's own records (decision 014) over HTTP: flags and comments, strikes, not-working
 * warnings, reactivation requests, mentor and student teams. test/fixtures.ts: the MOTIVATOR
 * has Learner One and Four, the MENTOR mentors Batch A (One and Three), College A holds One
 * and Two.
 */
let t: TestApp;
let admin: string;
let hr: string;
let mentor: string;
let motivator: string;
let marketing: string;
const L: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  [admin, hr, mentor, motivator, marketing] = await Promise.all(
    (['ADMIN', 'HR', 'MENTOR', 'MOTIVATOR', 'MARKETING'] as const).map((r) => t.tokenFor(r)),
  );
  for (const n of [1, 2, 3, 4]) {
    L[n] = (
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, `l${n}@test.local`))
    )[0].id;
  }
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const entries = async (entity: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(auditLog.id)).map((a) => [
    a.action,
    a.entityId,
  ]);

describe('flags and their comments', () => {
  it('raises a flag (raiser by the server), lists it by ?userId=, comments, archives through a comment, deletes', async () => {
    const add = await call('POST', '/admin/user/flag/add', motivator, {
      userId: L[1],
      title: 'Missed three calls',
      description: 'Has not picked up since Monday.',
    });
    expect(add.statusCode).toBe(201);
    const flag = add.json();
    expect(flag).toMatchObject({
      userId: L[1],
      userLabel: 'Learner One',
      status: 'Live',
      raisedByName: 'Test Motivator',
      raisedById: await t.userId('MOTIVATOR'),
    });
    await call('POST', '/admin/user/flag/add', hr, { userId: L[2], title: 'Other', description: 'x' });

    const list = await call('GET', `/admin/user/flag/get?userId=${L[1]}`, motivator);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((f: { id: number }) => f.id)).toEqual([flag.id]);

    const comment = await call('POST', '/admin/user/flag/add-comment', motivator, {
      flagId: flag.id,
      comment: 'Called again, left a voicemail.',
    });
    expect(comment.statusCode).toBe(201);
    expect(comment.json()).toMatchObject({ flagId: flag.id, userId: L[1], authorName: 'Test Motivator' });
    const archive = await call('POST', '/admin/user/flag/add-comment', mentor, {
      flagId: flag.id,
      comment: 'Spoke to them: they were ill. Back on track.',
      status: 'Archived',
    });
    expect(archive.statusCode).toBe(201);
    expect(archive.json().statusChange).toBe('Archived');
    const [stored] = await t.db.select().from(userFlags).where(eq(userFlags.id, flag.id));
    expect(stored).toMatchObject({ status: 'Archived', version: 2 });
    const again = await call('POST', '/admin/user/flag/add-comment', mentor, {
      flagId: flag.id,
      comment: 'Archive once more',
      status: 'Archived',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This flag is already archived');

    // The thread is also read across a learner's flags (`all`, filtered): what the learner's page shows.
    const byLearner = await call(
      'GET',
      `/admin/user/flag/comment/all?filters=${encodeURIComponent(JSON.stringify([{ field: 'userId', operator: '=', value: L[1] }]))}`,
      motivator,
    );
    expect(byLearner.json().totalItems).toBe(2);
    // Every entry of the flag and its comments is in the learner's history (its subject).
    const subjects = await t.db
      .select({ entity: auditLog.entity, subject: auditLog.subjectUserId })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(comment.json().id)));
    expect(subjects).toContainEqual({ entity: 'userFlagComment', subject: L[1] });
    const thread = await call('GET', `/admin/user/flag/comment/get?flagId=${flag.id}`, motivator);
    expect(thread.json().data.map((c: { comment: string }) => c.comment)).toEqual([
      'Called again, left a voicemail.',
      'Spoke to them: they were ill. Back on track.',
    ]);

    const del = await call('DELETE', `/admin/user/flag/delete/${flag.id}`, motivator);
    expect(del.statusCode).toBe(200);
    expect(await t.db.select().from(userFlagComments).where(eq(userFlagComments.flagId, flag.id))).toEqual([]);
    expect(await entries('userFlag')).toEqual(
      expect.arrayContaining([
        ['create', String(flag.id)],
        ['archive', String(flag.id)],
        ['delete', String(flag.id)],
      ]),
    );
    // The comments went with the flag, each audited: the learner's history keeps the thread.
    expect((await entries('userFlagComment')).map(([action]) => action)).toEqual([
      'create',
      'create',
      'delete',
      'delete',
    ]);
  });

  it('refuses bad input field by field, a staff account, and other roles', async () => {
    const empty = await call('POST', '/admin/user/flag/add', hr, { userId: L[1], title: ' ', description: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([
      { path: ['title'], message: 'Reason is required' },
      { path: ['description'], message: 'Description is required' },
    ]);
    const forged = await call('POST', '/admin/user/flag/add', hr, {
      userId: L[1],
      title: 'x',
      description: 'y',
      raisedByName: 'The CEO',
    });
    expect(forged.json().issues).toEqual([{ path: ['raisedByName'], message: 'Unknown field' }]);
    const staff = await call('POST', '/admin/user/flag/add', hr, {
      userId: await t.userId('MENTOR'),
      title: 'x',
      description: 'y',
    });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().issues).toEqual([{ path: ['userId'], message: 'Choose a learner' }]);
    const badStatus = await call('POST', '/admin/user/flag/add-comment', hr, {
      flagId: 1,
      comment: '',
      status: 'Closed',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().issues).toEqual([
      { path: ['comment'], message: 'Comment is required' },
      { path: ['status'], message: 'Status must be Archived or Live' },
    ]);
    const badQuery = await call('GET', '/admin/user/flag/get?userId=abc', hr);
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().issues[0].path).toEqual(['userId']);
    expect((await call('GET', `/admin/user/flag/get?userId=${L[1]}`, marketing)).statusCode).toBe(403);
    expect(
      (await call('POST', '/admin/user/flag/add', marketing, { userId: L[1], title: 'x', description: 'y' }))
        .statusCode,
    ).toBe(403);
  });

  it('a scoped role sees, raises and comments on flags of its own learners only', async () => {
    const onThree = (
      await call('POST', '/admin/user/flag/add', hr, { userId: L[3], title: 'T', description: 'd' })
    ).json();
    const outside = await call('POST', '/admin/user/flag/add', motivator, {
      userId: L[3],
      title: 'Not mine',
      description: 'x',
    });
    expect(outside.statusCode).toBe(400);
    expect(await t.db.select().from(userFlags).where(eq(userFlags.title, 'Not mine'))).toEqual([]);
    const comment = await call('POST', '/admin/user/flag/add-comment', motivator, {
      flagId: onThree.id,
      comment: 'Peeking',
    });
    expect(comment.statusCode).toBe(404);
    expect((await call('DELETE', `/admin/user/flag/delete/${onThree.id}`, motivator)).statusCode).toBe(404);
    // The mentor mentors Learner Three's batch.
    expect(
      (await call('POST', '/admin/user/flag/add-comment', mentor, { flagId: onThree.id, comment: 'Seen' })).statusCode,
    ).toBe(201);
    const mine = (await call('GET', '/admin/user/flag/all?page_size=100', motivator)).json();
    expect(new Set(mine.data.map((f: { userLabel: string }) => f.userLabel))).toEqual(new Set([]));
    const mentors = (await call('GET', '/admin/user/flag/all?page_size=100', mentor)).json();
    expect(mentors.data.map((f: { userLabel: string }) => f.userLabel)).toEqual(['Learner Three']);
    expect((await call('GET', `/admin/user/flag/comment/get?flagId=${onThree.id}`, motivator)).json().totalItems).toBe(
      0,
    );
  });
});

describe('strikes', () => {
  it('gives a strike (Cheating or Discipline, giver by the server), lists by ?userId=, removes with the id in the body', async () => {
    const give = await call('POST', '/admin/user/strike', mentor, {
      userId: L[1],
      type: 'Cheating',
      reason: 'Copied the solution of task 14 from a classmate.',
    });
    expect(give.statusCode).toBe(201);
    expect(give.json()).toMatchObject({ type: 'Cheating', givenByName: 'Test Mentor', userLabel: 'Learner One' });
    const list = await call('GET', `/admin/user/strike?userId=${L[1]}`, motivator);
    expect(list.json().data.map((s: { id: number }) => s.id)).toEqual([give.json().id]);
    const bad = await call('POST', '/admin/user/strike', hr, { userId: L[1], type: 'Lateness', reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: ['type'], message: 'Choose Cheating or Discipline' },
      { path: ['reason'], message: 'Reason is required' },
    ]);
    expect(
      (await call('POST', '/admin/user/strike', motivator, { userId: L[1], type: 'Discipline', reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const outside = await call('POST', '/admin/user/strike', mentor, { userId: L[2], type: 'Discipline', reason: 'x' });
    expect(outside.statusCode).toBe(400);
    const two = (
      await call('POST', '/admin/user/strike', hr, { userId: L[2], type: 'Discipline', reason: 'Rude' })
    ).json();
    expect((await call('DELETE', '/admin/user/strike', mentor, { id: two.id })).statusCode).toBe(404);
    expect((await call('DELETE', '/admin/user/strike', mentor, {})).statusCode).toBe(400);
    const removed = await call('DELETE', '/admin/user/strike', mentor, { id: give.json().id });
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(strikes).where(eq(strikes.id, give.json().id))).toEqual([]);
    expect(await entries('strike')).toEqual(
      expect.arrayContaining([
        ['create', String(give.json().id)],
        ['delete', String(give.json().id)],
      ]),
    );
    // A college admin reads the strikes of their college's learners (One and Two) only.
    const college = await t.tokenFor('COLLEGE_ADMIN');
    const seen = (await call('GET', '/admin/user/strike/all?page_size=100', college)).json();
    expect(seen.data.map((s: { userLabel: string }) => s.userLabel)).toEqual(['Learner Two']);
    expect((await call('GET', `/admin/user/strike?userId=${L[3]}`, college)).json().totalItems).toBe(0);
  });
});

describe('not-working warnings', () => {
  it('the system issues them; removing one keeps it in the history, marked, audited, once', async () => {
    const w1 = await issueNotWorkingWarning(t.db, L[1], 'No task submitted for 7 days');
    const w2 = await issueNotWorkingWarning(t.db, L[1], 'No task submitted for 14 days');
    await issueNotWorkingWarning(t.db, L[3], 'No task submitted for 7 days');
    await expect(issueNotWorkingWarning(t.db, await t.userId('HR'), 'x')).rejects.toThrow('Choose a learner');

    const history = await call('GET', `/admin/user/not-working-alert/warnings/history?userId=${L[1]}`, motivator);
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .data.map((w: { id: number }) => w.id)
        .sort(),
    ).toEqual([w1.id, w2.id].sort());

    const bad = await call('DELETE', '/admin/user/not-working-alert/warnings/remove', motivator, {
      id: w1.id,
      reason: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: ['reason'], message: 'Reason is required' }]);
    const removed = await call('DELETE', '/admin/user/not-working-alert/warnings/remove', motivator, {
      id: w1.id,
      reason: 'Was in hospital; leave approved.',
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      removedByName: 'Test Motivator',
      removalReason: 'Was in hospital; leave approved.',
    });
    expect(removed.json().removedAt).toEqual(expect.any(String));
    const twice = await call('DELETE', '/admin/user/not-working-alert/warnings/remove', motivator, {
      id: w1.id,
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
    // Still in the history; "No of warnings" counts only the one not removed.
    const after = (await call('GET', `/admin/user/not-working-alert/warnings/history?userId=${L[1]}`, hr)).json();
    expect(after.totalItems).toBe(2);
    const live = await t.db
      .select()
      .from(notWorkingWarnings)
      .where(and(eq(notWorkingWarnings.userId, L[1])));
    expect(live.filter((w) => w.removedAt === null).map((w) => w.id)).toEqual([w2.id]);
    expect(await entries('notWorkingWarning')).toEqual(expect.arrayContaining([['remove', String(w1.id)]]));

    // Scope and roles: the motivator cannot see or remove Learner Three's; HR may read but not remove.
    const three = (await call('GET', `/admin/user/not-working-alert/warnings/history?userId=${L[3]}`, hr)).json();
    expect(three.totalItems).toBe(1);
    const outside = await call('DELETE', '/admin/user/not-working-alert/warnings/remove', motivator, {
      id: three.data[0].id,
      reason: 'Not mine',
    });
    expect(outside.statusCode).toBe(404);
    expect(
      (await call('DELETE', '/admin/user/not-working-alert/warnings/remove', hr, { id: w2.id, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/admin/user/not-working-alert/warnings/history?userId=${L[1]}`, marketing)).statusCode,
    ).toBe(403);
  });
});

describe('reactivation requests', () => {
  it('asks for an inactive learner once, lists the pending queue, and an admin decides once', async () => {
    await t.db.update(users).set({ userStatus: 'Inactive' }).where(eq(users.id, L[4]));
    const active = await call('POST', '/admin/user/reactivation', motivator, { userId: L[1], reason: 'Back' });
    expect(active.statusCode).toBe(400);
    expect(active.json().issues).toEqual([
      { path: ['userId'], message: 'This learner is active: only an inactive learner can be reactivated' },
    ]);
    const empty = await call('POST', '/admin/user/reactivation', motivator, { userId: L[4], reason: '' });
    expect(empty.json().issues).toEqual([{ path: ['reason'], message: 'Reason is required' }]);
    const ask = await call('POST', '/admin/user/reactivation', motivator, {
      userId: L[4],
      reason: 'Recovered from illness, wants to finish the course.',
    });
    expect(ask.statusCode).toBe(201);
    expect(ask.json()).toMatchObject({ status: 'Pending', requestedByName: 'Test Motivator' });
    const twice = await call('POST', '/admin/user/reactivation', motivator, { userId: L[4], reason: 'Again' });
    expect(twice.statusCode).toBe(409);

    const pending = await call('GET', '/admin/user/reactivation?status=Pending', hr);
    expect(pending.json().data.map((r: { id: number }) => r.id)).toEqual([ask.json().id]);
    const badStatus = await call('GET', '/admin/user/reactivation?status=Maybe', hr);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().issues).toEqual([
      { path: ['status'], message: 'Status must be Pending, Fulfilled or Rejected' },
    ]);
    const queue = await call(
      'GET',
      `/admin/user/reactivation/all?filters=${encodeURIComponent('[{"field":"status","operator":"=","value":"Pending"}]')}`,
      hr,
    );
    expect(queue.json().data.map((r: { id: number }) => r.id)).toEqual([ask.json().id]);
    expect((await call('GET', `/admin/user/reactivation?userId=${L[4]}`, motivator)).json().totalItems).toBe(1);
    expect((await call('GET', '/admin/user/reactivation', hr)).json().totalItems).toBe(1);

    const decide = (token: string, body: object) => call('POST', '/admin/user/reactivation/decide', token, body);
    expect(
      (await decide(motivator, { id: ask.json().id, status: 'Fulfilled', note: 'ok', version: 1 })).statusCode,
    ).toBe(403);
    const badDecision = await decide(admin, { id: ask.json().id, status: 'Pending', note: '', version: 1 });
    expect(badDecision.json().issues).toEqual([
      { path: ['status'], message: 'Choose Fulfilled or Rejected' },
      { path: ['note'], message: 'Note is required' },
    ]);
    expect((await decide(admin, { id: ask.json().id, status: 'Fulfilled', note: 'ok', version: 7 })).statusCode).toBe(
      409,
    );
    const done = await decide(admin, { id: ask.json().id, status: 'Fulfilled', note: 'Welcome back', version: 1 });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'Fulfilled',
      decidedByName: 'Test Admin',
      decisionNote: 'Welcome back',
    });
    const again = await decide(admin, { id: ask.json().id, status: 'Rejected', note: 'No', version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request was already fulfilled');
    expect(await entries('reactivationRequest')).toEqual(
      expect.arrayContaining([
        ['create', String(ask.json().id)],
        ['fulfil', String(ask.json().id)],
      ]),
    );
    // Decided: a new request may be made; a scoped role outside its learners is refused.
    await t.db.update(users).set({ userStatus: 'Inactive' }).where(eq(users.id, L[3]));
    const outside = await call('POST', '/admin/user/reactivation', motivator, { userId: L[3], reason: 'x' });
    expect(outside.statusCode).toBe(400);
    expect(await t.db.select().from(reactivationRequests).where(eq(reactivationRequests.userId, L[3]))).toEqual([]);
    expect((await call('GET', `/admin/user/reactivation?userId=${L[1]}`, marketing)).statusCode).toBe(403);
  });
});

describe('mentor team and student teams', () => {
  it('assigns mentors (one manager), answers the team of a learner, removes an assignment', async () => {
    const mentorId = await t.userId('MENTOR');
    const add = (token: string, body: object) => call('POST', '/admin/user/mentor-team', token, body);
    const lead = await add(mentor, { userId: L[1], mentorId, role: 'manager' });
    expect(lead.statusCode).toBe(201);
    expect(lead.json()).toMatchObject({ mentorLabel: 'Test Mentor', role: 'manager', assignedByName: 'Test Mentor' });
    expect((await add(admin, { userId: L[1], mentorId, role: 'member' })).statusCode).toBe(409);
    const notMentor = await add(admin, { userId: L[1], mentorId: await t.userId('HR'), role: 'lead' });
    expect(notMentor.statusCode).toBe(400);
    expect(notMentor.json().issues).toEqual([{ path: ['role'], message: 'Choose manager or member' }]);
    const hrAsMentor = await add(admin, { userId: L[1], mentorId: await t.userId('HR'), role: 'member' });
    expect(hrAsMentor.json().issues).toEqual([{ path: ['mentorId'], message: 'Choose an active mentor' }]);
    expect((await add(mentor, { userId: L[2], mentorId, role: 'member' })).statusCode).toBe(400);
    expect((await add(motivator, { userId: L[1], mentorId, role: 'member' })).statusCode).toBe(403);

    const team = await call('GET', `/admin/user/mentor-team/${L[1]}`, motivator);
    expect(team.statusCode).toBe(200);
    expect(team.json()).toMatchObject({
      userId: L[1],
      totalItems: 1,
      data: [{ mentorName: 'Test Mentor', role: 'manager' }],
    });
    expect((await call('GET', `/admin/user/mentor-team/${L[3]}`, motivator)).statusCode).toBe(404);
    expect((await call('GET', `/admin/user/mentor-team/${L[1]}`, marketing)).statusCode).toBe(403);
    expect((await call('DELETE', `/admin/user/mentor-team/${lead.json().id}`, mentor)).statusCode).toBe(200);
    expect((await call('GET', `/admin/user/mentor-team/${L[1]}`, hr)).json().totalItems).toBe(0);
    expect(await entries('mentorTeamMember')).toEqual(
      expect.arrayContaining([
        ['create', String(lead.json().id)],
        ['delete', String(lead.json().id)],
      ]),
    );
  });

  it("answers a learner's student teams and a team's members within the caller's scope", async () => {
    const [team] = await t.db
      .insert(studentTeams)
      .values({ name: 'Team Falcon', project: 'Food delivery app' })
      .returning();
    await t.db.insert(studentTeamMembers).values([
      { teamId: team.id, userId: L[1], role: 'manager' },
      { teamId: team.id, userId: L[2], role: 'member' },
      { teamId: team.id, userId: L[3], role: 'member' },
    ]);
    const teams = await call('GET', `/admin/user/student/team/get?userId=${L[1]}`, motivator);
    expect(teams.statusCode).toBe(200);
    expect(teams.json().data).toEqual([
      expect.objectContaining({ id: team.id, name: 'Team Falcon', role: 'manager', memberCount: 3 }),
    ]);
    expect((await call('GET', `/admin/user/student/team/get?userId=${L[2]}`, motivator)).statusCode).toBe(404);
    expect((await call('GET', '/admin/user/student/team/get', motivator)).statusCode).toBe(400);

    const all = (await call('GET', `/admin/user/student/team/details?teamId=${team.id}`, hr)).json();
    expect(all.members.map((m: { name: string }) => m.name)).toEqual(['Learner One', 'Learner Two', 'Learner Three']);
    expect(all.hiddenMembers).toBe(0);
    const scoped = await call('GET', `/admin/user/student/team/details?teamId=${team.id}`, motivator);
    expect(scoped.json().members.map((m: { name: string }) => m.name)).toEqual(['Learner One']);
    expect(scoped.json().hiddenMembers).toBe(2);
    expect(scoped.body).not.toContain('Learner Two');
    const [other] = await t.db.insert(studentTeams).values({ name: 'Team Owl' }).returning();
    await t.db.insert(studentTeamMembers).values({ teamId: other.id, userId: L[3], role: 'manager' });
    expect((await call('GET', `/admin/user/student/team/details?teamId=${other.id}`, motivator)).statusCode).toBe(404);
    expect((await call('GET', '/admin/user/student/team/details?teamId=999999', hr)).statusCode).toBe(404);
    expect((await call('GET', `/admin/user/student/team/details?teamId=${team.id}`, marketing)).statusCode).toBe(403);
  });
});
