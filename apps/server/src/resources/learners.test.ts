import { userResource } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, learnerHolds, notWorkingWarnings, taskSubmissions, users } from '../db/schema';
import { issueNotWorkingWarning } from '../modules/users/issue-not-working-warning';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const emails = async (role: Parameters<TestApp['tokenFor']>[0]) => {
  const res = await t.call({ method: 'GET', url: '/admin/user/get?sort=email', token: await t.tokenFor(role) });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((u: { email: string }) => u.email);
};

describe('GET /admin/user/get: learners only, row scopes per role', () => {
  it('ADMIN and HR see every learner and no staff, and no secrets', async () => {
    // The fixture USER account is a learner too.
    expect(await emails('ADMIN')).toEqual([
      'l1@test.local',
      'l2@test.local',
      'l3@test.local',
      'l4@test.local',
      'user@test.local',
    ]);
    expect(await emails('HR')).toHaveLength(5);
    const res = await t.call({ method: 'GET', url: '/admin/user/get', token: await t.tokenFor('ADMIN') });
    expect(Object.keys(res.json().data[0])).not.toContain('passwordHash');
    expect(Object.keys(res.json().data[0])).not.toContain('twoFactorSecret');
  });

  it('a COLLEGE_ADMIN sees their college, a MOTIVATOR their learners, a MENTOR their batches', async () => {
    expect(await emails('COLLEGE_ADMIN')).toEqual(['l1@test.local', 'l2@test.local']);
    expect(await emails('MOTIVATOR')).toEqual(['l1@test.local', 'l4@test.local']);
    expect(await emails('MENTOR')).toEqual(['l1@test.local', 'l3@test.local']);
  });

  it('scopes reach single reads and exports too', async () => {
    const all = (await t.call({ method: 'GET', url: '/admin/user/get', token: await t.tokenFor('ADMIN') })).json().data;
    const l2 = all.find((u: { email: string }) => u.email === 'l2@test.local');
    const motivator = await t.tokenFor('MOTIVATOR');
    expect(
      (await t.call({ method: 'GET', url: `/admin/user/details?user=${l2.id}`, token: motivator })).statusCode,
    ).toBe(404);
    const csv = await t.call({ method: 'GET', url: '/admin/user/download-csv', token: motivator });
    expect(csv.body).toContain('l1@test.local');
    expect(csv.body).not.toContain('l2@test.local');
    expect(
      (await t.call({ method: 'GET', url: '/admin/user/download-csv', token: await t.tokenFor('MENTOR') })).statusCode,
    ).toBe(403);
  });

  it('filters by the learner filter fields', async () => {
    const f = encodeURIComponent(JSON.stringify([{ field: 'isaStatus', operator: '=', value: 'ISA Verified' }]));
    const res = await t.call({
      method: 'GET',
      url: `/admin/user/get?filters=${f}`,
      token: await t.tokenFor('NEGOTIATOR'),
    });
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual(['l4@test.local']);
    expect(
      (await t.call({ method: 'GET', url: '/admin/user/get', token: await t.tokenFor('MARKETING') })).statusCode,
    ).toBe(403);
  });
});

const f = (filters: unknown[]) => `filters=${encodeURIComponent(JSON.stringify(filters))}`;
const DAY = 86_400_000;

describe('the learner list: the 31 filters of spec §3 at the spec’s calls', () => {
  /** The spec's labels in camelCase, written out here independently of the domain's list. */
  const SPEC_KEYS = [
    'isaStatus',
    'userStatus',
    'mobileNumberStatus',
    'proStatus',
    'proPlanId',
    'followUpStatus',
    'followUpDate',
    'ownerId',
    'motivatorId',
    'totalPoints',
    'tasksSubmittedLast3Days',
    'tasksSubmittedLast7Days',
    'tasksSubmittedLast14Days',
    'tasksSubmittedLast21Days',
    'readyForPlacements',
    'alreadyPlaced',
    'isaExpiryDate',
    'lastTaskSubmitDate',
    'planId',
    'panVerificationStatus',
    'placementPenaltyPaymentStatus',
    'registrationDate',
    'upfrontStatus',
    'userId',
    'followUpReason',
    'appointmentDate',
    'lastActivity',
    'isaPending',
    'excludeFromCrm',
    'fastTrackStatus',
    'email',
    'alumniStatus',
    'noOfWarnings',
    'onHold',
  ];
  const sample: Record<string, unknown> = {
    integer: 0,
    reference: 1,
    string: 'a',
    email: 'a',
    boolean: true,
    date: '2026-01-01',
    datetime: '2026-01-01T00:00:00.000Z',
  };

  it('takes every spec filter key and answers it', async () => {
    const admin = await t.tokenFor('ADMIN');
    const filterable = new Set(userResource.fields.filter((x) => x.filter).map((x) => x.name));
    const missing = SPEC_KEYS.filter((k) => !filterable.has(k));
    expect(missing).toEqual([]);
    for (const field of userResource.fields.filter((x) => x.filter)) {
      const value = field.type === 'enum' ? field.options?.[0]?.value : sample[field.type];
      const res = await t.call({
        method: 'GET',
        url: `/admin/user/all?${f([{ field: field.name, operator: '=', value }])}`,
        token: admin,
      });
      expect(res.statusCode, field.name).toBe(200);
    }
  });

  it('counts submissions per window from real rows, takes the fast path for "= 0" and the count for others, and keeps the last submission exact', async () => {
    const admin = await t.tokenFor('ADMIN');
    const rows = await t.db.select().from(users);
    const id = (email: string) => rows.find((u) => u.email === email)!.id;
    const now = Date.now();
    await t.db.insert(taskSubmissions).values([
      { userId: id('l1@test.local'), taskId: 1, submittedAt: new Date(now - 2 * DAY) },
      { userId: id('l1@test.local'), taskId: 2, submittedAt: new Date(now - 10 * DAY) },
      { userId: id('l2@test.local'), taskId: 1, submittedAt: new Date(now - 20 * DAY) },
    ]);
    const emailsWhere = async (filters: unknown[], url = '/admin/user/all') => {
      const res = await t.call({ method: 'GET', url: `${url}?${f(filters)}&sort=email`, token: admin });
      expect(res.statusCode).toBe(200);
      return res.json().data.map((u: { email: string }) => u.email);
    };
    expect(await emailsWhere([{ field: 'tasksSubmittedLast3Days', operator: '=', value: 0 }])).toEqual([
      'l2@test.local',
      'l3@test.local',
      'l4@test.local',
      'user@test.local',
    ]);
    expect(await emailsWhere([{ field: 'tasksSubmittedLast7Days', operator: '>', value: 0 }])).toEqual([
      'l1@test.local',
    ]);
    expect(await emailsWhere([{ field: 'tasksSubmittedLast14Days', operator: '=', value: 2 }])).toEqual([
      'l1@test.local',
    ]);
    expect(await emailsWhere([{ field: 'tasksSubmittedLast21Days', operator: '>=', value: 1 }])).toEqual([
      'l1@test.local',
      'l2@test.local',
    ]);
    const l1 = (
      await t.call({ method: 'GET', url: `/admin/user/details?user=${id('l1@test.local')}`, token: admin })
    ).json();
    expect(l1).toMatchObject({
      userId: id('l1@test.local'),
      tasksSubmittedLast3Days: 1,
      tasksSubmittedLast7Days: 1,
      tasksSubmittedLast14Days: 2,
      tasksSubmittedLast21Days: 2,
    });
    expect(new Date(l1.lastTaskSubmitDate).getTime()).toBeCloseTo(now - 2 * DAY, -3);
    expect(new Date(l1.registrationDate).toISOString()).toBe(l1.createdAt);

    // Undoing the newest submission moves "Last Task Submit Date" back, in the same transaction.
    await t.db
      .delete(taskSubmissions)
      .where(and(eq(taskSubmissions.userId, id('l1@test.local')), eq(taskSubmissions.taskId, 1)));
    const after = (
      await t.call({ method: 'GET', url: `/admin/user/details?user=${id('l1@test.local')}`, token: admin })
    ).json();
    expect(new Date(after.lastTaskSubmitDate).getTime()).toBeCloseTo(now - 10 * DAY, -3);
    expect(await emailsWhere([{ field: 'tasksSubmittedLast7Days', operator: '>', value: 0 }])).toEqual([]);

    // Sorting by a count pages every learner once.
    const sorted = await t.call({ method: 'GET', url: '/admin/user/all?sort=-tasksSubmittedLast21Days', token: admin });
    const counts = sorted.json().data.map((u: { tasksSubmittedLast21Days: number }) => u.tasksSubmittedLast21Days);
    expect(counts).toEqual([1, 1, 0, 0, 0]);
    const csv = await t.call({
      method: 'GET',
      url: '/admin/user/download-csv?sort=-tasksSubmittedLast21Days',
      token: admin,
    });
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(1 + 5);
  });

  it('counts a learner’s warnings that were not removed (No of warnings)', async () => {
    const admin = await t.tokenFor('ADMIN');
    const [l3] = await t.db.select().from(users).where(eq(users.email, 'l3@test.local'));
    await issueNotWorkingWarning(t.db, l3.id, 'Nothing submitted for 10 days');
    const second = await issueNotWorkingWarning(t.db, l3.id, 'Nothing submitted for 20 days');
    await t.db.update(notWorkingWarnings).set({ removedAt: new Date() }).where(eq(notWorkingWarnings.id, second.id));
    const res = await t.call({
      method: 'GET',
      url: `/admin/user/all?${f([{ field: 'noOfWarnings', operator: '>=', value: 1 }])}`,
      token: admin,
    });
    expect(res.json().data.map((u: { email: string; noOfWarnings: number }) => [u.email, u.noOfWarnings])).toEqual([
      ['l3@test.local', 1],
    ]);
  });

  it('places a hold (POST /admin/user/hold) within its type’s limit; a learner on hold today is "On Hold"', async () => {
    const admin = await t.tokenFor('ADMIN');
    const negotiator = await t.tokenFor('NEGOTIATOR');
    const [l2] = await t.db.select().from(users).where(eq(users.email, 'l2@test.local'));
    const type = await t.call({
      method: 'POST',
      url: '/admin/hold/add',
      token: admin,
      payload: { name: 'Medical', maxDays: 14, description: 'With a doctor’s note' },
    });
    expect(type.statusCode).toBe(201);
    expect(
      (await t.call({ method: 'POST', url: '/admin/hold/add', token: negotiator, payload: { name: 'X', maxDays: 3 } }))
        .statusCode,
    ).toBe(403);
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
    const place = (payload: object) => t.call({ method: 'POST', url: '/admin/user/hold', token: negotiator, payload });
    const tooLong = await place({
      userId: l2.id,
      holdTypeId: type.json().id,
      startDate: today,
      endDate: inDays(20),
      reason: 'Surgery',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues[0]).toMatchObject({ path: ['endDate'] });
    expect(tooLong.json().issues[0].message).toMatch(/^A Medical hold lasts at most 14 days/);
    const backwards = await place({
      userId: l2.id,
      holdTypeId: type.json().id,
      startDate: today,
      endDate: inDays(-2),
      reason: 'x',
    });
    expect(backwards.json().issues).toEqual([{ path: ['endDate'], message: 'Until must be on or after From' }]);
    const held = await place({
      userId: l2.id,
      holdTypeId: type.json().id,
      startDate: today,
      endDate: inDays(10),
      reason: 'Surgery',
    });
    expect(held.statusCode).toBe(201);
    // A second hold over any of the same days is refused, naming the first; nothing is written.
    const overlapping = await place({
      userId: l2.id,
      holdTypeId: type.json().id,
      startDate: inDays(10),
      endDate: inDays(12),
      reason: 'Exams',
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().issues).toEqual([
      {
        path: ['startDate'],
        message: expect.stringMatching(/^The learner is already on hold from \d+\w\w \w{3} \d{4} to /),
      },
    ]);
    expect(await t.db.select().from(learnerHolds).where(eq(learnerHolds.userId, l2.id))).toHaveLength(1);
    expect(held.json()).toMatchObject({
      holdTypeLabel: 'Medical',
      placedByName: 'Test Negotiator',
      userLabel: 'Learner Two',
    });
    const onHold = await t.call({
      method: 'GET',
      url: `/admin/user/all?${f([{ field: 'onHold', operator: '=', value: true }])}`,
      token: admin,
    });
    expect(onHold.json().data.map((u: { email: string; onHold: boolean }) => [u.email, u.onHold])).toEqual([
      ['l2@test.local', true],
    ]);
    // Ending it early takes them off hold; an end before the start is refused, not a server error.
    const hold = held.json();
    const early = await t.call({
      method: 'PUT',
      url: `/admin/user/hold/update/${hold.id}`,
      token: negotiator,
      payload: { endDate: inDays(-1), version: hold.version },
    });
    expect(early.statusCode).toBe(400);
    const ended = await t.call({
      method: 'PUT',
      url: `/admin/user/hold/update/${hold.id}`,
      token: negotiator,
      payload: { endDate: today, version: hold.version },
    });
    expect(ended.statusCode).toBe(200);
    // Two holds placed at once over the same days: one is placed, the other refused.
    const [l3] = await t.db.select().from(users).where(eq(users.email, 'l3@test.local'));
    const race = await Promise.all(
      ['Family event', 'Relocation'].map((reason) =>
        place({ userId: l3.id, holdTypeId: type.json().id, startDate: today, endDate: inDays(5), reason }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await t.db.select().from(learnerHolds).where(eq(learnerHolds.userId, l3.id))).toHaveLength(1);
  });

  it('placed, batch/?batch= and details?user= are the same list and record, within row scopes', async () => {
    const rows = await t.db.select().from(users);
    const learner = (email: string) => rows.find((u) => u.email === email)!;
    await t.db.update(users).set({ alreadyPlaced: true }).where(eq(users.email, 'l3@test.local'));
    await t.db.update(users).set({ isaStatus: 'ISA Submitted' }).where(eq(users.email, 'l2@test.local'));
    const admin = await t.tokenFor('ADMIN');
    const motivator = await t.tokenFor('MOTIVATOR');
    const list = async (url: string, token = admin) => {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(200);
      return res
        .json()
        .data.map((u: { email: string }) => u.email)
        .sort();
    };
    expect(await list('/admin/user/placed')).toEqual(['l3@test.local']);
    const batchA = learner('l1@test.local').batchId;
    expect(await list(`/admin/user/batch/?batch=${batchA}`)).toEqual(['l1@test.local', 'l3@test.local']);
    expect(await list(`/admin/user/batch/?batch=${batchA}`, motivator)).toEqual(['l1@test.local']);
    expect(await list(`/admin/user/all?${f([{ field: 'isaPending', operator: '=', value: true }])}`)).toEqual([
      'l2@test.local',
    ]);
    expect(
      await list(`/admin/user/all?${f([{ field: 'userId', operator: '=', value: learner('l4@test.local').id }])}`),
    ).toEqual(['l4@test.local']);

    const bad = await t.call({ method: 'GET', url: '/admin/user/batch/?batch=abc', token: admin });
    expect(bad.statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/admin/user/details', token: admin })).statusCode).toBe(400);
    const staffId = rows.find((u) => u.roleId !== 2)!.id;
    expect((await t.call({ method: 'GET', url: `/admin/user/details?user=${staffId}`, token: admin })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/admin/user/details?user=${learner('l2@test.local').id}`,
          token: motivator,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: '/admin/user/placed', token: await t.tokenFor('MARKETING') })).statusCode,
    ).toBe(403);
  });
});

describe('the learner page’s actions: declared calls that set a few fields, versioned and audited', () => {
  const learner = async (email: string) => {
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    return u;
  };

  it('changes the status with the version, audits it under its name; stale, wrong role and out of scope are refused', async () => {
    const l1 = await learner('l1@test.local');
    const motivator = await t.tokenFor('MOTIVATOR');
    const call = (token: string, payload: object) =>
      t.call({ method: 'POST', url: '/admin/user/status/update', token, payload });
    const ok = await call(motivator, { userId: l1.id, userStatus: 'Inactive', version: l1.version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ userStatus: 'Inactive', version: l1.version + 1 });
    const [entry] = (await t.db.select().from(auditLog)).filter((a) => a.action === 'changeStatus');
    expect(entry).toMatchObject({ entity: 'user', entityId: String(l1.id) });
    expect((entry.before as { userStatus: string }).userStatus).toBe('Active');

    const stale = await call(motivator, { userId: l1.id, userStatus: 'Active', version: l1.version });
    expect(stale.statusCode).toBe(409);
    const bad = await call(motivator, { userId: l1.id, userStatus: 'Sleeping', version: l1.version + 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: ['userStatus'], message: 'Choose a status' }]);
    expect(
      (await call(await t.tokenFor('MENTOR'), { userId: l1.id, userStatus: 'Active', version: 2 })).statusCode,
    ).toBe(403);
    const l2 = await learner('l2@test.local');
    expect((await call(motivator, { userId: l2.id, userStatus: 'Inactive', version: l2.version })).statusCode).toBe(
      404,
    );
    expect((await learner('l2@test.local')).userStatus).toBe('Active');
  });

  it('rejecting sets Inactive with the reason; PUT pan/verification and update/alumni/eligibility; dates have bounds', async () => {
    const l4 = await learner('l4@test.local');
    const negotiator = await t.tokenFor('NEGOTIATOR');
    const rejected = await t.call({
      method: 'POST',
      url: '/admin/user/reject',
      token: negotiator,
      payload: { userId: l4.id, rejectionReason: 'Duplicate account', version: l4.version },
    });
    expect(rejected.json()).toMatchObject({ userStatus: 'Inactive', rejectionReason: 'Duplicate account' });
    const pan = await t.call({
      method: 'PUT',
      url: '/admin/user/pan/verification',
      token: negotiator,
      payload: { userId: l4.id, panVerificationStatus: 'Applied', version: l4.version + 1 },
    });
    // The PAN moves along its flow (decision 018): Not Verified -> Applied.
    expect(pan.json().panVerificationStatus).toBe('Applied');
    // A motivator works follow-ups, not placements.
    const alumni = await t.call({
      method: 'PUT',
      url: '/admin/user/update/alumni/eligibility',
      token: await t.tokenFor('MOTIVATOR'),
      payload: { userId: l4.id, alumniStatus: 'Payment Pending', version: l4.version + 2 },
    });
    expect(alumni.statusCode).toBe(403);
    const hr = await t.tokenFor('HR');
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/admin/user/update/alumni/eligibility',
          token: hr,
          payload: { userId: l4.id, alumniStatus: 'Payment Pending', version: l4.version + 2 },
        })
      ).json().alumniStatus,
    ).toBe('Payment Pending');
    const far = await t.call({
      method: 'POST',
      url: '/admin/user/update',
      token: negotiator,
      payload: { userId: l4.id, followUpDate: '9999-01-01', version: l4.version + 3 },
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().issues[0]).toMatchObject({ path: ['followUpDate'] });
    expect(far.json().issues[0].message).toMatch(/^Follow Up Date must be between 1st Jan 2015 and /);
  });

  it('edits a learner name only with visible characters, in no hidden direction (issue 16, finding 7)', async () => {
    const l1 = await learner('l1@test.local');
    const motivator = await t.tokenFor('MOTIVATOR');
    const call = (payload: object) =>
      t.call({ method: 'POST', url: '/admin/user/user-details/update', token: motivator, payload });
    const spoofed = await call({ userId: l1.id, version: l1.version, name: 'Admin\u202Egpj.exe' });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json().issues).toEqual([
      { path: ['name'], message: 'Name cannot contain hidden direction characters' },
    ]);
    const invisible = await call({ userId: l1.id, version: l1.version, name: '\u200B\u200C' });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().issues).toEqual([{ path: ['name'], message: 'Enter a name with visible characters' }]);
    expect((await learner('l1@test.local')).name).toBe(l1.name);
    const ok = await call({ userId: l1.id, version: l1.version, name: 'Rene\u0301e' });
    expect(ok.statusCode).toBe(200);
    expect((await learner('l1@test.local')).name).toBe('Ren\u00e9e');
  });

  it('adds points to the total as it is: two at once both count, and the total never goes below zero', async () => {
    const l1 = await learner('l1@test.local');
    const mentor = await t.tokenFor('MENTOR');
    const add = (points: number) =>
      t.call({ method: 'POST', url: '/admin/user/points/add', token: mentor, payload: { userId: l1.id, points } });
    const [a, b] = await Promise.all([add(30), add(12)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await learner('l1@test.local')).totalPoints).toBe(l1.totalPoints + 42);
    const below = await add(-(l1.totalPoints + 43));
    expect(below.statusCode).toBe(400);
    expect(below.json().issues[0].path).toEqual(['points']);
    expect((await add(0)).json().issues[0].message).toBe('Enter a number of points other than 0');
    expect((await learner('l1@test.local')).totalPoints).toBe(l1.totalPoints + 42);
  });

  it('assigns a batch that exists (409 for one that does not, nothing written)', async () => {
    const l3 = await learner('l3@test.local');
    const sp = await t.tokenFor('STRATEGIC_PARTNERSHIP');
    const missing = await t.call({
      method: 'POST',
      url: '/admin/user/assign-batch',
      token: sp,
      payload: { userId: l3.id, batchId: 999_999, version: l3.version },
    });
    expect(missing.statusCode).toBe(409);
    expect((await learner('l3@test.local')).batchId).toBe(l3.batchId);
  });
});

describe('a learner names the records it refers to (decision 038)', () => {
  it('answers the motivator, college and batch by name beside their ids, in the record and the list', async () => {
    const token = await t.tokenFor('ADMIN');
    const [one] = await t.db.select().from(users).where(eq(users.email, 'l1@test.local'));
    const res = await t.call({ method: 'GET', url: `/admin/user/details?user=${one.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      motivatorId: await t.userId('MOTIVATOR'),
      motivatorLabel: 'Test Motivator',
      collegeId: one.collegeId,
      collegeLabel: 'College A',
      batchId: one.batchId,
      batchLabel: 'Batch A',
      ownerId: null,
      ownerLabel: null,
    });
    const list = await t.call({
      method: 'GET',
      url: `/admin/user/get?columns=name,motivatorId,collegeId&${f([{ field: 'userId', operator: '=', value: one.id }])}`,
      token,
    });
    expect(list.json().data[0]).toMatchObject({ motivatorLabel: 'Test Motivator', collegeLabel: 'College A' });
  });
});
