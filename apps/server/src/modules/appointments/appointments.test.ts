import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Appointments and a learner's ratings over HTTP (decision 022). test/fixtures.ts: the MOTIVATOR
 * has Learner One and Four, the MENTOR mentors Batch A (One and Three), College A holds One and Two.
 */
let t: TestApp;
let admin: string;
let hr: string;
let mentor: string;
let motivator: string;
let marketing: string;
let mentorId: number;
const L: Record<number, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  [admin, hr, mentor, motivator, marketing] = await Promise.all(
    (['ADMIN', 'HR', 'MENTOR', 'MOTIVATOR', 'MARKETING'] as const).map((r) => t.tokenFor(r)),
  );
  mentorId = await t.userId('MENTOR');
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
const appointmentDate = async (id: number) =>
  (await t.db.select({ at: users.appointmentDate }).from(users).where(eq(users.id, id)))[0].at;
const book = (token: string, userId: number, scheduledAt: string, interviewType = 'Mentor Mock') =>
  call('POST', '/admin/mentor/appointment/add', token, { userId, mentorId, interviewType, scheduledAt });
const RATINGS = {
  OverallRating: 8,
  Communication: 4,
  Coding: 5,
  Explanation: 3,
  Punctuality: 5,
  TechnicalKnowledge: 4,
};
const past = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('appointments', () => {
  it('a motivator books one; the learner\'s "Appointment Date" is their next scheduled one', async () => {
    const later = await book(motivator, L[1], future(10));
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ userId: L[1], mentorId, mentorLabel: 'Test Mentor', status: 'Scheduled' });
    const sooner = await book(motivator, L[1], future(3), 'Project Demo');
    expect(sooner.statusCode).toBe(201);
    expect((await appointmentDate(L[1]))?.toISOString()).toBe(sooner.json().scheduledAt);

    const cancel = await call('PUT', '/admin/mentor/appointment/update', motivator, {
      id: sooner.json().id,
      version: sooner.json().version,
      status: 'Cancelled',
    });
    expect(cancel.statusCode).toBe(200);
    expect((await appointmentDate(L[1]))?.toISOString()).toBe(later.json().scheduledAt);
    const del = await call('DELETE', '/admin/mentor/appointment/delete', admin, { id: later.json().id });
    expect(del.statusCode).toBe(200);
    expect(await appointmentDate(L[1])).toBeNull();
    const trail = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectUserId, L[1]));
    expect(trail.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'appointmentSync', 'delete']));
  });

  it("refuses a staff member as mentor, an unknown interview type, and learners outside the booker's scope", async () => {
    const notMentor = await call('POST', '/admin/mentor/appointment/add', admin, {
      userId: L[1],
      mentorId: await t.userId('HR'),
      interviewType: 'Mentor Mock',
      scheduledAt: future(2),
    });
    expect(notMentor.statusCode).toBe(400);
    expect(notMentor.json().issues).toEqual([{ path: ['mentorId'], message: 'Choose an active mentor' }]);
    const badType = await book(admin, L[1], future(2), 'Coffee');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().issues[0]).toMatchObject({ path: ['interviewType'], message: 'Choose an interview type' });
    expect((await book(motivator, L[2], future(2))).statusCode).toBe(400);
    expect((await book(marketing, L[1], future(2))).statusCode).toBe(403);
    // Only the cancelled one of the test before is there: nothing of these was kept.
    expect(await t.db.select().from(appointments)).toHaveLength(1);
  });
});

describe('rating, and GET /admin/user/appointment/ratings/all?userId=', () => {
  let held: { id: number; version: number };
  it('refuses ratings above their maxima with a message on each field, and nothing changes', async () => {
    held = (await book(motivator, L[1], past(1))).json();
    const res = await call('POST', '/admin/mentor/appointment/rate', mentor, {
      id: held.id,
      version: held.version,
      ...RATINGS,
      OverallRating: 11,
      Coding: 6,
      Punctuality: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: ['OverallRating'], message: 'Overall is at most 10' },
        { path: ['Coding'], message: 'Coding is at most 5' },
        { path: ['Punctuality'], message: 'Punctuality is at least 0' },
      ]),
    );
    const missing = await call('POST', '/admin/mentor/appointment/rate', mentor, {
      id: held.id,
      version: held.version,
      OverallRating: 7,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues.map((i: { path: string[] }) => i.path[0])).toEqual(
      expect.arrayContaining(['Communication', 'Coding', 'Explanation', 'Punctuality', 'TechnicalKnowledge']),
    );
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, held.id));
    expect(row).toMatchObject({ OverallRating: null, status: 'Scheduled', version: 1 });
  });

  it('a mentor rates a held appointment: Completed, rater recorded; a motivator may not rate; one ahead is a 409', async () => {
    expect(
      (await call('POST', '/admin/mentor/appointment/rate', motivator, { id: held.id, version: 1, ...RATINGS }))
        .statusCode,
    ).toBe(403);
    const res = await call('POST', '/admin/mentor/appointment/rate', mentor, {
      id: held.id,
      version: held.version,
      ...RATINGS,
      feedback: 'Clear on closures; work on SQL joins',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...RATINGS, status: 'Completed', rated: true, ratedByName: 'Test Mentor' });
    const ahead = (await book(motivator, L[1], future(5))).json();
    const early = await call('POST', '/admin/mentor/appointment/rate', mentor, {
      id: ahead.id,
      version: ahead.version,
      ...RATINGS,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This appointment has not happened yet: rate it once it has');
  });

  it('a rated appointment cannot be edited back to Scheduled, nor Completed without a rating (the flow, decision 032)', async () => {
    const [rated] = await t.db.select().from(appointments).where(eq(appointments.id, held.id));
    const back = await call('PUT', '/admin/mentor/appointment/update', admin, {
      id: held.id,
      version: rated.version,
      status: 'Scheduled',
    });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'CONFLICT', state: 'Completed', allowed: [] });
    const ahead = (await book(motivator, L[1], future(6))).json();
    const unrated = await call('PUT', '/admin/mentor/appointment/update', admin, {
      id: ahead.id,
      version: ahead.version,
      status: 'Completed',
    });
    expect(unrated.statusCode).toBe(409);
    expect(unrated.json().message).toMatch(/without ratedAt/);
    const [after] = await t.db.select().from(appointments).where(eq(appointments.id, held.id));
    expect(after).toMatchObject({ status: 'Completed', version: rated.version });
  });

  it("lists a learner's rated appointments with the mentor, the interview type and the spec's keys", async () => {
    const res = await call('GET', `/admin/user/appointment/ratings/all?userId=${L[1]}`, hr);
    expect(res.statusCode).toBe(200);
    expect(res.json().totalItems).toBe(1);
    expect(res.json().data[0]).toMatchObject({
      id: held.id,
      userId: L[1],
      mentorId,
      mentorLabel: 'Test Mentor',
      interviewType: 'Mentor Mock',
      ...RATINGS,
      feedback: 'Clear on closures; work on SQL joins',
    });
  });

  it('holds row scopes and roles on the ratings list', async () => {
    // Learner Three's appointment: in the mentor's batch, not the motivator's learner.
    const [three] = await t.db
      .insert(appointments)
      .values({
        userId: L[3],
        mentorId,
        interviewType: 'Project Demo',
        scheduledAt: new Date(past(2)),
        status: 'Completed',
        ...RATINGS,
        ratedAt: new Date(),
        ratedByName: 'Test Mentor',
      })
      .returning();
    const asMotivator = await call('GET', `/admin/user/appointment/ratings/all?userId=${L[3]}`, motivator);
    expect(asMotivator.statusCode).toBe(200);
    expect(asMotivator.json()).toEqual({ data: [], totalItems: 0 });
    const asMentor = await call('GET', `/admin/user/appointment/ratings/all?userId=${L[3]}`, mentor);
    expect(asMentor.json().data.map((a: { id: number }) => a.id)).toEqual([three.id]);
    expect((await call('GET', `/admin/user/appointment/ratings/all?userId=${L[1]}`, marketing)).statusCode).toBe(403);
    expect((await call('GET', '/admin/user/appointment/ratings/all?userId=x', hr)).statusCode).toBe(400);
    // Rating an appointment outside the mentor's batches: 404.
    const [four] = await t.db
      .insert(appointments)
      .values({ userId: L[4], mentorId, interviewType: 'Mentor Mock', scheduledAt: new Date(past(1)) })
      .returning();
    const outside = await call('POST', '/admin/mentor/appointment/rate', mentor, {
      id: four.id,
      version: 1,
      ...RATINGS,
    });
    expect(outside.statusCode).toBe(404);
  });
});
