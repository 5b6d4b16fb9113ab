import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

/** Search by any field that identifies a record (issue 18, finding 4; decision 039). */
let t: TestApp;
let twinA: number;
let twinB: number;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .insert(users)
    .values([
      { name: 'Asha Twin', email: 'asha.one@example.com', phone: '+91 98765 43210', passwordHash: 'x', roleId: 2 },
      { name: 'Asha Twin', email: 'asha.two@example.com', phone: '9123456780', passwordHash: 'x', roleId: 2 },
      { name: 'Ravi 50% Off', email: 'ravi@example.com', phone: '(080) 4444-5555', passwordHash: 'x', roleId: 2 },
    ])
    .returning({ id: users.id });
  [twinA, twinB] = rows.map((r) => r.id);
  await t.db
    .insert(enquiries)
    .values({ name: 'Meera', email: 'meera@example.com', phone: '98450 12345', message: 'Hello there' });
});
afterAll(() => t.close());

const search = (value: string) =>
  `filters=${encodeURIComponent(JSON.stringify([{ field: 'search', operator: 'like', value }]))}`;

async function learners(value: string, role: Parameters<TestApp['tokenFor']>[0] = 'ADMIN') {
  const res = await t.call({ method: 'GET', url: `/admin/user/get?${search(value)}`, token: await t.tokenFor(role) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { id: number; email: string }[]; totalItems: number };
  expect(body.totalItems).toBe(body.data.length);
  return body.data.map((u) => u.email).sort();
}

describe('the list search: id, email, phone in any format, name', () => {
  it('finds a learner by name, both of two with the same name, and by part of an email', async () => {
    expect(await learners('asha twin')).toEqual(['asha.one@example.com', 'asha.two@example.com']);
    expect(await learners('ASHA.TWO@example')).toEqual(['asha.two@example.com']);
    expect(await learners('two@')).toEqual(['asha.two@example.com']);
  });

  it('finds a learner by their id exactly, not by ids that contain it', async () => {
    expect(await learners(String(twinB))).toEqual(['asha.two@example.com']);
    expect(await learners(String(twinA))).toEqual(['asha.one@example.com']);
  });

  it('finds a learner by phone however it is written', async () => {
    for (const phone of ['+91 98765 43210', '9876543210', '098765-43210', '+919876543210', '(98765) 43210']) {
      expect(await learners(phone), phone).toEqual(['asha.one@example.com']);
    }
    expect(await learners('08044445555')).toEqual(['ravi@example.com']);
    expect(await learners('91234 56780')).toEqual(['asha.two@example.com']);
    // Part of a number is not a number: nothing, and never every learner.
    expect(await learners('98765')).toEqual([]);
  });

  it('takes wildcards literally and matches a short term at the start only', async () => {
    expect(await learners('50%')).toEqual(['ravi@example.com']);
    expect(await learners('%')).toEqual([]);
    expect(await learners('as')).toEqual(['asha.one@example.com', 'asha.two@example.com']);
    expect(await learners('ha')).toEqual([]);
  });

  it('keeps row scopes: a MOTIVATOR finds only their own learners', async () => {
    expect(await learners('asha', 'MOTIVATOR')).toEqual([]);
  });

  it('searches the same way twice (a prepared list) and answers the same rows to CSV', async () => {
    expect(await learners('9876543210')).toEqual(['asha.one@example.com']);
    expect(await learners('9123456780')).toEqual(['asha.two@example.com']);
    const csv = await t.call({
      method: 'GET',
      url: `/admin/user/download-csv?${search('asha twin')}`,
      token: await t.tokenFor('ADMIN'),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(1 + 2);
  });

  it('refuses a search that is empty, too long or not `like`, with the reason (400)', async () => {
    const token = await t.tokenFor('ADMIN');
    for (const [filter, message] of [
      [{ field: 'search', operator: 'like', value: '  ' }, 'Search must not be empty'],
      [{ field: 'search', operator: 'like', value: 'x'.repeat(101) }, 'Search must be at most 100 characters'],
      [{ field: 'search', operator: '=', value: 'x' }, 'Search must use the operator "like"'],
    ] as const) {
      const res = await t.call({
        method: 'GET',
        url: `/admin/user/get?filters=${encodeURIComponent(JSON.stringify([filter]))}`,
        token,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual([message]);
    }
  });

  it('searches every resource that declares its identifying fields: enquiries by phone and email', async () => {
    const token = await t.tokenFor('ADMIN');
    for (const value of ['+91 98450 12345', 'MEERA@example.com']) {
      const res = await t.call({ method: 'GET', url: `/admin/enquiry/get?${search(value)}`, token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((e: { name: string }) => e.name)).toEqual(['Meera']);
    }
  });
});
