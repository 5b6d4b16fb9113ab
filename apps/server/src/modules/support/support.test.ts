import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let mentor: string;
beforeAll(async () => {
  t = await createTestApp();
  mentor = await t.tokenFor('MENTOR');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = mentor) =>
  t.call({ method, url, token, payload });
const inbox = encodeURIComponent(JSON.stringify([{ field: 'status', operator: '=', value: 'Un-Answered' }]));

describe('Q&A: the mentors’ inbox', () => {
  it('an answer takes its question out of the inbox, records who answered, and is audited; archive by update', async () => {
    const [learner] = await t.db.select().from(users).where(eq(users.email, 'l1@test.local'));
    const q = await call('POST', '/admin/question/add', {
      title: 'Why does my useEffect run twice?',
      body: 'In development it logs twice.',
      askedById: learner.id,
    });
    expect(q.statusCode).toBe(201);
    expect(q.json()).toMatchObject({ status: 'Un-Answered', askedByLabel: 'Learner One' });
    expect((await call('GET', `/admin/question/get?filters=${inbox}`)).json().totalItems).toBe(1);

    const a = await call('POST', '/admin/answer/add', {
      questionId: q.json().id,
      body: 'StrictMode mounts twice in dev.',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      answeredByName: 'Test Mentor',
      questionLabel: 'Why does my useEffect run twice?',
    });
    const after = (await call('GET', `/admin/question/get/${q.json().id}`)).json();
    expect(after.status).toBe('Answered');
    expect((await call('GET', `/admin/question/get?filters=${inbox}`)).json().totalItems).toBe(0);
    const moved = (await t.db.select().from(auditLog)).filter((e) => e.entity === 'question' && e.action === 'update');
    expect(moved).toHaveLength(1);

    const archived = await call('PUT', `/admin/question/update/${q.json().id}`, {
      status: 'Archive',
      version: after.version,
    });
    expect(archived.json().status).toBe('Archive');
    // A later answer does not pull an archived question back.
    await call('POST', '/admin/answer/add', { questionId: q.json().id, body: 'Also see the docs.' });
    expect((await call('GET', `/admin/question/get/${q.json().id}`)).json().status).toBe('Archive');
    const byQuestion = encodeURIComponent(JSON.stringify([{ field: 'questionId', operator: '=', value: q.json().id }]));
    expect((await call('GET', `/admin/answer/get?filters=${byQuestion}`)).json().totalItems).toBe(2);
  });

  it('answers need an existing question and a body; other roles cannot answer', async () => {
    expect((await call('POST', '/admin/answer/add', { questionId: 999999, body: 'x' })).statusCode).toBe(409);
    const empty = await call('POST', '/admin/answer/add', { questionId: 1, body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0].path).toEqual(['body']);
    expect(
      (await call('POST', '/admin/answer/add', { questionId: 1, body: 'x' }, await t.tokenFor('MARKETING'))).statusCode,
    ).toBe(403);
  });
});
