import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowedMoves, checkMove, everyMove, type Flow, mermaidOf } from './flows';
import { formatMoney, minorDigits, moneySchema } from './money';
import {
  ALUMNI_MACHINE,
  LEARNER_FLOWS,
  PAN_VERIFICATION_MACHINE,
  PLACEMENT_PAYMENT_MACHINE,
  PLACEMENT_PAYMENT_STATUSES,
  PLACEMENT_PENALTY_MACHINE,
  PRO_STATUS_MACHINE,
  SHARPENER_PLUS_MACHINE,
  VERIFICATION_MACHINE,
  VERIFICATION_STEP_MACHINE,
} from './placement-flows';
import { addPlanSchema, DEPOSIT_MACHINE, planCreateSchema, SUBSCRIPTION_MACHINE } from './plans';

const MACHINES: Flow[] = [...LEARNER_FLOWS, DEPOSIT_MACHINE, SUBSCRIPTION_MACHINE];

/** A row in `from` on which every guard holds (the guards are tested on their own below). */
const rowIn = (m: Flow, from: string | null) => ({
  panVerificationStatus: 'Verified',
  cibilScore: 750,
  verificationStep: 'unlock',
  [m.field]: from,
});

describe('every flow, every state x every move', () => {
  for (const m of MACHINES) {
    it(`${m.label}: the allowed moves succeed, every other one is refused naming the allowed ones`, () => {
      const pairs = everyMove(m);
      expect(pairs.length).toBe((m.states.length + (m.startsEmpty ? 1 : 0)) * m.states.length);
      for (const { from, to, allowed } of pairs) {
        const result = checkMove(m, rowIn(m, from), to);
        if (allowed) expect(result, `${from} -> ${to}`).toMatchObject({ ok: true, to });
        else {
          expect(result.ok, `${from} -> ${to}`).toBe(false);
          if (!result.ok) {
            expect(result.allowed).toEqual(allowedMoves(m, from));
            expect(result.reason).toContain(m.label);
          }
        }
      }
    });

    it(`${m.label}: every move leads to a state of the flow, and every state is reachable`, () => {
      const reachable = new Set<string>([m.startsEmpty ? '' : m.initial]);
      for (const to of allowedMoves(m, m.startsEmpty ? null : m.initial)) reachable.add(to);
      let grew = true;
      while (grew) {
        grew = false;
        for (const s of m.states) {
          if (!reachable.has(s)) continue;
          for (const to of allowedMoves(m, s)) {
            expect(m.states).toContain(to);
            if (!reachable.has(to)) {
              reachable.add(to);
              grew = true;
            }
          }
        }
      }
      for (const s of m.states) expect(reachable, s).toContain(s);
      for (const move of m.moves) expect(m.states).toContain(move.to);
    });
  }

  it('the placement payment flow has the nine states of spec §4, exactly', () => {
    expect(PLACEMENT_PAYMENT_STATUSES.map((s) => s.value).sort()).toEqual(
      [
        'NOT_OPTED',
        'QUALIFICATION_STARTED',
        'QUALIFIED_AND_MOCK_PENDING',
        'INITIAL_PAYMENT_DONE',
        'PLACEMENT_PAYMENT_DONE',
        'NOT_QUALIFIED',
        'MOCK_COMPLETED',
        'PAYMENT_SKIPPED',
        'PAYMENT_HOLD',
      ].sort(),
    );
    expect(PLACEMENT_PAYMENT_MACHINE.states).toHaveLength(9);
  });

  it('the flows hold the exact values of spec §4', () => {
    expect(PLACEMENT_PENALTY_MACHINE.states).toEqual([
      'Not Required',
      'Required and Pending',
      'Paid',
      'Pending CIBIL check',
    ]);
    expect(PRO_STATUS_MACHINE.states).toEqual(['Not Eligible', 'Payment Pending', 'Pro User', 'Did not pay']);
    expect(SHARPENER_PLUS_MACHINE.states).toEqual([
      'Plus User',
      'Mock Completed',
      'Eligible for ISA',
      'ISA Eligibility Failed',
      'Placed',
    ]);
    expect(ALUMNI_MACHINE.states).toHaveLength(8);
    expect(PAN_VERIFICATION_MACHINE.states).toEqual(['Applied', 'Rejected', 'Verified', 'Not Verified']);
    expect(PAN_VERIFICATION_MACHINE.initial).toBe('Not Verified');
    expect(VERIFICATION_STEP_MACHINE.states).toEqual(['pan', 'cibil', 'unlock']);
    expect(VERIFICATION_MACHINE.states).toEqual(['Verification Pending', 'Verification Completed']);
  });

  it('an empty sharpener-plus status may only start as a Plus User', () => {
    expect(checkMove(SHARPENER_PLUS_MACHINE, { sharpenerPlusStatus: null }, 'Plus User')).toMatchObject({ ok: true });
    const refused = checkMove(SHARPENER_PLUS_MACHINE, { sharpenerPlusStatus: null }, 'Placed');
    expect(refused).toMatchObject({ ok: false, allowed: ['Plus User'] });
  });
});

describe('guards', () => {
  it('verification moves to cibil only once the PAN is verified, to unlock only with a CIBIL score', () => {
    const atPan = { verificationStep: 'pan', panVerificationStatus: 'Applied', cibilScore: null };
    const refused = checkMove(VERIFICATION_STEP_MACHINE, atPan, 'cibil');
    expect(refused).toMatchObject({ ok: false, allowed: ['cibil'] });
    if (!refused.ok) expect(refused.reason).toMatch(/PAN is not verified/);
    expect(checkMove(VERIFICATION_STEP_MACHINE, { ...atPan, panVerificationStatus: 'Verified' }, 'cibil').ok).toBe(
      true,
    );
    const atCibil = { verificationStep: 'cibil', panVerificationStatus: 'Verified', cibilScore: null };
    expect(checkMove(VERIFICATION_STEP_MACHINE, atCibil, 'unlock').ok).toBe(false);
    expect(checkMove(VERIFICATION_STEP_MACHINE, { ...atCibil, cibilScore: 640 }, 'unlock').ok).toBe(true);
  });

  it('verification completes only from the step unlock, and a completed one keeps its steps', () => {
    const pending = { verificationStatus: 'Verification Pending', panVerificationStatus: 'Verified', cibilScore: 700 };
    const early = checkMove(VERIFICATION_MACHINE, { ...pending, verificationStep: 'cibil' }, 'Verification Completed');
    expect(early).toMatchObject({ ok: false, allowed: ['Verification Completed'] });
    if (!early.ok) expect(early.reason).toMatch(/has not reached its last step, unlock/);
    expect(
      checkMove(VERIFICATION_MACHINE, { ...pending, verificationStep: 'unlock' }, 'Verification Completed'),
    ).toMatchObject({
      ok: true,
    });
    const done = { ...pending, verificationStatus: 'Verification Completed', verificationStep: 'unlock' };
    const restart = checkMove(VERIFICATION_STEP_MACHINE, done, 'pan');
    expect(restart.ok).toBe(false);
    if (!restart.ok) expect(restart.reason).toMatch(/the verification is completed/);
  });
});

describe('diagrams', () => {
  it('draws each flow as a mermaid state diagram with every move', () => {
    const text = mermaidOf(PLACEMENT_PENALTY_MACHINE);
    expect(text.split('\n')[0]).toBe('stateDiagram-v2');
    expect(text).toContain('Required_and_Pending --> Paid');
    expect(text).toContain('[*] --> Not_Required');
    const moves = PLACEMENT_PENALTY_MACHINE.moves.flatMap((mv) => mv.from).length;
    expect(text.split('\n').filter((l) => l.includes(' --> ') && !l.includes('[*]'))).toHaveLength(moves);
  });
});

describe('decision 018 draws every flow as the domain holds it', () => {
  it('has the mermaid diagram of each flow, as mermaidOf writes it', () => {
    const doc = readFileSync(
      fileURLToPath(new URL('../../../docs/decisions/018-plans-subscriptions-and-placement-flows.md', import.meta.url)),
      'utf8',
    );
    for (const m of MACHINES) expect(doc, m.label).toContain(mermaidOf(m));
  });
});

describe('money is whole minor units with a currency', () => {
  it('refuses 19.99 where minor units are expected, and a negative amount', () => {
    const bad = moneySchema.safeParse({ amountMinor: 19.99, currency: 'INR' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toMatch(/whole numbers of the smallest unit/);
    expect(moneySchema.safeParse({ amountMinor: -1, currency: 'INR' }).success).toBe(false);
    expect(moneySchema.safeParse({ amountMinor: 1999, currency: 'EUR' }).success).toBe(false);
    expect(moneySchema.safeParse({ amountMinor: 1999, currency: 'INR' }).success).toBe(true);
    const plan = { name: 'Pro', kind: 'Pro', currency: 'INR', durationMonths: 6 };
    expect(planCreateSchema.safeParse({ ...plan, priceMinor: 19.99 }).success).toBe(false);
    expect(planCreateSchema.safeParse({ ...plan, priceMinor: 1999 }).success).toBe(true);
  });

  it('shows an amount in its own currency', () => {
    expect(minorDigits('INR')).toBe(2);
    expect(formatMoney(4999900, 'INR')).toBe('₹49,999.00');
    expect(formatMoney(1999, 'USD', 'en-US')).toBe('$19.99');
    expect(formatMoney(0, 'USD', 'en-US')).toBe('$0.00');
  });

  it('adding a plan names a learner and a plan by id', () => {
    expect(addPlanSchema.safeParse({ userId: 1, planId: 2 }).success).toBe(true);
    expect(addPlanSchema.safeParse({ userId: 1, planId: 2, price: 10 }).success).toBe(false);
    expect(addPlanSchema.safeParse({ userId: 1 }).error?.issues[0].message).toBe('Choose a plan');
  });
});
