import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPreferences } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 8, finding 5: preferences live on the server per user, so logout (which clears the
// browser's storage) and a new browser keep them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token: string) => t.call({ method: 'GET', url: '/admin/preferences', token });
const put = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: '/admin/preferences', token, payload });

describe('/admin/preferences', () => {
  it('starts empty, keeps what is saved across sessions, per user', async () => {
    const first = await t.tokenFor('MARKETING');
    expect((await get(first)).json()).toEqual({});
    const saved = await put(first, {
      theme: 'dark',
      lists: {
        blogs: {
          columns: ['title', 'status'],
          size: 50,
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    // A new session (another browser, or after logout) gets them back.
    const second = await t.tokenFor('MARKETING');
    expect((await get(second)).json()).toEqual(saved.json());
    expect(saved.json()).toMatchObject({ theme: 'dark', lists: { blogs: { columns: ['title', 'status'], size: 50 } } });
    // Someone else's are their own.
    expect((await get(await t.tokenFor('HR'))).json()).toEqual({});
  });

  it('merges list by list and key by key; null clears a choice', async () => {
    const token = await t.tokenFor('MENTOR');
    await put(token, { lists: { events: { columns: ['title'], size: 10 } } });
    await put(token, { theme: 'light', lists: { learners: { columns: ['name'] } } });
    await put(token, { lists: { events: { size: null } } });
    expect((await get(token)).json()).toEqual({
      theme: 'light',
      lists: { events: { columns: ['title'] }, learners: { columns: ['name'] } },
    });
  });

  it('saved views are not preferences any more (decision 020): one sent is refused, one stored is dropped', async () => {
    const token = await t.tokenFor('MENTOR');
    const sent = await put(token, { lists: { events: { views: [{ name: 'All' }] } } });
    expect(sent.statusCode).toBe(400);
    // A row written before the move, with a view left in it, still reads (the view dropped).
    const id = await t.userId('MENTOR');
    await t.db
      .update(userPreferences)
      .set({ preferences: { theme: 'dark', lists: { events: { size: 50, views: [{ name: 'Old' }] } } } })
      .where(eq(userPreferences.userId, id));
    expect((await get(token)).json()).toEqual({ theme: 'dark', lists: { events: { size: 50 } } });
  });

  it('refuses what it cannot keep, in words for people; learners have no console preferences', async () => {
    const token = await t.tokenFor('MENTOR');
    const bad = await put(token, { theme: 'neon', lists: { blogs: { size: 1000 } } });
    expect(bad.statusCode).toBe(400);
    const messages = (bad.json().issues as { message: string }[]).map((i) => i.message);
    expect(messages).toContain('Choose 10, 14, 50 or 100 rows a page');
    expect(messages).toContain('Choose one of: light, dark');
    expect((await get(await t.tokenFor('USER'))).statusCode).toBe(403);
  });
});
