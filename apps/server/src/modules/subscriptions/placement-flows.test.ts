import {
  allowedMoves,
  type Flow,
  LEARNER_FLOWS,
  PLACEMENT_PAYMENT_MACHINE,
  PLACEMENT_PENALTY_MACHINE,
} from '@cohort/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let negotiator: string;
let learnerId: number;
beforeAll(async () => {
  t = await createTestApp();
  negotiator = await t.tokenFor('NEGOTIATOR');
  const [l] = await t.db.select().from(users).where(eq(users.email, 'l2@test.local'));
  learnerId = l.id;
});
afterAll(() => t.close());

const row = async () => (await t.db.select().from(users).where(eq(users.id, learnerId)))[0];
const put = async (values: Partial<typeof users.$inferInsert>) => {
  await t.db.update(users).set(values).where(eq(users.id, learnerId));
  return row();
};

/** Every state x every move of a flow through its call: allowed ones answer 200, the rest 409 with nothing changed. */
async function exhaust(machine: Flow, url: string, extra: (to: string) => Record<string, unknown> = () => ({})) {
  let calls = 0;
  for (const from of machine.states) {
    for (const to of machine.states) {
      const before = await put({ [machine.field]: from } as Partial<typeof users.$inferInsert>);
      const res = await t.call({
        method: 'POST',
        url,
        token: negotiator,
        payload: { userId: learnerId, [machine.field]: to, ...extra(to), version: before.version },
      });
      const allowed = allowedMoves(machine, from);
      calls++;
      if (allowed.includes(to)) {
        expect(res.statusCode, `${from} -> ${to}: ${res.body}`).toBe(200);
        expect(res.json()[machine.field]).toBe(to);
      } else {
        expect(res.statusCode, `${from} -> ${to}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'CONFLICT', state: from, allowed: [...allowed] });
        expect(await row(), `${from} -> ${to} changed nothing`).toEqual(before);
      }
    }
  }
  return calls;
}

describe('the placement flows through the API, exhaustively', () => {
  it('placement payment: 9 states x 9 moves', async () => {
    expect(await exhaust(PLACEMENT_PAYMENT_MACHINE, '/admin/user/placement-payment/update')).toBe(81);
  }, 60_000);

  it('placement penalty: 4 states x 4 moves (a required penalty names its reason)', async () => {
    const calls = await exhaust(PLACEMENT_PENALTY_MACHINE, '/admin/user/placement-penalty/update', (to) =>
      to === 'Required and Pending' ? { placementPenaltyReason: 'Missed Interview' } : {},
    );
    expect(calls).toBe(16);
  }, 60_000);

  it('a move is audited under its action with the state before and after', async () => {
    const before = await put({ placementPenaltyPaymentStatus: 'Not Required' });
    const res = await t.call({
      method: 'POST',
      url: '/admin/user/placement-penalty/update',
      token: negotiator,
      payload: {
        userId: learnerId,
        placementPenaltyPaymentStatus: 'Required and Pending',
        placementPenaltyReason: 'Bond Negotiation',
        version: before.version,
      },
    });
    expect(res.json()).toMatchObject({ placementPenaltyReason: 'Bond Negotiation' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'updatePenalty'), eq(auditLog.subjectUserId, learnerId)))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(0);
    expect(entry).toBeTruthy();
    const last = (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'updatePenalty'), eq(auditLog.subjectUserId, learnerId)))
    ).at(-1);
    expect(last?.before).toMatchObject({ placementPenaltyPaymentStatus: 'Not Required' });
    expect(last?.after).toMatchObject({
      placementPenaltyPaymentStatus: 'Required and Pending',
      placementPenaltyReason: 'Bond Negotiation',
    });
  });

  it('a revert from the history is held to the flow too: Paid cannot go back to a CIBIL check', async () => {
    const start = await put({ placementPenaltyPaymentStatus: 'Pending CIBIL check' });
    const paid = await t.call({
      method: 'POST',
      url: '/admin/user/placement-penalty/update',
      token: negotiator,
      payload: { userId: learnerId, placementPenaltyPaymentStatus: 'Paid', version: start.version },
    });
    expect(paid.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'updatePenalty'), eq(auditLog.subjectUserId, learnerId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const before = await row();
    const revert = await t.call({
      method: 'POST',
      url: '/admin/user/history/revert',
      token: negotiator,
      payload: { auditId: entry.id, field: 'placementPenaltyPaymentStatus', version: before.version },
    });
    expect(revert.statusCode).toBe(409);
    expect(revert.json().message).toMatch(/cannot move from Paid to Pending CIBIL check/);
    expect(await row()).toEqual(before);
  });

  it('bad input 400 (a penalty without its reason, an unknown state); wrong role 403', async () => {
    const before = await put({ placementPenaltyPaymentStatus: 'Not Required' });
    const noReason = await t.call({
      method: 'POST',
      url: '/admin/user/placement-penalty/update',
      token: negotiator,
      payload: { userId: learnerId, placementPenaltyPaymentStatus: 'Required and Pending', version: before.version },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([
      { path: ['placementPenaltyReason'], message: 'Choose the reason for the penalty' },
    ]);
    const unknown = await t.call({
      method: 'POST',
      url: '/admin/user/placement-payment/update',
      token: negotiator,
      payload: { userId: learnerId, placementPaymentStatus: 'PAID', version: before.version },
    });
    expect(unknown.statusCode).toBe(400);
    for (const role of ['MOTIVATOR', 'HR', 'MENTOR'] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/admin/user/placement-payment/update',
        token: await t.tokenFor(role),
        payload: { userId: learnerId, placementPaymentStatus: 'QUALIFICATION_STARTED', version: before.version },
      });
      expect(res.statusCode, role).toBe(403);
    }
    expect(await row()).toEqual(before);
  });

  it('the calls issue 9 built now respect their flows: sharpener-plus, alumni, PAN', async () => {
    let before = await put({
      sharpenerPlusStatus: null,
      alumniStatus: 'Not Started',
      panVerificationStatus: 'Not Verified',
    });
    const call = (url: string, method: 'POST' | 'PUT', payload: Record<string, unknown>) =>
      t.call({ method, url, token: negotiator, payload: { userId: learnerId, ...payload, version: before.version } });
    const placed = await call('/admin/user/sharpener-plus/placement-eligibility', 'POST', {
      sharpenerPlusStatus: 'Placed',
    });
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toMatchObject({ state: null, allowed: ['Plus User'] });
    const alumni = await call('/admin/user/update/alumni/eligibility', 'PUT', { alumniStatus: 'Placed' });
    expect(alumni.json()).toMatchObject({ state: 'Not Started', allowed: ['Not Eligible', 'Payment Pending'] });
    const pan = await call('/admin/user/pan/verification', 'PUT', { panVerificationStatus: 'Verified' });
    expect(pan.json()).toMatchObject({ state: 'Not Verified', allowed: ['Applied'] });
    expect(await row()).toEqual(before);
    const plus = await call('/admin/user/sharpener-plus/placement-eligibility', 'POST', {
      sharpenerPlusStatus: 'Plus User',
    });
    expect(plus.statusCode).toBe(200);
    before = await row();
    // Verification waits for the PAN to be verified.
    const step = await call('/admin/user/verification/update', 'POST', { verificationStep: 'cibil' });
    expect(step.statusCode).toBe(409);
    expect(step.json().message).toMatch(/the PAN is not verified/);
  });

  it('verification (spec §4): Verification Completed only from the step unlock, and then the steps stay', async () => {
    let before = await put({
      panVerificationStatus: 'Verified',
      cibilScore: 720,
      verificationStep: 'cibil',
      verificationStatus: 'Verification Pending',
    });
    const call = (url: string, payload: Record<string, unknown>) =>
      t.call({
        method: 'POST',
        url,
        token: negotiator,
        payload: { userId: learnerId, ...payload, version: before.version },
      });
    const complete = { verificationStatus: 'Verification Completed' };
    const early = await call('/admin/user/verification-status/update', complete);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ state: 'Verification Pending', allowed: ['Verification Completed'] });
    expect(early.json().message).toMatch(/has not reached its last step, unlock/);
    expect(await row()).toEqual(before);
    const unlock = await call('/admin/user/verification/update', { verificationStep: 'unlock' });
    expect(unlock.statusCode).toBe(200);
    before = await row();
    const done = await call('/admin/user/verification-status/update', complete);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ verificationStatus: 'Verification Completed', verificationStep: 'unlock' });
    before = await row();
    const restart = await call('/admin/user/verification/update', { verificationStep: 'pan' });
    expect(restart.statusCode).toBe(409);
    expect(restart.json().message).toMatch(/the verification is completed/);
    // The old step value is no step any more.
    const old = await call('/admin/user/verification/update', { verificationStep: 'Verification Completed' });
    expect(old.statusCode).toBe(400);
    expect(await row()).toEqual(before);
  });

  it('every learner flow is declared on the learner, so every write to it is checked', async () => {
    const { userResource } = await import('@cohort/domain');
    expect(userResource.flows).toEqual(LEARNER_FLOWS);
  });
});

describe('GET /admin/user/placement-queue', () => {
  it('answers the learners whose payment or penalty waits for a negotiator', async () => {
    await t.db
      .update(users)
      .set({ placementPaymentStatus: 'NOT_OPTED', placementPenaltyPaymentStatus: 'Not Required' });
    await put({ placementPenaltyPaymentStatus: 'Pending CIBIL check' });
    const [l1] = await t.db.select().from(users).where(eq(users.email, 'l1@test.local'));
    await t.db.update(users).set({ placementPaymentStatus: 'PAYMENT_HOLD' }).where(eq(users.id, l1.id));
    const res = await t.call({ method: 'GET', url: '/admin/user/placement-queue?sort=email', token: negotiator });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual(['l1@test.local', 'l2@test.local']);
    expect(res.json().totalItems).toBe(2);
    expect(res.json().data[0]).toMatchObject({ placementPaymentStatus: 'PAYMENT_HOLD', placementQueue: true });
    // A motivator sees the queue of their own learners only (l1, l4).
    const scoped = await t.call({
      method: 'GET',
      url: '/admin/user/placement-queue',
      token: await t.tokenFor('MOTIVATOR'),
    });
    expect(scoped.json().data.map((u: { email: string }) => u.email)).toEqual(['l1@test.local']);
    expect(
      (await t.call({ method: 'GET', url: '/admin/user/placement-queue', token: await t.tokenFor('MARKETING') }))
        .statusCode,
    ).toBe(403);
  });
});
