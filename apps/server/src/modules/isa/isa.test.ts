import fs from 'node:fs';
import path from 'node:path';
import {
  allowedIsaMoves,
  ISA_STAFF_MOVES,
  ISA_STATUSES,
  type IsaMove,
  type IsaStatus,
  isaMoveTarget,
} from '@cohort/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, isaTypes, learnerIsas, users } from '../../db/schema';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dayOf } from './isa-dates';
import { sweepIsaDeadlines } from './sweep-isa-deadlines';

/**
 * A learner's ISA over HTTP (decision 017). test/fixtures.ts: the MOTIVATOR has Learner One and
 * Four, the MENTOR mentors Batch A (One and Three), College A holds One and Two.
 */
let t: TestApp;
let admin: string;
let negotiator: string;
let motivator: string;
let mentor: string;
let hr: string;
let typeId: number;
const L: Record<number, number> = {};

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** An EBML header naming the WebM doc type, then bytes: what the magic-byte check reads. */
export const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251)),
]);

beforeAll(async () => {
  t = await createTestApp();
  [admin, negotiator, motivator, mentor, hr] = await Promise.all(
    (['ADMIN', 'NEGOTIATOR', 'MOTIVATOR', 'MENTOR', 'HR'] as const).map((r) => t.tokenFor(r)),
  );
  for (const n of [1, 2, 3, 4]) {
    L[n] = (
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, `l${n}@test.local`))
    )[0].id;
  }
  const res = await t.call({
    method: 'POST',
    url: '/admin/isa/add',
    token: admin,
    payload: {
      name: 'Standard 15%',
      salaryPercent: 15,
      currency: 'INR',
      monthlyCapMinor: 2_500_000,
      totalCapMinor: 30_000_000,
      durationMonths: 24,
      minimumSalaryMinor: 50_000_000,
    },
  });
  expect(res.statusCode).toBe(201);
  typeId = res.json().id;
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object) => t.call({ method: 'POST', url, token, payload });
const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url, token, headers });
const state = async (userId: number) => (await get(`/admin/user/isa/get?userId=${userId}`, admin)).json();
const upload = (
  kind: 'document' | 'video',
  userId: number,
  token: string,
  name: string,
  body: Buffer,
  type: string,
) => {
  const m = multipart('file', name, body, type);
  return t.call({
    method: 'POST',
    url: `/admin/user/isa/upload-${kind}?userId=${userId}`,
    token,
    payload: m.payload,
    headers: m.headers,
  });
};
const learnerRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const currentIsa = async (id: number) =>
  (
    await t.db
      .select()
      .from(learnerIsas)
      .where(and(eq(learnerIsas.userId, id), isNull(learnerIsas.endedAt)))
  )[0];

/** Puts a learner's current ISA in `status` directly (or none for Not Assigned), dates in the future. */
async function setStatus(userId: number, status: IsaStatus) {
  await t.db.update(learnerIsas).set({ endedAt: new Date() }).where(eq(learnerIsas.userId, userId));
  const today = dayOf(new Date());
  if (status !== 'Not Assigned') {
    await t.db.insert(learnerIsas).values({
      userId,
      isaTypeId: typeId,
      status,
      documentDeadline: '2028-01-01',
      expiryDate: '2028-06-01',
      ...(status === 'ISA Submitted' || status === 'ISA Acceptance Video Uploaded'
        ? { documentKey: 'isa-document-x.pdf', documentName: 'x.pdf', documentType: 'application/pdf', documentSize: 1 }
        : {}),
    });
  }
  await t.db
    .update(users)
    .set({ isaStatus: status, isaExpiryDate: status === 'Not Assigned' ? null : '2028-06-01' })
    .where(eq(users.id, userId));
  return today;
}

describe('ISA types (/admin/isa/*)', () => {
  it('refuses contradicting caps, floats in money, and more than two decimals of percent, with field reasons', async () => {
    const base = {
      name: 'Bad',
      salaryPercent: 12.5,
      currency: 'INR',
      monthlyCapMinor: 100,
      totalCapMinor: 50,
      durationMonths: 12,
      minimumSalaryMinor: 0,
    };
    const caps = await post('/admin/isa/add', admin, base);
    expect(caps.statusCode).toBe(400);
    expect(caps.json().issues).toContainEqual({
      path: ['totalCapMinor'],
      message: 'The total cap cannot be below the monthly cap',
    });
    const money = await post('/admin/isa/add', admin, { ...base, totalCapMinor: 100.5 });
    expect(money.statusCode).toBe(400);
    expect(money.json().issues[0].path).toEqual(['totalCapMinor']);
    const pct = await post('/admin/isa/add', admin, { ...base, totalCapMinor: 500, salaryPercent: 12.345 });
    expect(pct.statusCode).toBe(400);
    expect(pct.json().issues[0]).toEqual({
      path: ['salaryPercent'],
      message: 'At most two decimals (for example 12.5)',
    });
    expect((await t.db.select().from(isaTypes).where(eq(isaTypes.name, 'Bad'))).length).toBe(0);
  });

  it('is set by ADMIN only; negotiators read it with the percent as a number', async () => {
    expect((await post('/admin/isa/add', negotiator, { name: 'X' })).statusCode).toBe(403);
    const list = await get('/admin/isa/get', negotiator);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ name: 'Standard 15%', salaryPercent: 15, monthlyCapMinor: 2_500_000 });
  });
});

describe('the lifecycle through the calls', () => {
  it('assigns, takes the document and the video, verifies and extends; the learner row agrees at each step', async () => {
    const none = await state(L[1]);
    expect(none).toMatchObject({ isaStatus: 'Not Assigned', isa: null, allowed: ['assign'] });

    const assigned = await post('/admin/user/isa/assign', negotiator, { userId: L[1], isaTypeId: typeId });
    expect(assigned.statusCode).toBe(200);
    const a = assigned.json();
    expect(a.isa).toMatchObject({ status: 'Documents Not Submitted', isaTypeName: 'Standard 15%', document: null });
    expect(a.allowed).toEqual(allowedIsaMoves('Documents Not Submitted'));
    expect((await learnerRow(L[1])).isaStatus).toBe('Documents Not Submitted');
    expect((await learnerRow(L[1])).isaExpiryDate).toBe(a.isa.expiryDate);

    // The motivator uploads on behalf of their own learner.
    const doc = await upload('document', L[1], motivator, 'signed.pdf', PDF, 'application/pdf');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().isa).toMatchObject({
      status: 'ISA Submitted',
      document: { name: 'signed.pdf', size: PDF.length },
    });
    const video = await upload('video', L[1], negotiator, 'accept.webm', WEBM, 'video/webm');
    expect(video.statusCode).toBe(200);
    const v = video.json();
    expect(v.isa.status).toBe('ISA Acceptance Video Uploaded');
    expect((await learnerRow(L[1])).isaStatus).toBe('ISA Acceptance Video Uploaded');

    const verified = await post('/admin/user/isa/verify', negotiator, { userId: L[1], version: v.isa.version });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().isa).toMatchObject({ status: 'ISA Verified', verifiedByName: 'Test Negotiator' });

    const ext = await post('/admin/user/isa/extend', negotiator, {
      userId: L[1],
      version: verified.json().isa.version,
      expiryDate: '2029-12-31',
    });
    expect(ext.statusCode).toBe(200);
    expect(ext.json().isa).toMatchObject({ status: 'ISA Verified', expiryDate: '2029-12-31' });
    expect((await learnerRow(L[1])).isaExpiryDate).toBe('2029-12-31');

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entity, 'learnerIsa'))).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['isaAssign', 'isaSubmitDocuments', 'isaUploadVideo', 'isaVerify', 'isaExtend']),
    );
    // The learner's history reads the ISA's entries too.
    const subject = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, L[1]));
    expect(subject.some((e) => e.action === 'isaVerify' && e.entity === 'learnerIsa')).toBe(true);
  });

  it('serves the document (token or the link ticket) and the video with ranges', async () => {
    const doc = await get(`/admin/user/isa/get-document?userId=${L[1]}`, hr);
    expect(doc.statusCode).toBe(200);
    const file = await get(`/admin/user/isa/get-document-file?userId=${L[1]}`, hr);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The link works without the token header (a new tab), for that file only, and not forged.
    const byTicket = await t.call({ method: 'GET', url: doc.json().url });
    expect(byTicket.statusCode).toBe(200);
    expect(byTicket.rawPayload.equals(PDF)).toBe(true);
    const forged = await t.call({
      method: 'GET',
      url: `/admin/user/isa/get-document-file?userId=${L[1]}&ticket=v1.x.y.z`,
    });
    expect(forged.statusCode).toBe(401);
    const { video } = (await state(L[1])).isa;
    const videoAsDoc = video.url.replace('get-isa-video', 'get-document-file');
    expect((await t.call({ method: 'GET', url: videoAsDoc })).statusCode).toBe(401);

    const whole = await t.call({ method: 'GET', url: video.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(WEBM)).toBe(true);
    // A browser asks for compression too; a range counts the file's bytes, so it is never compressed.
    const part = await t.call({
      method: 'GET',
      url: video.url,
      headers: { range: 'bytes=100-199', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-199/${WEBM.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(WEBM.subarray(100, 200))).toBe(true);
    const open = await get(`/admin/user/isa/get-isa-video?userId=${L[1]}`, negotiator, { range: 'bytes=4000-' });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(WEBM.subarray(4000))).toBe(true);
    const suffix = await get(`/admin/user/isa/get-isa-video?userId=${L[1]}`, negotiator, { range: 'bytes=-12' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${WEBM.length - 12}-${WEBM.length - 1}/${WEBM.length}`);
    const bad = await get(`/admin/user/isa/get-isa-video?userId=${L[1]}`, negotiator, {
      range: `bytes=${WEBM.length}-`,
    });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${WEBM.length}`);
    expect(bad.json().code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('answers 404 for files not uploaded yet, and for a learner that does not exist', async () => {
    await post('/admin/user/isa/assign', negotiator, { userId: L[2], isaTypeId: typeId });
    expect((await get(`/admin/user/isa/get-document?userId=${L[2]}`, negotiator)).statusCode).toBe(404);
    expect((await get(`/admin/user/isa/get-document-file?userId=${L[2]}`, negotiator)).statusCode).toBe(404);
    expect((await get(`/admin/user/isa/get-isa-video?userId=${L[2]}`, negotiator)).statusCode).toBe(404);
    expect((await get('/admin/user/isa/get?userId=999999', negotiator)).statusCode).toBe(404);
    expect((await post('/admin/user/isa/assign', negotiator, { userId: 999_999, isaTypeId: typeId })).statusCode).toBe(
      404,
    );
    // Staff are not learners: no ISA for them.
    expect((await get(`/admin/user/isa/get?userId=${await t.userId('HR')}`, negotiator)).statusCode).toBe(404);
    const s = await state(L[2]);
    await post('/admin/user/isa/remove', negotiator, { userId: L[2], version: s.isa.version, reason: 'Test setup' });
  });

  it('refuses bad input with field reasons and writes nothing', async () => {
    const before = await state(L[2]);
    const missing = await post('/admin/user/isa/assign', negotiator, { userId: L[2] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toEqual(['isaTypeId']);
    const past = await post('/admin/user/isa/assign', negotiator, {
      userId: L[2],
      isaTypeId: typeId,
      documentDeadline: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().issues).toContainEqual({
      path: ['documentDeadline'],
      message: 'The document deadline cannot be in the past',
    });
    const order = await post('/admin/user/isa/assign', negotiator, {
      userId: L[2],
      isaTypeId: typeId,
      documentDeadline: '2028-05-01',
      expiryDate: '2028-04-01',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().issues[0].path).toEqual(['expiryDate']);
    const unknownType = await post('/admin/user/isa/assign', negotiator, { userId: L[2], isaTypeId: 999_999 });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().issues[0].path).toEqual(['isaTypeId']);
    expect(await state(L[2])).toEqual(before);

    await post('/admin/user/isa/assign', negotiator, { userId: L[2], isaTypeId: typeId });
    const text = await upload(
      'document',
      L[2],
      negotiator,
      'a.pdf',
      Buffer.from('not a pdf at all'),
      'application/pdf',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().issues[0].path).toEqual(['file']);
    const videoAsDoc = await upload('document', L[2], negotiator, 'v.pdf', WEBM, 'application/pdf');
    expect(videoAsDoc.statusCode).toBe(415);
    const big = await upload(
      'document',
      L[2],
      negotiator,
      'big.pdf',
      Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
      'application/pdf',
    );
    expect(big.statusCode).toBe(413);
    // The cap is the document's own (10 MB), not the image upload's (UPLOAD_MAX_BYTES, 5 MB).
    const six = await upload(
      'document',
      L[2],
      negotiator,
      'scan.pdf',
      Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]),
      'application/pdf',
    );
    expect(six.statusCode).toBe(200);
    expect(six.json().isa.document.size).toBe(PDF.length + 6 * 1024 * 1024);
    // Received on disk, not in memory: what was refused, too large or stored left no file behind.
    expect(fs.readdirSync(path.join(t.app.config.DATA_DIR, 'incoming'))).toEqual([]);
    const got = await get(`/admin/user/isa/get-document-file?userId=${L[2]}`, negotiator);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]))).toBe(true);
    const noReason = await post('/admin/user/isa/update', negotiator, { userId: L[2], version: 1, move: 'optOut' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0]).toEqual({ path: ['reason'], message: 'Say why' });
    const noDates = await post('/admin/user/isa/extend', negotiator, { userId: L[2], version: 1 });
    expect(noDates.statusCode).toBe(400);
    const submitted = await state(L[2]);
    expect(submitted.isa).toMatchObject({ status: 'ISA Submitted', document: { name: 'scan.pdf' } });
    // Back to a fresh ISA for the tests below.
    await post('/admin/user/isa/remove', negotiator, { userId: L[2], version: submitted.isa.version, reason: 'Reset' });
    await post('/admin/user/isa/assign', negotiator, { userId: L[2], isaTypeId: typeId });
  });

  it('answers a stale version with 409 and writes nothing', async () => {
    const s = await state(L[2]);
    const stale = await post('/admin/user/isa/update', negotiator, {
      userId: L[2],
      version: s.isa.version + 5,
      move: 'optOut',
      reason: 'Joined elsewhere',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().allowed).toBeUndefined();
    expect((await state(L[2])).isa.status).toBe('Documents Not Submitted');
  });

  it('keeps roles to the matrix and learners to the reader’s row scope', async () => {
    expect((await post('/admin/user/isa/assign', mentor, { userId: L[3], isaTypeId: typeId })).statusCode).toBe(403);
    expect((await post('/admin/user/isa/assign', hr, { userId: L[3], isaTypeId: typeId })).statusCode).toBe(403);
    expect((await post('/admin/user/isa/assign', motivator, { userId: L[3], isaTypeId: typeId })).statusCode).toBe(403);
    expect((await get(`/admin/user/isa/get?userId=${L[3]}`, mentor)).statusCode).toBe(403);
    // The motivator has Learner One and Four, not Two.
    expect((await get(`/admin/user/isa/get?userId=${L[2]}`, motivator)).statusCode).toBe(404);
    expect((await upload('document', L[2], motivator, 'a.pdf', PDF, 'application/pdf')).statusCode).toBe(404);
    expect((await post('/admin/user/isa/resend', motivator, { userId: L[2] })).statusCode).toBe(404);
    expect((await get(`/admin/user/isa/get-document-file?userId=${L[2]}`, motivator)).statusCode).toBe(404);
    expect((await get(`/admin/user/isa/get?userId=${L[4]}`, motivator)).statusCode).toBe(200);
    expect((await state(L[2])).isa.document).toBeNull();
  });

  it('two assigns at once: one wins, the other is refused with the allowed moves', async () => {
    const [a, b] = await Promise.all([
      post('/admin/user/isa/assign', negotiator, { userId: L[3], isaTypeId: typeId }),
      post('/admin/user/isa/assign', admin, { userId: L[3], isaTypeId: typeId }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = (a.statusCode === 409 ? a : b).json();
    expect(refused.allowed).toEqual(allowedIsaMoves('Documents Not Submitted'));
    expect(
      (
        await t.db
          .select()
          .from(learnerIsas)
          .where(and(eq(learnerIsas.userId, L[3]), isNull(learnerIsas.endedAt)))
      ).length,
    ).toBe(1);
  });

  it('resend without SMTP leaves the message queued in the outbox, shown by the outbox screen', async () => {
    const res = await post('/admin/user/isa/resend', negotiator, { userId: L[3] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ toAddress: 'l3@test.local', status: 'queued', sentAt: null });
    const list = await get('/admin/mail/outbox/get', negotiator);
    expect(list.json().data[0]).toMatchObject({
      id: res.json().id,
      status: 'queued',
      subject: 'Your income-share agreement',
    });
    expect((await get('/admin/mail/outbox/get', mentor)).statusCode).toBe(403);
  });
});

/** Every staff move the API makes from `status`, with its call and a body that is otherwise valid. */
function request(
  move: IsaMove,
  status: IsaStatus,
  userId: number,
  version: number,
): { url: string; payload?: object; file?: 'document' | 'video' } {
  switch (move) {
    case 'assign':
      return { url: 'assign', payload: { userId, isaTypeId: typeId } };
    case 'verify':
      return { url: 'verify', payload: { userId, version } };
    case 'extend':
      return {
        url: 'extend',
        payload:
          status === 'ISA Verified'
            ? { userId, version, expiryDate: '2028-07-01' }
            : { userId, version, documentDeadline: '2028-02-01', expiryDate: '2028-07-01' },
      };
    case 'resend':
      return { url: 'resend', payload: { userId } };
    case 'remove':
      return { url: 'remove', payload: { userId, version, reason: 'Assigned by mistake' } };
    case 'submitDocuments':
      return { url: 'upload-document', file: 'document' };
    case 'uploadVideo':
      return { url: 'upload-video', file: 'video' };
    case 'changeType':
      return { url: 'update', payload: { userId, version, move, isaTypeId: typeId } };
    default:
      return { url: 'update', payload: { userId, version, move, reason: 'Asked by the learner' } };
  }
}

describe('the machine, exhaustively through the API: every status x every staff move', () => {
  const statuses = ISA_STATUSES.map((s) => s.value as IsaStatus);
  for (const status of statuses) {
    it(`from ${status}`, async () => {
      for (const move of ISA_STAFF_MOVES) {
        await setStatus(L[4], status);
        const before = await currentIsa(L[4]);
        const { url, payload, file } = request(move, status, L[4], before?.version ?? 1);
        const res = file
          ? await upload(
              file,
              L[4],
              admin,
              file === 'document' ? 'd.pdf' : 'v.webm',
              file === 'document' ? PDF : WEBM,
              'x',
            )
          : await post(`/admin/user/isa/${url}`, admin, payload as object);
        const target = isaMoveTarget(status, move);
        if (target) {
          expect(res.statusCode, `${status} x ${move}: ${res.body}`).toBe(200);
          expect((await learnerRow(L[4])).isaStatus, `${status} x ${move}`).toBe(target);
          const after = await currentIsa(L[4]);
          expect(after?.status ?? 'Not Assigned').toBe(target);
        } else {
          expect(res.statusCode, `${status} x ${move}`).toBe(409);
          expect(res.json()).toMatchObject({ code: 'CONFLICT', state: status, allowed: allowedIsaMoves(status) });
          expect(await currentIsa(L[4])).toEqual(before);
          expect((await learnerRow(L[4])).isaStatus).toBe(status);
        }
      }
    }, 60_000);
  }
});

describe('sweepIsaDeadlines', () => {
  beforeAll(async () => {
    // Only the ISAs these tests write are current.
    await t.db.update(learnerIsas).set({ endedAt: new Date() }).where(isNull(learnerIsas.endedAt));
  });

  it('moves past deadlines to overdue and past expiries to expired as the system, once', async () => {
    // Learner Four: waiting for documents, deadline 2030-01-10, expiry 2030-06-01.
    await setStatus(L[4], 'Not Assigned');
    await t.db.insert(learnerIsas).values({
      userId: L[4],
      isaTypeId: typeId,
      status: 'Documents Not Submitted',
      documentDeadline: '2030-01-10',
      expiryDate: '2030-06-01',
    });
    await t.db.update(users).set({ isaStatus: 'Documents Not Submitted' }).where(eq(users.id, L[4]));

    // On the deadline day itself nothing moves; the day after, it is overdue.
    const onTheDay = await sweepIsaDeadlines(t.db, new Date('2030-01-10T23:00:00Z'));
    expect(onTheDay.overdue).toBe(0);
    const next = await sweepIsaDeadlines(t.db, new Date('2030-01-11T08:00:00Z'));
    expect(next).toEqual({ overdue: 1, expired: 0 });
    expect((await currentIsa(L[4])).status).toBe('Document Submission Overdue');
    expect((await learnerRow(L[4])).isaStatus).toBe('Document Submission Overdue');
    expect(await sweepIsaDeadlines(t.db, new Date('2030-01-11T09:00:00Z'))).toEqual({ overdue: 0, expired: 0 });

    const expired = await sweepIsaDeadlines(t.db, new Date('2030-06-02T00:00:00Z'));
    expect(expired).toEqual({ overdue: 0, expired: 1 });
    expect((await currentIsa(L[4])).status).toBe('ISA Expired');
    expect((await learnerRow(L[4])).isaStatus).toBe('ISA Expired');
    expect(await sweepIsaDeadlines(t.db, new Date('2030-06-03T00:00:00Z'))).toEqual({ overdue: 0, expired: 0 });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'learnerIsa'), eq(auditLog.action, 'isaExpire')))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorId: null, actorName: 'System', source: 2, subjectUserId: L[4] });
    // The audit log filters by Source.
    const system = await t.call({
      method: 'GET',
      url: `/admin/audit/get?filters=${encodeURIComponent(JSON.stringify([{ field: 'source', operator: '=', value: 2 }]))}`,
      token: admin,
    });
    expect(system.statusCode).toBe(200);
    expect(system.json().totalItems).toBeGreaterThanOrEqual(4);
    expect(system.json().data.every((e: { actorName: string }) => e.actorName === 'System')).toBe(true);
    const human = await t.db.select().from(auditLog).where(eq(auditLog.action, 'isaAssign'));
    expect(human.every((e) => e.source === 1)).toBe(true);
  });

  it('two sweeps racing move each ISA once', async () => {
    await setStatus(L[4], 'Not Assigned');
    await t.db.insert(learnerIsas).values({
      userId: L[4],
      isaTypeId: typeId,
      status: 'Documents Not Submitted',
      documentDeadline: '2031-01-10',
      expiryDate: '2031-06-01',
    });
    const now = new Date('2031-01-12T00:00:00Z');
    const [a, b] = await Promise.all([sweepIsaDeadlines(t.db, now), sweepIsaDeadlines(t.db, now)]);
    expect(a.overdue + b.overdue).toBe(1);
    const moves = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'isaDeadlinePassed'), eq(auditLog.entity, 'learnerIsa')));
    const forThisIsa = moves.filter((m) => (m.after as { documentDeadline: string }).documentDeadline === '2031-01-10');
    expect(forThisIsa.length).toBe(1);
  });

  /**
   * Written out by hand (spec §4, decision 017), not read from the flow: a status dropped from the
   * flow's `expire` or `deadlinePassed` moves, or from the sweep's candidates, fails here.
   */
  const SWEPT: Record<IsaStatus, IsaStatus> = {
    'Not Assigned': 'Not Assigned',
    'Documents Not Submitted': 'ISA Expired',
    'Document Submission Overdue': 'ISA Expired',
    'ISA Submitted': 'ISA Expired',
    'ISA Acceptance Video Uploaded': 'ISA Expired',
    'ISA Verified': 'ISA Expired',
    'Termination Pending': 'Termination Pending',
    'ISA Terminated': 'ISA Terminated',
    'ISA Expired': 'ISA Expired',
    'Opted out from ISA': 'Opted out from ISA',
  };
  it('expires an ISA past its expiry from every status the flow expires from, and no other', async () => {
    for (const status of ISA_STATUSES.map((s) => s.value as IsaStatus)) {
      await setStatus(L[4], status);
      await t.db
        .update(learnerIsas)
        .set({ documentDeadline: '2032-01-01', expiryDate: '2032-06-01' })
        .where(and(eq(learnerIsas.userId, L[4]), isNull(learnerIsas.endedAt)));
      await sweepIsaDeadlines(t.db, new Date('2032-06-03T00:00:00Z'));
      expect((await currentIsa(L[4]))?.status ?? 'Not Assigned', status).toBe(SWEPT[status]);
    }
  });

  it('makes overdue only an ISA still waiting for documents past its deadline', async () => {
    for (const status of ISA_STATUSES.map((s) => s.value as IsaStatus)) {
      await setStatus(L[4], status);
      await t.db
        .update(learnerIsas)
        .set({ documentDeadline: '2033-01-01', expiryDate: '2033-06-01' })
        .where(and(eq(learnerIsas.userId, L[4]), isNull(learnerIsas.endedAt)));
      await sweepIsaDeadlines(t.db, new Date('2033-01-03T00:00:00Z'));
      const expected = status === 'Documents Not Submitted' ? 'Document Submission Overdue' : status;
      expect((await currentIsa(L[4]))?.status ?? 'Not Assigned', status).toBe(expected);
    }
  });
});
