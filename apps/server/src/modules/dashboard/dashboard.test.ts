import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /admin/dashboard/stats', () => {
  it('answers real figures for the four tabs', async () => {
    const marketing = await t.tokenFor('MARKETING');
    await t.call({ method: 'POST', url: '/admin/blog/add', token: marketing, payload: { title: 'A', content: 'x' } });
    await t.call({
      method: 'POST',
      url: '/admin/blog/add',
      token: marketing,
      payload: { title: 'B', content: 'x', status: 'Archived' },
    });
    await t.call({
      method: 'POST',
      url: '/admin/event/add',
      token: marketing,
      payload: { title: 'Soon', startsAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    await t.call({
      method: 'POST',
      url: '/admin/event/add',
      token: marketing,
      payload: { title: 'Past', startsAt: '2020-01-01T00:00:00Z' },
    });
    const res = await t.call({ method: 'GET', url: '/admin/dashboard/stats', token: await t.tokenFor('ADMIN') });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.home).toEqual({ learners: 5, activeLearners: 5, staff: 9, blogs: 2, upcomingEvents: 1 });
    expect(s.studies.byIsaStatus).toEqual([
      { label: 'Not Assigned', value: 4 },
      { label: 'ISA Verified', value: 1 },
    ]);
    expect(s.stories).toMatchObject({ liveBlogs: 1, archivedBlogs: 1 });
    expect(s.stories.recentBlogs.map((b: { title: string }) => b.title)).toEqual(['B', 'A']);
    expect(s.progress.weeks).toHaveLength(12);
    expect(s.progress.weeks.at(-1).registrations).toBe(5);
  });

  it("counts only the learners a scoped role may see (a college admin: their college's)", async () => {
    const res = await t.call({
      method: 'GET',
      url: '/admin/dashboard/stats',
      token: await t.tokenFor('COLLEGE_ADMIN'),
    });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.home).toMatchObject({ learners: 2, activeLearners: 2 });
    expect(s.studies.byIsaStatus).toEqual([{ label: 'Not Assigned', value: 2 }]);
    expect(s.progress.weeks.at(-1).registrations).toBe(2);
    const motivator = (
      await t.call({ method: 'GET', url: '/admin/dashboard/stats', token: await t.tokenFor('MOTIVATOR') })
    ).json();
    expect(motivator.home.learners).toBe(2);
  });

  it('is refused to learners', async () => {
    const learner = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'l1@test.local', password: 'correct horse battery' },
    });
    expect(
      (await t.call({ method: 'GET', url: '/admin/dashboard/stats', token: learner.json().token })).statusCode,
    ).toBe(403);
  });
});
