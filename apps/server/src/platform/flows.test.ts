import { DEPOSIT_MACHINE, QUESTION_FLOW, VERIFICATION_STEP_MACHINE } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { auditLog, questions } from '../db/schema';
import { type AuditActor, SYSTEM_ACTOR } from './audit';
import { AppError } from './errors';
import { assertFlowMoves, flowIssues, moveStatus } from './flows';

const staff: AuditActor = { user: { id: null, name: 'Staff' }, impersonatorId: null };

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
});
afterAll(() => database.close());

const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).statusCode, error: error as AppError };
  }
  throw new Error('not refused');
};

describe('moveStatus: lock, version, move, guard, write, audit (decision 032)', () => {
  async function question(status = 'Un-Answered') {
    const [q] = await database.db.insert(questions).values({ title: 'How?', body: 'Really', status }).returning();
    return q;
  }

  it('moves a record, versioned, audited under the move', async () => {
    const q = await question();
    const { after, to } = await database.db.transaction((tx) =>
      moveStatus(tx, staff, { flow: QUESTION_FLOW, table: questions, entity: 'question', id: q.id, move: 'Archive' }),
    );
    expect(to).toBe('Archive');
    expect(after).toMatchObject({ status: 'Archive', version: q.version + 1 });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(q.id)));
    expect(entry).toMatchObject({ action: 'Archive', entity: 'question' });
  });

  it('refuses a move the flow does not allow from the state (409 with the state and the allowed moves), writing nothing', async () => {
    const q = await question('Archive');
    const r = await refusal(() =>
      database.db.transaction((tx) =>
        moveStatus(tx, staff, { flow: QUESTION_FLOW, table: questions, entity: 'question', id: q.id, move: 'Archive' }),
      ),
    );
    expect(r.status).toBe(409);
    expect(r.error.extra).toMatchObject({ state: 'Archive', allowed: ['Un-Answered', 'Answered'] });
    const [row] = await database.db.select().from(questions).where(eq(questions.id, q.id));
    expect(row.version).toBe(q.version);
  });

  it('refuses a stale version', async () => {
    const q = await question();
    const r = await refusal(() =>
      database.db.transaction((tx) =>
        moveStatus(tx, staff, {
          flow: QUESTION_FLOW,
          table: questions,
          entity: 'question',
          id: q.id,
          move: 'Answered',
          version: q.version + 5,
        }),
      ),
    );
    expect(r.status).toBe(409);
  });
});

describe('the engine check and new rows', () => {
  it('assertFlowMoves refuses a move with the one 409 shape', () => {
    try {
      assertFlowMoves([DEPOSIT_MACHINE], { status: 'Paid' }, { status: 'Pending' });
      throw new Error('not refused');
    } catch (error) {
      expect((error as AppError).statusCode).toBe(409);
      expect((error as AppError).extra).toEqual({ state: 'Paid', allowed: [] });
    }
  });

  it('flowIssues names the field of a new row that sits where its flow forbids', () => {
    expect(flowIssues([VERIFICATION_STEP_MACHINE], { verificationStep: 'unlock', cibilScore: null })).toEqual([
      { path: ['verificationStep'], message: expect.stringMatching(/no CIBIL score/) },
    ]);
    expect(flowIssues([VERIFICATION_STEP_MACHINE], { verificationStep: 'unlock', cibilScore: 700 })).toEqual([]);
    expect(flowIssues([VERIFICATION_STEP_MACHINE], {})).toEqual([]);
  });
});

describe('system moves', () => {
  it('are made by the system only: a person is refused (409), the sweep is not', async () => {
    // The question flow with its archiving made a system move, as the deposit's Expired is.
    const flow = { ...QUESTION_FLOW, moves: QUESTION_FLOW.moves.map((m) => ({ ...m, system: m.to === 'Archive' })) };
    const [q] = await database.db.insert(questions).values({ title: 'x', body: 'y' }).returning();
    const move = (actor: AuditActor) =>
      database.db.transaction((tx) =>
        moveStatus(tx, actor, { flow, table: questions, entity: 'question', id: q.id, move: 'Archive' }),
      );
    const r = await refusal(() => move(staff));
    expect(r.status).toBe(409);
    expect(r.error.message).toMatch(/made by the system only/);
    expect((await move(SYSTEM_ACTOR)).to).toBe('Archive');
    expect(DEPOSIT_MACHINE.moves.filter((m) => m.to === 'Expired').every((m) => m.system)).toBe(true);
  });
});
