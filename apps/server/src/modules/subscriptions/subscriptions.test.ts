import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, subscriptions, upfrontDeposits, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepDepositExpiry } from './sweep-deposit-expiry';

let t: TestApp;
let admin: string;
let negotiator: string;
let motivator: string;
let plans: { basic: number; pro: number; retired: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  negotiator = await t.tokenFor('NEGOTIATOR');
  motivator = await t.tokenFor('MOTIVATOR');
  const add = async (payload: Record<string, unknown>) => {
    const res = await t.call({ method: 'POST', url: '/admin/plan/add', token: admin, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  plans = {
    basic: await add({ name: 'Basic', kind: 'Standard', priceMinor: 2500000, currency: 'INR', durationMonths: 6 }),
    pro: await add({
      name: 'Pro Placement',
      kind: 'Pro',
      priceMinor: 4999900,
      currency: 'INR',
      durationMonths: 12,
      upfrontDepositMinor: 500000,
      depositValidityDays: 9,
    }),
    retired: await add({
      name: 'Old plan',
      kind: 'Standard',
      priceMinor: 1000,
      currency: 'USD',
      durationMonths: 1,
      active: false,
    }),
  };
});
afterAll(() => t.close());

const learner = async (email: string) => {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
};
const addPlan = (token: string, payload: Record<string, unknown>, url = '/admin/user/plan/add') =>
  t.call({ method: 'POST', url, token, payload });

describe('/admin/plan/*: plans with money in minor units', () => {
  it('ADMIN sets plans; 19.99 is refused where minor units are expected; a deposit above the price is refused', async () => {
    const float = await t.call({
      method: 'POST',
      url: '/admin/plan/add',
      token: admin,
      payload: { name: 'Float', kind: 'Standard', priceMinor: 19.99, currency: 'INR', durationMonths: 1 },
    });
    expect(float.statusCode).toBe(400);
    expect(float.json().issues).toEqual([
      { path: ['priceMinor'], message: 'Amounts are whole numbers of the smallest unit (paise, cents)' },
    ]);
    const deposit = await t.call({
      method: 'POST',
      url: '/admin/plan/add',
      token: admin,
      payload: {
        name: 'Deposit too big',
        kind: 'Pro',
        priceMinor: 100,
        currency: 'INR',
        durationMonths: 1,
        upfrontDepositMinor: 101,
      },
    });
    expect(deposit.statusCode).toBe(400);
    expect(deposit.json().issues[0].path).toEqual(['upfrontDepositMinor']);
    const euro = await t.call({
      method: 'POST',
      url: '/admin/plan/add',
      token: admin,
      payload: { name: 'Euro', kind: 'Pro', priceMinor: 100, currency: 'EUR', durationMonths: 1 },
    });
    expect(euro.statusCode).toBe(400);
    expect(euro.json().issues[0].path).toEqual(['currency']);
  });

  it('negotiators, marketing and motivators read plans; only ADMIN writes them', async () => {
    const list = await t.call({ method: 'GET', url: '/admin/plan/get', token: negotiator });
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Basic', 'Old plan', 'Pro Placement']);
    const write = await t.call({
      method: 'POST',
      url: '/admin/plan/add',
      token: negotiator,
      payload: { name: 'Mine', kind: 'Standard', priceMinor: 1, currency: 'INR', durationMonths: 1 },
    });
    expect(write.statusCode).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/admin/plan/get', token: await t.tokenFor('MENTOR') })).statusCode,
    ).toBe(403);
  });
});

describe('plans: update (versioned) and delete', () => {
  it('ADMIN updates a plan with its version; a stale one is a 409; a used plan cannot be deleted', async () => {
    const plan = (await t.call({ method: 'GET', url: `/admin/plan/get/${plans.basic}`, token: admin })).json();
    expect(plan).toMatchObject({ name: 'Basic', priceMinor: 2500000, currency: 'INR', active: true });
    const put = (payload: Record<string, unknown>, token = admin) =>
      t.call({ method: 'PUT', url: `/admin/plan/update/${plans.basic}`, token, payload });
    expect((await put({ priceMinor: 2600000, version: plan.version }, negotiator)).statusCode).toBe(403);
    expect((await put({ priceMinor: 26000.5, version: plan.version })).statusCode).toBe(400);
    const updated = await put({ priceMinor: 2600000, version: plan.version });
    expect(updated.json()).toMatchObject({ priceMinor: 2600000, version: plan.version + 1 });
    expect((await put({ priceMinor: 2700000, version: plan.version })).statusCode).toBe(409);
    // Back to the price the later tests expect.
    await put({ priceMinor: 2500000, version: plan.version + 1 });
    const spare = await t.call({
      method: 'POST',
      url: '/admin/plan/add',
      token: admin,
      payload: { name: 'Spare', kind: 'Standard', priceMinor: 100, currency: 'USD', durationMonths: 1 },
    });
    const removed = await t.call({ method: 'DELETE', url: `/admin/plan/delete/${spare.json().id}`, token: admin });
    expect(removed.statusCode).toBe(200);
  });
});

describe('POST /admin/user/plan/add and POST /admin/subscription', () => {
  it('subscribes a learner at the plan price, with its deposit; Plans, Pro Plan and Upfront Status follow', async () => {
    const l1 = await learner('l1@test.local');
    const res = await addPlan(negotiator, { userId: l1.id, planId: plans.pro, startDate: '2026-01-01' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      userId: l1.id,
      userLabel: 'Learner One',
      planId: plans.pro,
      planLabel: 'Pro Placement',
      status: 'Active',
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      priceMinor: 4999900,
      currency: 'INR',
      depositStatus: 'Pending',
      createdByName: 'Test Negotiator',
    });
    const [deposit] = await t.db.select().from(upfrontDeposits).where(eq(upfrontDeposits.userId, l1.id));
    expect(deposit).toMatchObject({ amountMinor: 500000, currency: 'INR', status: 'Pending', expiresOn: '2026-01-10' });
    expect(res.json().depositId).toBe(deposit.id);
    const after = await learner('l1@test.local');
    expect(after).toMatchObject({ planId: plans.pro, proPlanId: plans.pro, upfrontStatus: 'Pending' });
    expect(after.version).toBe(l1.version + 1);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, l1.id));
    expect(entries.map((e) => `${e.entity}:${e.action}`)).toEqual(
      expect.arrayContaining(['subscription:create', 'upfrontDeposit:create', 'user:syncPlan']),
    );
    // The learner list's filters read the same facts.
    const byPlan = encodeURIComponent(JSON.stringify([{ field: 'proPlanId', operator: '=', value: plans.pro }]));
    const list = await t.call({ method: 'GET', url: `/admin/user/get?filters=${byPlan}`, token: admin });
    expect(list.json().data.map((u: { email: string }) => u.email)).toEqual(['l1@test.local']);
    expect(list.json().data[0].proPlanLabel).toBe('Pro Placement');
  });

  it('a second plan is a 409 that changes nothing, unless replaceActive ends the current one', async () => {
    const l1 = await learner('l1@test.local');
    const refused = await addPlan(negotiator, { userId: l1.id, planId: plans.basic });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already has an active subscription to Pro Placement/);
    expect(await learner('l1@test.local')).toEqual(l1);
    const replaced = await addPlan(
      negotiator,
      { userId: l1.id, planId: plans.basic, startDate: '2026-03-01', replaceActive: true },
      '/admin/subscription',
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json()).toMatchObject({ planLabel: 'Basic', depositStatus: null, endDate: '2026-09-01' });
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, l1.id));
    expect(rows.map((r) => [r.status, r.endDate]).sort()).toEqual([
      ['Active', '2026-09-01'],
      ['Ended', '2026-02-28'],
    ]);
    expect(await learner('l1@test.local')).toMatchObject({
      planId: plans.basic,
      proPlanId: null,
      upfrontStatus: 'Not Required',
    });
  });

  it('bad input is a 400 naming the field, nothing written', async () => {
    const l2 = await learner('l2@test.local');
    const cases: [Record<string, unknown>, string][] = [
      [{ userId: l2.id }, 'planId'],
      [{ userId: l2.id, planId: plans.basic, priceMinor: 1 }, 'priceMinor'],
      [{ userId: l2.id, planId: plans.retired }, 'planId'],
      [{ userId: l2.id, planId: 999_999 }, 'planId'],
      [{ userId: l2.id, planId: plans.basic, startDate: '2026-02-30' }, 'startDate'],
      [{ userId: 'two', planId: plans.basic }, 'userId'],
    ];
    for (const [payload, field] of cases) {
      const res = await addPlan(negotiator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues[0].path[0], JSON.stringify(payload)).toBe(field);
    }
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, l2.id))).toEqual([]);
  });

  it('wrong role 403; a staff account or an unknown learner is a 404', async () => {
    const l2 = await learner('l2@test.local');
    expect((await addPlan(motivator, { userId: l2.id, planId: plans.basic })).statusCode).toBe(403);
    expect((await addPlan(await t.tokenFor('HR'), { userId: l2.id, planId: plans.basic })).statusCode).toBe(403);
    expect((await addPlan(negotiator, { userId: await t.userId('HR'), planId: plans.basic })).statusCode).toBe(404);
    expect((await addPlan(negotiator, { userId: 999_999, planId: plans.basic })).statusCode).toBe(404);
  });

  it('two plans added to one learner at the same moment: one wins, the other is a 409', async () => {
    const l3 = await learner('l3@test.local');
    const [a, b] = await Promise.all([
      addPlan(negotiator, { userId: l3.id, planId: plans.basic }),
      addPlan(admin, { userId: l3.id, planId: plans.pro }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const active = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, l3.id), eq(subscriptions.status, 'Active')));
    expect(active).toHaveLength(1);
  });
});

describe('GET /admin/subscription/all and PUT /admin/subscription/{id}', () => {
  it('lists by learner, inside the reader’s scope', async () => {
    const l1 = await learner('l1@test.local');
    const all = await t.call({ method: 'GET', url: '/admin/subscription/all', token: admin });
    expect(all.json().totalItems).toBe(3);
    const mine = await t.call({ method: 'GET', url: `/admin/subscription/all?userId=${l1.id}`, token: admin });
    expect(mine.json().data.map((s: { planLabel: string }) => s.planLabel)).toEqual(['Basic', 'Pro Placement']);
    // A motivator sees their own learners' (l1, l4), not l3's.
    const scoped = await t.call({ method: 'GET', url: '/admin/subscription/all', token: motivator });
    expect(scoped.json().data.map((s: { userLabel: string }) => s.userLabel)).toEqual(['Learner One', 'Learner One']);
    expect(
      (await t.call({ method: 'GET', url: '/admin/subscription/all', token: await t.tokenFor('MENTOR') })).statusCode,
    ).toBe(403);
  });

  it('GET /admin/subscription/get and get/{id} read inside the scope; a plan in use cannot be deleted', async () => {
    const l1 = await learner('l1@test.local');
    const [mine] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, l1.id)).limit(1);
    const one = await t.call({ method: 'GET', url: `/admin/subscription/get/${mine.id}`, token: motivator });
    expect(one.json()).toMatchObject({ id: mine.id, userId: l1.id, currency: 'INR' });
    const l3 = await learner('l3@test.local');
    const [theirs] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, l3.id)).limit(1);
    expect(
      (await t.call({ method: 'GET', url: `/admin/subscription/get/${theirs.id}`, token: motivator })).statusCode,
    ).toBe(404);
    const list = await t.call({ method: 'GET', url: '/admin/subscription/get', token: negotiator });
    expect(list.json().totalItems).toBe(3);
    const used = await t.call({ method: 'DELETE', url: `/admin/plan/delete/${plans.basic}`, token: admin });
    expect(used.statusCode).toBe(409);
  });

  it('cancels along the subscription flow, versioned; an ended one cannot come back (409 naming the moves)', async () => {
    const l1 = await learner('l1@test.local');
    const [active] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, l1.id), eq(subscriptions.status, 'Active')));
    const put = (payload: Record<string, unknown>, token = negotiator) =>
      t.call({ method: 'PUT', url: `/admin/subscription/${active.id}`, token, payload });
    expect((await put({ status: 'Cancelled', version: active.version }, motivator)).statusCode).toBe(403);
    const unknown = await put({ priceMinor: 1, version: active.version });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0]).toMatchObject({ path: ['priceMinor'], message: 'Unknown field' });
    const early = await put({ endDate: '2025-01-01', version: active.version });
    expect(early.statusCode).toBe(400);
    expect(early.json().issues[0].path).toEqual(['endDate']);
    const cancelled = await put({ status: 'Cancelled', notes: 'Asked to stop', version: active.version });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'Cancelled', version: active.version + 1 });
    expect(await learner('l1@test.local')).toMatchObject({ planId: null, upfrontStatus: 'Not Required' });
    const stale = await put({ notes: 'again', version: active.version });
    expect(stale.statusCode).toBe(409);
    const back = await put({ status: 'Active', version: active.version + 1 });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'CONFLICT', state: 'Cancelled', allowed: [] });
  });
});

describe('upfront deposits: GET, extend-expiration, record-payment, and the expiry sweep', () => {
  let depositId: number;
  let l4: typeof users.$inferSelect;
  beforeAll(async () => {
    l4 = await learner('l4@test.local');
    const res = await addPlan(negotiator, { userId: l4.id, planId: plans.pro, startDate: '2026-01-01' });
    depositId = res.json().depositId;
  });
  const deposit = async () => (await t.db.select().from(upfrontDeposits).where(eq(upfrontDeposits.id, depositId)))[0];

  it('GET /admin/subscription/upfront-deposit/{id} answers the deposit in its scope', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/admin/subscription/upfront-deposit/${depositId}`,
      token: motivator,
    });
    expect(res.json()).toMatchObject({ id: depositId, amountMinor: 500000, currency: 'INR', status: 'Pending' });
    const l3 = await learner('l3@test.local');
    const [other] = await t.db.select().from(upfrontDeposits).where(eq(upfrontDeposits.userId, l3.id));
    if (other) {
      const outside = await t.call({
        method: 'GET',
        url: `/admin/subscription/upfront-deposit/${other.id}`,
        token: motivator,
      });
      expect(outside.statusCode).toBe(404);
    }
    const list = await t.call({
      method: 'GET',
      url: `/admin/subscription/upfront-deposit?userId=${l4.id}`,
      token: admin,
    });
    expect(list.json().data.map((d: { id: number }) => d.id)).toEqual([depositId]);
  });

  it('the sweep expires deposits past their day, once, audited as the system', async () => {
    expect(await sweepDepositExpiry(t.db, new Date('2026-01-10T23:59:59Z'))).toEqual({ expired: 0 });
    expect((await deposit()).status).toBe('Pending');
    // l4's deposit, and l1's of the plan replaced earlier (never paid, past its day too).
    expect(await sweepDepositExpiry(t.db, new Date('2026-01-11T00:00:00Z'))).toEqual({ expired: 2 });
    expect(await sweepDepositExpiry(t.db, new Date('2026-01-12T00:00:00Z'))).toEqual({ expired: 0 });
    expect((await deposit()).status).toBe('Expired');
    expect((await learner('l4@test.local')).upfrontStatus).toBe('Expired');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'upfrontDeposit'), eq(auditLog.action, 'expire')));
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.entityId === String(depositId))).toMatchObject({
      actorId: null,
      actorName: 'System',
      source: 2,
      subjectUserId: l4.id,
    });
  });

  it('two sweeps racing expire each deposit once', async () => {
    const l2 = await learner('l2@test.local');
    const res = await addPlan(negotiator, { userId: l2.id, planId: plans.pro, startDate: '2026-01-01' });
    expect(res.statusCode).toBe(201);
    const now = new Date('2026-02-01T00:00:00Z');
    const [a, b] = await Promise.all([sweepDepositExpiry(t.db, now), sweepDepositExpiry(t.db, now)]);
    expect(a.expired + b.expired).toBe(1);
  });

  it('extend-expiration: bad input 400, wrong role 403, an expired deposit becomes Pending again', async () => {
    const extend = (payload: Record<string, unknown>, token = negotiator, id = depositId) =>
      t.call({ method: 'POST', url: `/admin/subscription/upfront-deposit/${id}/extend-expiration`, token, payload });
    const d = await deposit();
    const later = `${new Date().getUTCFullYear() + 1}-06-30`;
    expect(
      (await extend({ expiresOn: later, reason: 'Salary delayed', version: d.version }, motivator)).statusCode,
    ).toBe(403);
    const noReason = await extend({ expiresOn: later, version: d.version });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0].path).toEqual(['reason']);
    const earlier = await extend({ expiresOn: '2026-01-05', reason: 'x', version: d.version });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().issues[0]).toMatchObject({ path: ['expiresOn'] });
    expect((await extend({ expiresOn: later, reason: 'x', version: d.version }, negotiator, 999_999)).statusCode).toBe(
      404,
    );
    const ok = await extend({ expiresOn: later, reason: 'Salary delayed', version: d.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'Pending', expiresOn: later, extensionReason: 'Salary delayed' });
    expect((await learner('l4@test.local')).upfrontStatus).toBe('Pending');
    const stale = await extend({
      expiresOn: `${new Date().getUTCFullYear() + 2}-01-01`,
      reason: 'x',
      version: d.version,
    });
    expect(stale.statusCode).toBe(409);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'upfrontDeposit'), eq(auditLog.action, 'extendExpiration')));
    expect(audit).toHaveLength(1);
  });

  it('record-payment makes it Paid; a paid deposit cannot be extended (409 naming the moves, nothing changed)', async () => {
    const d = await deposit();
    const future = await t.call({
      method: 'POST',
      url: `/admin/subscription/upfront-deposit/${depositId}/record-payment`,
      token: negotiator,
      payload: { paidOn: `${new Date().getUTCFullYear() + 1}-01-01`, version: d.version },
    });
    expect(future.statusCode).toBe(400);
    const paid = await t.call({
      method: 'POST',
      url: `/admin/subscription/upfront-deposit/${depositId}/record-payment`,
      token: negotiator,
      payload: { paidOn: '2026-01-20', version: d.version },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'Paid', paidOn: '2026-01-20' });
    expect((await learner('l4@test.local')).upfrontStatus).toBe('Paid');
    const before = await deposit();
    const refused = await t.call({
      method: 'POST',
      url: `/admin/subscription/upfront-deposit/${depositId}/extend-expiration`,
      token: negotiator,
      payload: { expiresOn: `${new Date().getUTCFullYear() + 2}-01-01`, reason: 'x', version: before.version },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ state: 'Paid', allowed: [] });
    expect(await deposit()).toEqual(before);
    // The sweep leaves paid deposits alone (others still Pending may expire).
    await sweepDepositExpiry(t.db, new Date('2030-01-01T00:00:00Z'));
    expect(await deposit()).toEqual(before);
  });
});
