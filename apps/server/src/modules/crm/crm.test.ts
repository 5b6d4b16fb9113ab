import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, callHistory, leads, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The CRM over HTTP (decision 022): crm/add, getLeadSummary, leads/get and edit, call history.
 * test/fixtures.ts: the MOTIVATOR has Learner One and Four, the MENTOR mentors Batch A (One and
 * Three), College A holds One and Two.
 */
let t: TestApp;
let admin: string;
let hr: string;
let mentor: string;
let motivator: string;
let marketing: string;
let collegeAdmin: string;
const L: Record<number, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  [admin, hr, mentor, motivator, marketing, collegeAdmin] = await Promise.all(
    (['ADMIN', 'HR', 'MENTOR', 'MOTIVATOR', 'MARKETING', 'COLLEGE_ADMIN'] as const).map((r) => t.tokenFor(r)),
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
const learner = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const leadOf = async (id: number) => (await t.db.select().from(leads).where(eq(leads.userId, id)))[0];
const summary = (id: number, token = motivator) => call('GET', `/admin/user/crm/getLeadSummary?userId=${id}`, token);

describe('POST /admin/user/crm/add', () => {
  it('puts a learner into the CRM: owner their motivator, the learner columns follow, audited on the learner', async () => {
    const res = await call('POST', '/admin/user/crm/add', motivator, {
      userId: L[1],
      followUpDate: '2026-12-01',
      followUpReason: 'Pro plan interest',
      note: 'Asked about EMI',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: L[1],
      userLabel: 'Learner One',
      ownerId: await t.userId('MOTIVATOR'),
      ownerLabel: 'Test Motivator',
      status: 'Follow up',
      followUpDate: '2026-12-01',
      followUpReason: 'Pro plan interest',
      source: 2,
      callCount: 0,
      lastCallAt: null,
      addedByName: 'Test Motivator',
    });
    expect(await learner(L[1])).toMatchObject({
      followUpStatus: 'Follow up',
      followUpDate: '2026-12-01',
      followUpReason: 'Pro plan interest',
    });
    const trail = await t.db
      .select({ action: auditLog.action, entity: auditLog.entity, subject: auditLog.subjectUserId })
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, L[1]));
    expect(trail).toEqual(
      expect.arrayContaining([
        { action: 'create', entity: 'lead', subject: L[1] },
        { action: 'crmSync', entity: 'user', subject: L[1] },
      ]),
    );
    // The learner list's filters read the mirrored columns.
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'followUpStatus', operator: '=', value: 'Follow up' }]),
    );
    const list = await call('GET', `/admin/user/all?filters=${filters}`, admin);
    expect(list.json().data.map((u: { id: number }) => u.id)).toContain(L[1]);
  });

  it('refuses a learner already being worked (409 naming owner and date), and one marked Exclude from CRM', async () => {
    const again = await call('POST', '/admin/user/crm/add', admin, {
      userId: L[1],
      followUpDate: '2026-12-05',
      followUpReason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      "Learner One is already in the CRM (follow up, owned by Test Motivator, follow up on 2026-12-01). Change the lead's follow-up instead.",
    );
    await t.db.update(users).set({ excludeFromCrm: true }).where(eq(users.id, L[4]));
    const excluded = await call('POST', '/admin/user/crm/add', motivator, {
      userId: L[4],
      followUpDate: '2026-12-05',
      followUpReason: 'Renewal',
    });
    expect(excluded.statusCode).toBe(409);
    expect(excluded.json().message).toContain('is marked "Exclude from CRM"');
    expect(await leadOf(L[4])).toBeUndefined();
    await t.db.update(users).set({ excludeFromCrm: false }).where(eq(users.id, L[4]));
  });

  it('answers 400 with field-level reasons for bad input, writing nothing', async () => {
    const res = await call('POST', '/admin/user/crm/add', motivator, {
      userId: L[4],
      followUpDate: '01/12/2026',
      followUpReason: ' ',
      colour: 'red',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().issues.map((i: { path: string[] }) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['followUpDate', 'followUpReason']));
    const owner = await call('POST', '/admin/user/crm/add', motivator, {
      userId: L[4],
      followUpDate: '2026-12-01',
      followUpReason: 'Renewal',
      ownerId: L[1],
    });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().issues).toEqual([{ path: ['ownerId'], message: 'Choose an active staff member as owner' }]);
    expect(await leadOf(L[4])).toBeUndefined();
  });

  it('holds roles and row scopes: HR and MENTOR may not; a motivator only their learners (404 otherwise)', async () => {
    const body = { userId: L[2], followUpDate: '2026-12-01', followUpReason: 'Renewal' };
    expect((await call('POST', '/admin/user/crm/add', hr, body)).statusCode).toBe(403);
    expect((await call('POST', '/admin/user/crm/add', mentor, body)).statusCode).toBe(403);
    const outside = await call('POST', '/admin/user/crm/add', motivator, body);
    expect(outside.statusCode).toBe(404);
    expect(await leadOf(L[2])).toBeUndefined();
    const staff = await call('POST', '/admin/user/crm/add', admin, {
      ...body,
      userId: await t.userId('HR'),
    });
    expect(staff.statusCode).toBe(404);
  });

  it('two adds of one learner at the same moment: one lead, the other a 409', async () => {
    const body = { userId: L[4], followUpDate: '2026-12-02', followUpReason: 'Race' };
    const answers = await Promise.all([
      call('POST', '/admin/user/crm/add', motivator, body),
      call('POST', '/admin/user/crm/add', admin, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(leads).where(eq(leads.userId, L[4]))).toHaveLength(1);
  });
});

describe('leads: edit, reopen, and the learner follow-up both ways', () => {
  it('a rejected lead says why (400 otherwise); the learner follows; crm/add reopens it (200) and clears the reason', async () => {
    const lead = await leadOf(L[1]);
    const noReason = await call('PUT', '/admin/leads/edit', motivator, {
      id: lead.id,
      version: lead.version,
      status: 'Rejected',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([{ path: ['rejectionReason'], message: 'Say why this lead is rejected' }]);
    const rejected = await call('PUT', '/admin/leads/edit', motivator, {
      id: lead.id,
      version: lead.version,
      status: 'Rejected',
      rejectionReason: 'Will Join Later',
      rejectionSubReason: 'After exams in March',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await learner(L[1])).followUpStatus).toBe('Rejected');
    const stale = await call('PUT', '/admin/leads/edit', motivator, { id: lead.id, version: lead.version, note: 'x' });
    expect(stale.statusCode).toBe(409);

    const reopen = await call('POST', '/admin/user/crm/add', motivator, {
      userId: L[1],
      followUpDate: '2027-03-20',
      followUpReason: 'Exams over',
    });
    expect(reopen.statusCode).toBe(200);
    expect(reopen.json()).toMatchObject({
      id: lead.id,
      status: 'Follow up',
      rejectionReason: null,
      rejectionSubReason: null,
      followUpDate: '2027-03-20',
      note: 'Asked about EMI',
    });
    expect(await learner(L[1])).toMatchObject({ followUpStatus: 'Follow up', followUpDate: '2027-03-20' });
  });

  it("the learner page's Follow-up action moves their lead too", async () => {
    const before = await learner(L[1]);
    const res = await call('POST', '/admin/user/update', motivator, {
      userId: L[1],
      version: before.version,
      followUpStatus: 'Done',
      followUpDate: null,
      followUpReason: 'Bought Pro',
    });
    expect(res.statusCode).toBe(200);
    expect(await leadOf(L[1])).toMatchObject({ status: 'Done', followUpDate: null, followUpReason: 'Bought Pro' });
    const sync = await t.db
      .select({ action: auditLog.action, subject: auditLog.subjectUserId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lead'), eq(auditLog.action, 'followUpSync')));
    expect(sync).toEqual([{ action: 'followUpSync', subject: L[1] }]);
  });

  it('leads/get lists within the scope: the motivator their learners, the college admin their college', async () => {
    const mine = await call('GET', '/admin/leads/get', motivator);
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .data.map((l: { userId: number }) => l.userId)
        .sort(),
    ).toEqual([L[1], L[4]].sort());
    const college = await call('GET', '/admin/leads/get', collegeAdmin);
    expect(college.statusCode).toBe(403);
    const all = await call('GET', '/admin/leads/get', marketing);
    expect(all.json().totalItems).toBe(2);
  });
});

describe('call history and the lead summary', () => {
  it('logs calls (caller from the session), moves a first connected call to In Progress, and sums them up', async () => {
    const lead = await leadOf(L[4]);
    const missed = await call('POST', '/admin/call/history/add', motivator, {
      leadId: lead.id,
      outcome: 'Not answered',
      calledAt: '2026-11-20T10:00:00.000Z',
    });
    expect(missed.statusCode).toBe(201);
    expect(missed.json()).toMatchObject({ leadId: lead.id, userId: L[4], calledByName: 'Test Motivator' });
    expect((await leadOf(L[4])).status).toBe('Follow up');
    const talked = await call('POST', '/admin/call/history/add', motivator, {
      leadId: lead.id,
      outcome: 'Connected',
      durationMinutes: 12,
      notes: 'Wants a callback after payday',
    });
    expect(talked.statusCode).toBe(201);
    expect((await leadOf(L[4])).status).toBe('In Progress');
    expect((await learner(L[4])).followUpStatus).toBe('In Progress');

    const s = await summary(L[4]);
    expect(s.statusCode).toBe(200);
    expect(s.json()).toMatchObject({
      userId: L[4],
      excludeFromCrm: false,
      lead: { id: lead.id, status: 'In Progress', ownerName: 'Test Motivator', followUpReason: 'Race' },
      counts: { calls: 2, connected: 1 },
    });
    expect(s.json().recentCalls.map((c: { outcome: string }) => c.outcome)).toEqual(['Connected', 'Not answered']);

    const list = await call('GET', `/admin/call/history/all?userId=${L[4]}`, motivator);
    expect(list.json().totalItems).toBe(2);
    const leadsList = await call('GET', '/admin/leads/get', motivator);
    expect(leadsList.json().data.find((l: { id: number }) => l.id === lead.id)).toMatchObject({ callCount: 2 });
  });

  it('refuses bad calls with field reasons, other roles, and leads outside the scope', async () => {
    const lead = await leadOf(L[4]);
    const bad = await call('POST', '/admin/call/history/add', motivator, {
      leadId: lead.id,
      outcome: 'Voicemail',
      durationMinutes: 900,
      calledAt: '2999-01-01T00:00:00.000Z',
    });
    expect(bad.statusCode).toBe(400);
    expect([...new Set(bad.json().issues.map((i: { path: string[] }) => i.path[0]))].sort()).toEqual(
      ['calledAt', 'durationMinutes', 'outcome'].sort(),
    );
    expect((await call('POST', '/admin/call/history/add', hr, { leadId: lead.id, outcome: 'Busy' })).statusCode).toBe(
      403,
    );
    // A lead of a learner who is not the motivator's: 404.
    const [other] = await t.db
      .insert(leads)
      .values({ userId: L[2], status: 'Follow up', addedByName: 'Seed' })
      .returning();
    const outside = await call('POST', '/admin/call/history/add', motivator, { leadId: other.id, outcome: 'Busy' });
    expect(outside.statusCode).toBe(404);
    expect(await t.db.select().from(callHistory).where(eq(callHistory.leadId, other.id))).toEqual([]);
  });

  it('summary: null lead when not in the CRM, 404 outside the scope, 400 without a learner, 403 for other roles', async () => {
    const none = await summary(L[3], admin);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({
      lead: null,
      counts: { calls: 0, connected: 0, last30Days: 0 },
      recentCalls: [],
    });
    expect((await summary(L[2])).statusCode).toBe(404);
    expect((await call('GET', '/admin/user/crm/getLeadSummary', motivator)).statusCode).toBe(400);
    expect((await call('GET', '/admin/user/crm/getLeadSummary?userId=abc', motivator)).statusCode).toBe(400);
    expect((await summary(L[1], hr)).statusCode).toBe(403);
    expect((await summary(L[1], mentor)).statusCode).toBe(403);
  });
});
