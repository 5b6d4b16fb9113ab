import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messages, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Messages from staff to a learner (POST /admin/message/add): the sender is the session's
 * user, sent messages are history (no update, no delete), and a scoped role messages and
 * reads only its own learners (test/fixtures.ts: the MOTIVATOR has Learner One and Four).
 */
let t: TestApp;
let motivator: string;
let hr: string;
const id = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0].id;
beforeAll(async () => {
  t = await createTestApp();
  motivator = await t.tokenFor('MOTIVATOR');
  hr = await t.tokenFor('HR');
});
afterAll(() => t.close());

const send = (token: string, payload: object) => t.call({ method: 'POST', url: '/admin/message/add', token, payload });

describe('messages to learners', () => {
  it('records the sender, answers the learner by name, and audits', async () => {
    const one = await id('l1@test.local');
    const res = await send(motivator, { userId: one, subject: 'Your streak', body: 'Five days in a row. Keep going!' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: one,
      userLabel: 'Learner One',
      subject: 'Your streak',
      senderId: await t.userId('MOTIVATOR'),
      senderName: 'Test Motivator',
    });
    const entries = (await t.db.select().from(auditLog)).filter((a) => a.entity === 'message');
    expect(entries.map((a) => [a.action, a.entityId])).toEqual([['create', String(res.json().id)]]);
  });

  it('refuses bad input by field, a forged sender, and a recipient who is not a learner', async () => {
    const one = await id('l1@test.local');
    const empty = await send(hr, { userId: one, subject: '  ', body: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([
      { path: ['subject'], message: 'Subject is required' },
      { path: ['body'], message: 'Message is required' },
    ]);
    const forged = await send(hr, { userId: one, subject: 'Hi', body: 'x', senderName: 'The CEO' });
    expect(forged.json().issues).toEqual([{ path: ['senderName'], message: 'Unknown field' }]);
    const noOne = await send(hr, { subject: 'Hi', body: 'x' });
    expect(noOne.json().issues).toEqual([{ path: ['userId'], message: 'Choose a learner' }]);
    const staff = await send(hr, { userId: await t.userId('MENTOR'), subject: 'Hi', body: 'x' });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().issues).toEqual([{ path: ['userId'], message: 'Choose a learner' }]);
    expect((await send(hr, { userId: 999999, subject: 'Hi', body: 'x' })).statusCode).toBe(409);
    expect(await t.db.select().from(messages).where(eq(messages.subject, 'Hi'))).toEqual([]);
  });

  it('a scoped role messages and reads only its own learners; other roles may not', async () => {
    const two = await id('l2@test.local');
    const four = await id('l4@test.local');
    const outside = await send(motivator, { userId: two, subject: 'Not yours', body: 'x' });
    expect(outside.statusCode).toBe(400);
    expect(await t.db.select().from(messages).where(eq(messages.subject, 'Not yours'))).toEqual([]);
    const toTwo = await send(hr, { userId: two, subject: 'Placement form', body: 'Please fill it in.' });
    expect(toTwo.statusCode).toBe(201);
    expect((await send(motivator, { userId: four, subject: 'Mock booked', body: 'Friday 5 pm.' })).statusCode).toBe(
      201,
    );

    const list = (token: string) => t.call({ method: 'GET', url: '/admin/message/get?page_size=100', token });
    const mine = (await list(motivator)).json();
    expect(mine.data.map((m: { userLabel: string }) => m.userLabel).sort()).toEqual(['Learner Four', 'Learner One']);
    expect(mine.totalItems).toBe(2);
    expect((await list(hr)).json().totalItems).toBe(3);
    const read = (token: string, messageId: number) =>
      t.call({ method: 'GET', url: `/admin/message/get/${messageId}`, token });
    expect((await read(motivator, toTwo.json().id)).statusCode).toBe(404);
    expect((await read(hr, toTwo.json().id)).statusCode).toBe(200);

    // Sent is sent: no update or delete calls exist.
    expect(
      (await t.call({ method: 'PUT', url: `/admin/message/update/${toTwo.json().id}`, token: hr, payload: {} }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/admin/message/delete/${toTwo.json().id}`, token: hr })).statusCode,
    ).toBe(404);
    const marketing = await t.tokenFor('MARKETING');
    expect((await list(marketing)).statusCode).toBe(403);
    expect((await send(marketing, { userId: two, subject: 'Offer', body: 'x' })).statusCode).toBe(403);
  });
});
