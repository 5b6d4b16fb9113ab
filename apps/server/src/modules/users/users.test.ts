import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { roleByKey } from '@cohort/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, taskSubmissions, users } from '../../db/schema';
import { multipart } from '../../test/multipart';
import { createResponseValidator } from '../../test/openapi-validator';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const SECRET = 'a-chat-secret-of-at-least-32-characters!';
beforeAll(async () => {
  t = await createTestApp({ CHAT_TOKEN_SECRET: SECRET, CHAT_TOKEN_MINUTES: 30 });
});
afterAll(() => t.close());

const learners = async () =>
  t.db
    .select()
    .from(users)
    .where(eq(users.roleId, roleByKey('USER')!.id));
const byEmail = async (email: string) => (await learners()).find((u) => u.email === email)!;
const DAY = 86_400_000;

describe('GET /admin/user/progress-report', () => {
  it('counts submissions week by week, empty weeks as 0, within the row scope', async () => {
    const l1 = await byEmail('l1@test.local');
    const now = Date.now();
    await t.db.insert(taskSubmissions).values([
      { userId: l1.id, taskId: 1, submittedAt: new Date(now - 1000), status: 'Reviewed' },
      { userId: l1.id, taskId: 2, submittedAt: new Date(now - 2000) },
      { userId: l1.id, taskId: 3, submittedAt: new Date(now - 15 * DAY) },
      { userId: l1.id, taskId: 4, submittedAt: new Date(now - 400 * DAY) },
    ]);
    const admin = await t.tokenFor('ADMIN');
    const res = await t.call({
      method: 'GET',
      url: `/admin/user/progress-report?userId=${l1.id}&weeks=4`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.weeks).toHaveLength(4);
    expect(report.weeks[3]).toMatchObject({ submitted: 2, reviewed: 1 });
    expect(report.weeks.reduce((n: number, w: { submitted: number }) => n + w.submitted, 0)).toBe(3);
    expect(new Date(report.weeks[3].week).getUTCDay()).toBe(1); // weeks start on Monday
    expect(report.totalSubmitted).toBe(4);
    expect(new Date(report.lastTaskSubmitDate).getTime()).toBeCloseTo(now - 1000, -3);
    expect(
      (await t.call({ method: 'GET', url: `/admin/user/progress-report?userId=${l1.id}`, token: admin })).json().weeks,
    ).toHaveLength(12);

    const l2 = await byEmail('l2@test.local');
    const motivator = await t.tokenFor('MOTIVATOR');
    expect(
      (await t.call({ method: 'GET', url: `/admin/user/progress-report?userId=${l2.id}`, token: motivator }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/admin/user/progress-report?userId=${l1.id}&weeks=99`, token: admin }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/admin/user/progress-report?userId=${l1.id}`,
          token: await t.tokenFor('MARKETING'),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('owner/add-multiple and motivator/add-multiple', () => {
  it('assigns the chosen learners in one transaction, audits each change, and leaves those who already have them', async () => {
    const admin = await t.tokenFor('ADMIN');
    const motivatorId = await t.userId('MOTIVATOR');
    const [l1, l2, l3] = await Promise.all(['l1@test.local', 'l2@test.local', 'l3@test.local'].map(byEmail));
    const res = await t.call({
      method: 'POST',
      url: '/admin/user/motivator/add-multiple',
      token: admin,
      payload: { motivatorId, userIds: [l1.id, l2.id, l3.id] },
    });
    expect(res.statusCode).toBe(200);
    // l1 already had this motivator.
    expect(res.json()).toEqual({ updated: 2, unchanged: 1 });
    expect((await byEmail('l2@test.local')).motivatorId).toBe(motivatorId);
    expect((await byEmail('l2@test.local')).version).toBe(l2.version + 1);
    const entries = (await t.db.select().from(auditLog)).filter((a) => a.action === 'assignMotivator');
    expect(entries.map((e) => e.entityId).sort()).toEqual([String(l2.id), String(l3.id)].sort());
  });

  it('takes every learner the filters match, and refuses a staff member of the wrong role, a learner that does not exist, and other roles', async () => {
    const admin = await t.tokenFor('ADMIN');
    const hrId = await t.userId('HR');
    const filters = JSON.stringify([
      { field: 'email', operator: 'like', value: 'l' },
      { field: 'email', operator: '!=', value: 'user@test.local' },
    ]);
    const res = await t.call({
      method: 'POST',
      url: '/admin/user/owner/add-multiple',
      token: admin,
      payload: { ownerId: hrId, filters },
    });
    expect(res.json()).toEqual({ updated: 4, unchanged: 0 });
    expect(
      (await learners())
        .filter((u) => u.ownerId === hrId)
        .map((u) => u.email)
        .sort(),
    ).toEqual(['l1@test.local', 'l2@test.local', 'l3@test.local', 'l4@test.local']);

    const wrongRole = await t.call({
      method: 'POST',
      url: '/admin/user/motivator/add-multiple',
      token: admin,
      payload: { motivatorId: hrId, userIds: [(await byEmail('l1@test.local')).id] },
    });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().issues).toEqual([{ path: ['motivatorId'], message: 'Choose an active motivator' }]);

    const l1 = await byEmail('l1@test.local');
    const missing = await t.call({
      method: 'POST',
      url: '/admin/user/owner/add-multiple',
      token: admin,
      payload: { ownerId: hrId, userIds: [l1.id, 999_999] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0]).toMatchObject({ path: ['userIds'] });
    const neither = await t.call({
      method: 'POST',
      url: '/admin/user/owner/add-multiple',
      token: admin,
      payload: { ownerId: hrId },
    });
    expect(neither.statusCode).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/user/owner/add-multiple',
          token: await t.tokenFor('MOTIVATOR'),
          payload: { ownerId: hrId, userIds: [l1.id] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('status/update-multiple', () => {
  it('sets the status of a motivator’s own learners matching the filters, and refuses a chosen learner of someone else', async () => {
    const motivator = await t.tokenFor('MOTIVATOR');
    const motivatorId = await t.userId('MOTIVATOR');
    const l2 = await byEmail('l2@test.local');
    await t.db.update(users).set({ motivatorId: null }).where(eq(users.id, l2.id));
    const mine = (await learners()).filter((u) => u.motivatorId === motivatorId);
    const res = await t.call({
      method: 'POST',
      url: '/admin/user/status/update-multiple',
      token: motivator,
      payload: { userStatus: 'Inactive', filters: '[]' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated + res.json().unchanged).toBe(mine.length);
    expect((await byEmail('l2@test.local')).userStatus).toBe('Active');
    const other = await t.call({
      method: 'POST',
      url: '/admin/user/status/update-multiple',
      token: motivator,
      payload: { userStatus: 'Active', userIds: [l2.id] },
    });
    expect(other.statusCode).toBe(400);
    const bad = await t.call({
      method: 'POST',
      url: '/admin/user/status/update-multiple',
      token: motivator,
      payload: { userStatus: 'Gone', filters: '[]' },
    });
    expect(bad.json().issues).toEqual([{ path: ['userStatus'], message: 'Choose a status' }]);
  });
});

describe('GET /admin/user/chat/token', () => {
  it('signs a short-lived HS256 token naming the staff member', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/user/chat/token', token: await t.tokenFor('MENTOR') });
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json();
    const [head, body, sig] = token.split('.');
    expect(createHmac('sha256', SECRET).update(`${head}.${body}`).digest('base64url')).toBe(sig);
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    expect(claims).toMatchObject({ sub: String(await t.userId('MENTOR')), role: 'MENTOR' });
    expect(claims.exp - claims.iat).toBe(30 * 60);
    expect(new Date(expiresAt).getTime()).toBe(claims.exp * 1000);
  });

  it('answers 503 with a message for people when no chat is set up', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.call({
        method: 'GET',
        url: '/admin/user/chat/token',
        token: await bare.tokenFor('MENTOR'),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'NOT_CONFIGURED' });
    } finally {
      await bare.close();
    }
  });
});

describe('a learner’s tasks and assignments, and the team members learners can be given', () => {
  it('GET tasks?userId= lists their submissions with the learner’s name; assignments sums them per assignment', async () => {
    const l4 = await byEmail('l4@test.local');
    const now = Date.now();
    await t.db.insert(taskSubmissions).values([
      { userId: l4.id, taskId: 11, assignmentId: 3, submittedAt: new Date(now - 3 * DAY), status: 'Reviewed' },
      { userId: l4.id, taskId: 12, assignmentId: 3, submittedAt: new Date(now - 2 * DAY) },
      { userId: l4.id, taskId: 20, assignmentId: 5, submittedAt: new Date(now - 1 * DAY) },
    ]);
    const mentor = await t.tokenFor('MENTOR');
    const admin = await t.tokenFor('ADMIN');
    const tasks = await t.call({ method: 'GET', url: `/admin/user/tasks?userId=${l4.id}`, token: admin });
    expect(tasks.statusCode).toBe(200);
    expect(tasks.json().data.map((r: { taskId: number; userLabel: string }) => [r.taskId, r.userLabel])).toEqual([
      [20, 'Learner Four'],
      [12, 'Learner Four'],
      [11, 'Learner Four'],
    ]);
    // Learner Four is not in the mentor's batches.
    expect(
      (await t.call({ method: 'GET', url: `/admin/user/tasks?userId=${l4.id}`, token: mentor })).json().totalItems,
    ).toBe(0);
    const sums = await t.call({ method: 'GET', url: `/admin/user/assignments?userId=${l4.id}`, token: admin });
    expect(sums.json().data).toEqual([
      expect.objectContaining({ assignmentId: 5, tasksSubmitted: 1, tasksReviewed: 0 }),
      expect.objectContaining({ assignmentId: 3, tasksSubmitted: 2, tasksReviewed: 1 }),
    ]);
    expect((await t.call({ method: 'GET', url: `/admin/user/tasks?userId=abc`, token: admin })).statusCode).toBe(400);
  });

  it('GET team-members lists active staff by name, by role (custom roles included) and by search, paged', async () => {
    const admin = await t.tokenFor('ADMIN');
    const list = async (query: string) => {
      const res = await t.call({ method: 'GET', url: `/admin/user/team-members${query}`, token: admin });
      expect(res.statusCode, query).toBe(200);
      return res.json();
    };
    const everyone = await list('?page_size=100');
    expect(everyone.data.every((m: { role: string }) => m.role !== 'USER')).toBe(true);
    expect(everyone.data.map((m: { email: string }) => m.email)).not.toContain('l1@test.local');
    const motivators = await list('?role=MOTIVATOR');
    expect(motivators.data.map((m: { role: string }) => m.role)).toEqual(['MOTIVATOR']);
    const searched = await list(`?search=${encodeURIComponent('motivator@')}`);
    expect(searched.totalItems).toBe(1);
    expect((await t.call({ method: 'GET', url: '/admin/user/team-members?role=USER', token: admin })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call({ method: 'GET', url: '/admin/user/team-members', token: await t.tokenFor('MARKETING') }))
        .statusCode,
    ).toBe(403);
  });
});

/** The smallest real PDF: the header file-type knows it by. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('a learner’s resume and credit check', () => {
  it('uploads a PDF (and only a PDF), serves it to readers in scope only, replaces the one before', async () => {
    const l1 = await byEmail('l1@test.local');
    const hr = await t.tokenFor('HR');
    const upload = (bytes: Buffer, name = 'cv.pdf', token = hr, userId = l1.id) =>
      t.call({
        method: 'POST',
        url: `/admin/user/resume/upload?userId=${userId}`,
        token,
        ...multipart('file', name, bytes, 'application/pdf'),
      });
    expect((await t.call({ method: 'GET', url: `/admin/user/resume/get?userId=${l1.id}`, token: hr })).statusCode).toBe(
      404,
    );
    const first = await upload(PDF_BYTES, 'Asha CV.pdf');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ resumeName: 'Asha CV.pdf' });
    expect(first.json()).not.toHaveProperty('resumeKey');
    const got = await t.call({ method: 'GET', url: `/admin/user/resume/get?userId=${l1.id}`, token: hr });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF_BYTES)).toBe(true);
    const [stored] = await t.db.select({ key: users.resumeKey }).from(users).where(eq(users.id, l1.id));
    // Never reachable through the public files route.
    expect((await t.call({ method: 'GET', url: `/files/miscellaneous/${stored.key}` })).statusCode).toBe(404);

    const notPdf = await upload(Buffer.from('<html>cv</html>'), 'cv.pdf');
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().issues).toEqual([{ path: ['file'], message: 'Not a PDF file' }]);
    const big = await upload(Buffer.concat([PDF_BYTES, Buffer.alloc(5 * 1024 * 1024)]), 'scan.pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 5 MB');
    const plain = await t.call({
      method: 'POST',
      url: `/admin/user/resume/upload?userId=${l1.id}`,
      token: hr,
      payload: { file: 'cv' },
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().message).toBe('Send the file as multipart/form-data');
    // Received to disk and removed again, whether refused or too large.
    expect(fs.readdirSync(path.join(t.app.config.DATA_DIR, 'incoming'))).toEqual([]);
    const still = await t.call({ method: 'GET', url: `/admin/user/resume/get?userId=${l1.id}`, token: hr });
    expect(still.rawPayload.equals(PDF_BYTES)).toBe(true);
    const second = await upload(Buffer.concat([PDF_BYTES, Buffer.from('% v2\n')]), 'v2.pdf');
    expect(second.json().resumeName).toBe('v2.pdf');
    expect(await t.app.storage.get('miscellaneous', stored.key as string)).toBeNull();

    // Learner Two has no motivator (an earlier test may have given them one).
    const l2 = await byEmail('l2@test.local');
    await t.db.update(users).set({ motivatorId: null }).where(eq(users.id, l2.id));
    const motivator = await t.tokenFor('MOTIVATOR');
    expect((await upload(PDF_BYTES, 'x.pdf', motivator, l2.id)).statusCode).toBe(404);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/admin/user/resume/get?userId=${l1.id}`,
          token: await t.tokenFor('MARKETING'),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('keeps the score the bureau gave (manual provider: staff enter it), audited; only negotiators see it', async () => {
    const l4 = await byEmail('l4@test.local');
    const negotiator = await t.tokenFor('NEGOTIATOR');
    const check = (payload: object, token = negotiator) =>
      t.call({ method: 'POST', url: '/admin/user/check-cibil-score', token, payload });
    const missing = await check({ userId: l4.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([
      { path: ['score'], message: 'Enter the score the bureau gave (300 to 900)' },
    ]);
    expect((await check({ userId: l4.id, score: 1000 })).json().issues[0].message).toBe(
      'A CIBIL score is between 300 and 900',
    );
    const ok = await check({ userId: l4.id, score: 742, report: 'No defaults in 24 months' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ cibilScore: 742, cibilReport: 'No defaults in 24 months' });
    const [entry] = (await t.db.select().from(auditLog)).filter((a) => a.action === 'checkCredit');
    expect(entry.entityId).toBe(String(l4.id));
    const asHr = await t.call({
      method: 'GET',
      url: `/admin/user/details?user=${l4.id}`,
      token: await t.tokenFor('HR'),
    });
    expect(asHr.json()).not.toHaveProperty('cibilScore');
    expect((await check({ userId: l4.id, score: 700 }, await t.tokenFor('HR'))).statusCode).toBe(403);
  });
});

describe('bulk changes report their progress when asked (Accept: application/x-ndjson)', () => {
  const ndjson = { accept: 'application/x-ndjson' };
  const lines = (body: string) =>
    body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  const BULK = 4100;
  let ids: number[] = [];
  beforeAll(async () => {
    const rows = Array.from({ length: BULK }, (_, i) => ({
      name: `Bulk ${i}`,
      email: `bulk${i}@test.local`,
      roleId: roleByKey('USER')!.id,
      passwordHash: 'not a hash: these learners never log in',
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      const made = await t.db
        .insert(users)
        .values(rows.slice(i, i + 1000))
        .returning({ id: users.id });
      ids.push(...made.map((r) => r.id));
    }
    ids = ids.sort((a, b) => a - b);
  });

  it('streams a line per slice written, then the result; every line is declared', async () => {
    const admin = await t.tokenFor('ADMIN');
    const ownerId = await t.userId('NEGOTIATOR');
    const res = await t.call({
      method: 'POST',
      url: '/admin/user/owner/add-multiple',
      token: admin,
      headers: ndjson,
      payload: { ownerId, userIds: ids },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const got = lines(res.body);
    expect(got).toEqual([
      { done: 0, total: BULK },
      { done: 2000, total: BULK },
      { done: 4000, total: BULK },
      { done: BULK, total: BULK },
      { result: { updated: BULK, unchanged: 0 } },
    ]);
    expect((await learners()).filter((u) => u.ownerId === ownerId)).toHaveLength(BULK);
    // Streamed lines pass the answer checks' hook unread: checked here against the document.
    const answers = createResponseValidator(t.app.swagger() as never);
    const check = (body: string) =>
      answers.check({
        method: 'POST',
        routeUrl: '/admin/user/owner/add-multiple',
        status: 200,
        contentType: 'application/x-ndjson',
        body,
      });
    expect(check(res.body)).toBeNull();
    expect(check('{"done":1}\n')).toMatch(/line 1 breaks the document/);
  });

  it('a bad request is still a 400 with its reasons, as JSON, before anything is streamed', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/admin/user/motivator/add-multiple',
      token: await t.tokenFor('ADMIN'),
      headers: ndjson,
      payload: { motivatorId: await t.userId('HR'), userIds: ids.slice(0, 3) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().issues).toEqual([{ path: ['motivatorId'], message: 'Choose an active motivator' }]);
  });

  it('a failure after the first slice ends the stream with the error, and undoes every slice', async () => {
    const last = ids[ids.length - 1];
    // The database refuses the last learner's change (in the third slice), as a fault would.
    await t.db.execute(
      sql.raw(`create function refuse_bulk_status() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_bulk_status before update on users for each row
        when (new.id = ${last} and new.status = 'Inactive') execute function refuse_bulk_status()`),
    );
    try {
      const res = await t.call({
        method: 'POST',
        url: '/admin/user/status/update-multiple',
        token: await t.tokenFor('ADMIN'),
        headers: ndjson,
        payload: { userStatus: 'Inactive', userIds: ids },
      });
      expect(res.statusCode).toBe(200);
      const got = lines(res.body);
      expect(got.slice(0, 3)).toEqual([
        { done: 0, total: BULK },
        { done: 2000, total: BULK },
        { done: 4000, total: BULK },
      ]);
      expect(got.at(-1)).toEqual({
        status: 500,
        error: { message: 'Something went wrong. Please try again !!!', code: 'INTERNAL' },
      });
      const all = await learners();
      expect(all.filter((u) => ids.includes(u.id) && u.userStatus === 'Inactive')).toHaveLength(0);
      expect(
        (await t.db.select().from(auditLog)).filter(
          (a) => a.action === 'changeStatus' && ids.includes(Number(a.entityId)),
        ),
      ).toHaveLength(0);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_bulk_status on users'));
      await t.db.execute(sql.raw('drop function refuse_bulk_status()'));
    }
  });
});
