import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const emails = async (role: Parameters<TestApp['tokenFor']>[0]) => {
  const res = await t.call({ method: 'GET', url: '/admin/user/get?sort=email', token: await t.tokenFor(role) });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((u: { email: string }) => u.email);
};

describe('GET /admin/user/get: learners only, row scopes per role', () => {
  it('ADMIN and HR see every learner and no staff, and no secrets', async () => {
    // The fixture USER account is a learner too.
    expect(await emails('ADMIN')).toEqual([
      'l1@test.local',
      'l2@test.local',
      'l3@test.local',
      'l4@test.local',
      'user@test.local',
    ]);
    expect(await emails('HR')).toHaveLength(5);
    const res = await t.call({ method: 'GET', url: '/admin/user/get', token: await t.tokenFor('ADMIN') });
    expect(Object.keys(res.json().data[0])).not.toContain('passwordHash');
    expect(Object.keys(res.json().data[0])).not.toContain('twoFactorSecret');
  });

  it('a COLLEGE_ADMIN sees their college, a MOTIVATOR their learners, a MENTOR their batches', async () => {
    expect(await emails('COLLEGE_ADMIN')).toEqual(['l1@test.local', 'l2@test.local']);
    expect(await emails('MOTIVATOR')).toEqual(['l1@test.local', 'l4@test.local']);
    expect(await emails('MENTOR')).toEqual(['l1@test.local', 'l3@test.local']);
  });

  it('scopes reach single reads and exports too', async () => {
    const all = (await t.call({ method: 'GET', url: '/admin/user/get', token: await t.tokenFor('ADMIN') })).json().data;
    const l2 = all.find((u: { email: string }) => u.email === 'l2@test.local');
    const motivator = await t.tokenFor('MOTIVATOR');
    expect((await t.call({ method: 'GET', url: `/admin/user/get/${l2.id}`, token: motivator })).statusCode).toBe(404);
    const csv = await t.call({ method: 'GET', url: '/admin/user/download-csv', token: motivator });
    expect(csv.body).toContain('l1@test.local');
    expect(csv.body).not.toContain('l2@test.local');
    expect(
      (await t.call({ method: 'GET', url: '/admin/user/download-csv', token: await t.tokenFor('MENTOR') })).statusCode,
    ).toBe(403);
  });

  it('filters by the learner filter fields', async () => {
    const f = encodeURIComponent(JSON.stringify([{ field: 'isaStatus', operator: '=', value: 'ISA Verified' }]));
    const res = await t.call({
      method: 'GET',
      url: `/admin/user/get?filters=${f}`,
      token: await t.tokenFor('NEGOTIATOR'),
    });
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual(['l4@test.local']);
    expect(
      (await t.call({ method: 'GET', url: '/admin/user/get', token: await t.tokenFor('MARKETING') })).statusCode,
    ).toBe(403);
  });
});
