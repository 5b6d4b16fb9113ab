import { ISA_STATUSES, PLACEMENT_PAYMENT_STATUSES } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
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

  it('draws the ISA funnel and the placement payments from the learners the role sees, every state in order', async () => {
    const set = (email: string, values: Partial<typeof users.$inferInsert>) =>
      t.db.update(users).set(values).where(eq(users.email, email));
    await set('l1@test.local', { isaStatus: 'ISA Submitted', placementPaymentStatus: 'MOCK_COMPLETED' });
    await set('l2@test.local', { isaStatus: 'Document Submission Overdue', placementPaymentStatus: 'PAYMENT_HOLD' });
    await set('l4@test.local', { placementPaymentStatus: 'PLACEMENT_PAYMENT_DONE' });
    // Staff rows never count, whatever they hold.
    await set('hr@test.local', { isaStatus: 'ISA Expired', placementPaymentStatus: 'NOT_QUALIFIED' });

    const admin = (
      await t.call({ method: 'GET', url: '/admin/dashboard/stats', token: await t.tokenFor('ADMIN') })
    ).json();
    expect(admin.progress.isaFunnel.map((r: { status: string }) => r.status)).toEqual(ISA_STATUSES.map((s) => s.value));
    const isa = Object.fromEntries(
      admin.progress.isaFunnel.map((r: { status: string; learners: number }) => [r.status, r.learners]),
    );
    expect(isa).toMatchObject({
      'Not Assigned': 2,
      'Document Submission Overdue': 1,
      'ISA Submitted': 1,
      'ISA Verified': 1,
      'ISA Expired': 0,
    });
    // The colours of §4: red for overdue, orange for submitted, green for verified.
    const colour = (status: string) =>
      admin.progress.isaFunnel.find((r: { status: string }) => r.status === status).color;
    expect([colour('Document Submission Overdue'), colour('ISA Submitted'), colour('ISA Verified')]).toEqual([
      'red',
      'orange',
      'green',
    ]);
    expect(admin.progress.placementPayments.map((r: { status: string }) => r.status)).toEqual(
      PLACEMENT_PAYMENT_STATUSES.map((s) => s.value),
    );
    const pay = Object.fromEntries(
      admin.progress.placementPayments.map((r: { status: string; learners: number }) => [r.status, r.learners]),
    );
    expect(pay).toMatchObject({
      NOT_OPTED: 2,
      MOCK_COMPLETED: 1,
      PAYMENT_HOLD: 1,
      PLACEMENT_PAYMENT_DONE: 1,
      NOT_QUALIFIED: 0,
    });

    // A motivator sees their own learners (One and Four) only.
    const motivator = (
      await t.call({ method: 'GET', url: '/admin/dashboard/stats', token: await t.tokenFor('MOTIVATOR') })
    ).json();
    const mine = (rows: { status: string; learners: number }[]) =>
      Object.fromEntries(rows.filter((r) => r.learners > 0).map((r) => [r.status, r.learners]));
    expect(mine(motivator.progress.isaFunnel)).toEqual({ 'ISA Submitted': 1, 'ISA Verified': 1 });
    expect(mine(motivator.progress.placementPayments)).toEqual({ MOCK_COMPLETED: 1, PLACEMENT_PAYMENT_DONE: 1 });
  });
});
