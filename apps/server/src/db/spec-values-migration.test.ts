import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { aiPrompts, users } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The hand-written data statements of the spec-values migration (decision 031), found by what
 * they write rather than by the file's name, so they are tested wherever they end up.
 */
function dataStatements(): string[] {
  const dir = path.join(__dirname, 'migrations');
  const statements = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('--> statement-breakpoint'))
    .filter((s) => /UPDATE "(users|ai_prompts)" SET "(verification_status|topic_type)"/.test(s));
  expect(statements).toHaveLength(2);
  return statements;
}

describe('the migration to the spec values keeps existing rows working', () => {
  it('a verification step "Verification Completed" becomes the status, at the step unlock', async () => {
    const [done, cibil] = await t.db.select().from(users).where(eq(users.roleId, 2)).orderBy(users.id).limit(2);
    // Rows as an older database holds them: the status column at its default.
    await t.db
      .update(users)
      .set({ verificationStep: 'Verification Completed', verificationStatus: 'Verification Pending' })
      .where(eq(users.id, done.id));
    await t.db.update(users).set({ verificationStep: 'cibil' }).where(eq(users.id, cibil.id));
    const [prompt] = await t.db
      .insert(aiPrompts)
      .values({ title: 'Old', model: 'gpt-4', topic: 'React', prompt: 'Ask about React.' })
      .returning();
    const [untitled] = await t.db
      .insert(aiPrompts)
      .values({ title: 'No topic', model: 'gpt-4', prompt: 'Ask anything.' })
      .returning();

    for (const s of dataStatements()) await t.db.execute(sql.raw(s));

    const stateOf = async (id: number) =>
      (
        await t.db
          .select({ step: users.verificationStep, status: users.verificationStatus })
          .from(users)
          .where(eq(users.id, id))
      )[0];
    expect(await stateOf(done.id)).toEqual({ step: 'unlock', status: 'Verification Completed' });
    expect(await stateOf(cibil.id)).toEqual({ step: 'cibil', status: 'Verification Pending' });
    const typeOf = async (id: number) =>
      (await t.db.select({ type: aiPrompts.topicType }).from(aiPrompts).where(eq(aiPrompts.id, id)))[0].type;
    expect(await typeOf(prompt.id)).toBe('Topic');
    expect(await typeOf(untitled.id)).toBeNull();
  });
});
