import { roleByKey } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { sha256 } from '../../platform/tokens';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 16, finding 4: an ISA file link (its ticket) is bound to the session that asked for it
 * (decision 029). Every use looks that session up again and re-checks its user's role and row
 * scope, so a link stops working when its session ends (logout, expiry) or its user loses the
 * access that minted it. Driven over real HTTP where requests race.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** An EBML header naming the WebM doc type, then bytes: what the magic-byte check reads. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251)),
]);
const hashOf = (links: { token: string }) => sha256(links.token);

let t: TestApp;
let admin: string;
let base: string;
let learner: number;

const setup = async (url: string, payload: object, token = admin) => {
  const res = await t.call({ method: 'POST', url, token, payload });
  expect(res.statusCode, url).toBe(200);
};
const upload = async (kind: 'document' | 'video', body: Buffer, type: string, name: string) => {
  const m = multipart('file', name, body, type);
  const res = await t.call({
    method: 'POST',
    url: `/admin/user/isa/upload-${kind}?userId=${learner}`,
    token: admin,
    payload: m.payload,
    headers: m.headers,
  });
  expect(res.statusCode).toBe(200);
};

/** A fresh session for the fixture user of a role, and the video and document links it is given. */
async function linksFor(role: 'NEGOTIATOR' | 'HR' | 'MOTIVATOR', userId?: number) {
  const token = await t.createSessionFor(userId ?? (await t.userId(role)));
  const state = await t.call({ method: 'GET', url: `/admin/user/isa/get?userId=${learner}`, token });
  expect(state.statusCode).toBe(200);
  const { video, document } = state.json().isa;
  return { token, video: video.url as string, document: document.url as string };
}

/** A range of the video through real HTTP, without the token header (as a <video> asks). */
const play = (url: string, from = 0) => fetch(`${base}${url}`, { headers: { range: `bytes=${from}-${from + 99}` } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  [{ id: learner }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'l1@test.local'));
  const type = await t.call({
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
  expect(type.statusCode).toBe(201);
  await setup('/admin/user/isa/assign', { userId: learner, isaTypeId: type.json().id });
  await upload('document', PDF, 'application/pdf', 'signed.pdf');
  await upload('video', WEBM, 'video/webm', 'accept.webm');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('ISA file links live only as long as the session and the access that minted them', () => {
  it('a valid link still plays with byte ranges, and opens the document', async () => {
    const links = await linksFor('NEGOTIATOR');
    const part = await play(links.video, 100);
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${WEBM.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(WEBM.subarray(100, 200))).toBe(true);
    const doc = await fetch(`${base}${links.document}`);
    expect(doc.status).toBe(200);
    expect(Buffer.from(await doc.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('after a logout, racing range requests included, every new request with the link is refused', async () => {
    const mine = await linksFor('NEGOTIATOR');
    const other = await linksFor('NEGOTIATOR');
    expect((await play(mine.video)).status).toBe(206);
    // Range requests race the logout: each one either streams (it was let in before the logout) or is refused.
    const racing = Array.from({ length: 12 }, (_, i) => play(mine.video, i * 100));
    const logout = fetch(`${base}/admin/logout`, { method: 'POST', headers: { token: mine.token } });
    const [raced, out] = await Promise.all([Promise.all(racing), logout]);
    expect(out.status).toBe(200);
    for (const res of raced) {
      expect([206, 401]).toContain(res.status);
      await res.arrayBuffer();
    }
    // Once the logout has answered, no request with its links gets a byte.
    const after = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => play(mine.video, i * 100)),
      fetch(`${base}${mine.document}`),
    ]);
    for (const res of after) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(
        'This link has expired. Open it again from the console',
      );
    }
    // Another session of the same person is not touched.
    expect((await play(other.video)).status).toBe(206);
  });

  it('is refused once its user loses the role that let them see it (a role change through the API)', async () => {
    const hr = await t.userId('HR');
    const links = await linksFor('HR');
    expect((await play(links.video)).status).toBe(206);
    const res = await t.call({
      method: 'POST',
      url: '/admin/role/remove-user',
      token: admin,
      payload: { roleId: roleByKey('HR')!.id, userId: hr },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roleId).toBe(roleByKey('USER')!.id);
    expect((await play(links.video)).status).toBe(403);
    expect((await fetch(`${base}${links.document}`)).status).toBe(403);
  });

  it('is refused for a learner outside the row scope the session has now', async () => {
    // The MOTIVATOR sees Learner One and Four (test/fixtures.ts); moved off One, the links stop.
    const motivator = await t.userId('MOTIVATOR');
    const links = await linksFor('MOTIVATOR');
    expect((await play(links.video)).status).toBe(206);
    await t.db.update(users).set({ motivatorId: null }).where(eq(users.id, learner));
    expect((await play(links.video)).status).toBe(404);
    await t.db.update(users).set({ motivatorId: motivator }).where(eq(users.id, learner));
    expect((await play(links.video)).status).toBe(206);
  });

  it('is refused once the session has expired or gone idle', async () => {
    const negotiator = await t.userId('NEGOTIATOR');
    const expired = await linksFor('NEGOTIATOR', negotiator);
    const idle = await linksFor('NEGOTIATOR', negotiator);
    expect((await play(expired.video)).status).toBe(206);
    expect((await play(idle.video)).status).toBe(206);
    const [e] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashOf(expired)));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, e.id));
    const [i] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashOf(idle)));
    await t.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - (t.config.SESSION_IDLE_MINUTES + 1) * 60_000) })
      .where(eq(sessions.id, i.id));
    expect((await play(expired.video)).status).toBe(401);
    expect((await play(idle.video)).status).toBe(401);
  });
});
