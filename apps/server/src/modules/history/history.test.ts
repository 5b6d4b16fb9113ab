import { type ResourceDef, type RoleKey, roleByKey, version } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { USER_SECRET_COLUMNS } from '../../composition/resource-bindings';
import { auditLog, type SessionRow, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { updateVersioned } from '../../platform/versioned-update';
import { ResourceService } from '../../resources/engine';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { HistorySources } from './learner-history';
import { listLearnerHistory } from './list-learner-history';
import { revertFieldChange } from './revert-field-change';

/**
 * A learner's history (GET /admin/user/history) and reverts (POST /admin/user/history/revert),
 * decision 015. The fixtures' MOTIVATOR has Learner One and Four; COLLEGE_ADMIN has College A
 * (Learner One and Two).
 */
let t: TestApp;
let admin: string;
let one: number;
let two: number;
let nameChange: number;
const learner = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0].id;
const history = (token: string, userId: number | string, extra = '') =>
  t.call({ method: 'GET', url: `/admin/user/history?userId=${userId}${extra}`, token });
const revert = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/admin/user/history/revert', token, payload });

/** A learner resource whose edit form sets the name: the revert mechanism over the engine's own update. */
const editableLearner: ResourceDef = {
  path: 'user',
  permission: 'user',
  label: 'Learner',
  pluralLabel: 'Learners',
  screens: { slug: 'learners', area: 'Learners', empty: { holds: 'Learners appear here.' } },
  titleField: 'name',
  createSchema: z.strictObject({}),
  updateSchema: z.strictObject({ name: z.string().trim().min(2, 'Name is too short').max(120).optional(), version }),
  operations: ['list', 'read', 'update'],
  defaultSort: { field: 'id', dir: 'desc' },
  fields: [
    { name: 'id', label: 'User Id', type: 'integer' },
    { name: 'name', label: 'Name', type: 'string', form: true },
    { name: 'email', label: 'Email', type: 'email' },
    { name: 'roleId', label: 'Role', type: 'integer' },
  ],
};
let service: ResourceService;
let sources: HistorySources;

async function actorOf(role: RoleKey): Promise<Actor> {
  const [user] = await t.db
    .select()
    .from(users)
    .where(eq(users.id, await t.userId(role)));
  return { user, session: {} as SessionRow, role, impersonatorId: null };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  one = await learner('l1@test.local');
  two = await learner('l2@test.local');
  service = new ResourceService(
    {
      def: editableLearner,
      table: users,
      entity: 'user',
      hidden: USER_SECRET_COLUMNS,
      baseWhere: eq(users.roleId, roleByKey('USER')!.id),
    },
    () => undefined,
  );
  sources = new Map([['user', service]]);

  // A message (a learner's own record: its entry names the learner), an impersonation, a field change.
  const sent = await t.call({
    method: 'POST',
    url: '/admin/message/add',
    token: await t.tokenFor('HR'),
    payload: { userId: one, subject: 'Welcome', body: 'Glad to have you' },
  });
  expect(sent.statusCode).toBe(201);
  const imp = await t.call({
    method: 'POST',
    url: '/admin/user/impersonate',
    token: admin,
    payload: { userId: one, reason: 'Checking the dashboard' },
  });
  expect(imp.statusCode).toBe(200);
  const [row] = await t.db.select().from(users).where(eq(users.id, one));
  await service.update(t.db, await actorOf('ADMIN'), one, { name: 'Learner Uno', version: row.version });
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, String(one))));
  nameChange = entry.id;
  await service.update(t.db, await actorOf('ADMIN'), two, { name: 'Learner Dos', version: 1 });
});
afterAll(() => t.close());

describe('GET /admin/user/history', () => {
  it("lists a learner's entries and their records', newest first, paged, field by field", async () => {
    const res = await history(admin, one);
    expect(res.statusCode).toBe(200);
    const { data, totalItems } = res.json();
    expect(totalItems).toBe(3);
    expect(data.map((e: { action: string; entity: string }) => `${e.action} ${e.entity}`)).toEqual([
      'update user',
      'impersonate user',
      'create message',
    ]);
    expect(data[0]).toMatchObject({ id: nameChange, actorName: 'Test Admin', entityLabel: 'Learner', note: null });
    expect(data[0].changes).toMatchObject([
      { field: 'name', label: 'Name', before: 'Learner One', after: 'Learner Uno' },
    ]);
    // What a revert sends: the record's version now (messages have none).
    expect(data[0].recordVersion).toBe(2);
    expect(data[2].recordVersion).toBeNull();
    expect(data[1].note).toBe('Acted as this learner: Checking the dashboard');
    expect(data[1].changes).toEqual([]);
    const message = data[2];
    expect(message.entityLabel).toBe('Message');
    expect(message.changes).toContainEqual(
      expect.objectContaining({ field: 'subject', before: null, after: 'Welcome', revertible: false }),
    );
    expect(message.changes.map((c: { field: string }) => c.field)).not.toContain('id');

    const page2 = (await history(admin, one, '&page_size=1')).json();
    expect(page2.totalItems).toBe(3);
    const second = await t.call({
      method: 'GET',
      url: `/admin/user/history?userId=${one}&page_size=1`,
      token: admin,
      page: 2,
    });
    expect(second.json().data.map((e: { action: string }) => e.action)).toEqual(['impersonate']);
  });

  it("lists a learner's own records of any resource whose binding names its learnerColumn, and the admin behind an impersonated write", async () => {
    const four = await learner('l4@test.local');
    const flag = await t.call({
      method: 'POST',
      url: '/admin/user/flag/add',
      token: await t.tokenFor('MOTIVATOR'),
      payload: { userId: four, title: 'Missed two calls', description: 'No answer on Monday and Tuesday' },
    });
    expect(flag.statusCode).toBe(201);
    const admins = await actorOf('ADMIN');
    const [learnerFour] = await t.db.select().from(users).where(eq(users.id, four));
    // A write made with an impersonation session: the learner acts, the admin is behind it.
    await service.update(
      t.db,
      { user: learnerFour, session: {} as SessionRow, role: 'USER', impersonatorId: admins.user.id },
      four,
      { name: 'Learner Cuatro', version: learnerFour.version },
    );
    const { data } = (await history(admin, four)).json();
    expect(data.map((e: { action: string; entityLabel: string }) => `${e.action} ${e.entityLabel}`)).toEqual([
      'update Learner',
      'create Flag',
    ]);
    expect(data[0]).toMatchObject({
      actorName: 'Learner Four',
      impersonatorId: admins.user.id,
      impersonatorName: 'Test Admin',
    });
    expect(data[1].changes).toContainEqual(expect.objectContaining({ field: 'title', after: 'Missed two calls' }));
  });

  it('names the records a change refers to (decision 038): who raised a flag by name, not their id', async () => {
    const three = await learner('l3@test.local');
    const flag = await t.call({
      method: 'POST',
      url: '/admin/user/flag/add',
      token: admin,
      payload: { userId: three, title: 'Late twice', description: 'Late on Monday and Tuesday' },
    });
    expect(flag.statusCode).toBe(201);
    const { data } = (await history(admin, three)).json();
    const created = data.find((e: { entityLabel: string }) => e.entityLabel === 'Flag');
    expect(created.changes).toContainEqual(
      expect.objectContaining({
        field: 'raisedById',
        after: await t.userId('ADMIN'),
        afterLabel: 'Test Admin',
        beforeLabel: null,
        reference: 'person',
      }),
    );
  });

  it('holds row scopes and what each role may read', async () => {
    const motivator = await t.tokenFor('MOTIVATOR');
    const mine = (await history(motivator, one)).json();
    // Impersonation is ADMIN business; messages the motivator reads.
    expect(mine.data.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect((await history(motivator, two)).statusCode).toBe(404);

    const college = await t.tokenFor('COLLEGE_ADMIN');
    expect((await history(college, one)).json().data.map((e: { entity: string }) => e.entity)).toEqual(['user']);
    expect((await history(college, await learner('l3@test.local'))).statusCode).toBe(404);

    expect((await history(await t.tokenFor('MARKETING'), one)).statusCode).toBe(403);
    expect((await history(await t.tokenFor('USER'), one)).statusCode).toBe(403);
    // A staff account has no learner history.
    expect((await history(admin, await t.userId('HR'))).statusCode).toBe(404);
  });

  it('refuses a missing or malformed learner id', async () => {
    const missing = await t.call({ method: 'GET', url: '/admin/user/history', token: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toEqual(['userId']);
    expect((await history(admin, 'abc')).statusCode).toBe(400);
  });
});

describe('POST /admin/user/history/revert', () => {
  it('refuses bad input field by field', async () => {
    const res = await revert(admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string[] }) => i.path[0])).toEqual(['auditId', 'field', 'version']);
    expect((await revert(admin, { auditId: 1, field: 'name', version: 1, value: 'x' })).json().issues).toEqual([
      { path: ['value'], message: 'Unknown field' },
    ]);
  });

  it('refuses entries that are not changes, fields not changed, and fields not set directly, saying why', async () => {
    const entries = (await history(admin, one)).json().data;
    const [, impersonation, message] = entries;
    const notChange = await revert(admin, { auditId: message.id, field: 'subject', version: 1 });
    expect(notChange.statusCode).toBe(400);
    expect(notChange.json().message).toBe('Only a change to a field can be reverted, not an addition or removal');
    expect((await revert(admin, { auditId: impersonation.id, field: 'reason', version: 1 })).statusCode).toBe(400);
    const untouched = await revert(admin, { auditId: nameChange, field: 'email', version: 1 });
    expect(untouched.json().issues).toEqual([{ path: ['field'], message: 'This change did not touch that field' }]);
    expect((await revert(admin, { auditId: nameChange, field: 'passwordHash', version: 1 })).statusCode).toBe(400);
    expect((await revert(admin, { auditId: 999_999, field: 'name', version: 1 })).statusCode).toBe(404);
    // Not the motivator's learner's change, and not their business (an impersonation): not found.
    const motivator = await t.tokenFor('MOTIVATOR');
    const twosChange = (await history(admin, two)).json().data[0].id;
    expect((await revert(motivator, { auditId: twosChange, field: 'name', version: 2 })).statusCode).toBe(404);
    expect((await revert(motivator, { auditId: impersonation.id, field: 'reason', version: 1 })).statusCode).toBe(404);
    expect(
      (await revert(await t.tokenFor('MARKETING'), { auditId: nameChange, field: 'name', version: 2 })).statusCode,
    ).toBe(403);
  });

  it('refuses what the service says may not be set back: fields kept by their own action, roles that may not write', async () => {
    // A module's own audited write (as the email change of user-details/update would be).
    const admins = await actorOf('ADMIN');
    const three = await learner('l3@test.local');
    await t.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, three));
      await updateVersioned(tx, admins, {
        table: users,
        entity: 'user',
        before,
        version: before.version,
        changes: { email: 'l3-new@test.local' },
      });
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(three)), eq(auditLog.action, 'update')));
    expect(entry.subjectUserId).toBe(three);
    await expect(
      revertFieldChange(t.db, admins, sources, { auditId: entry.id, field: 'email', version: 2 }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^Email is changed by its own action/) });
    // HR reads learners but may not change them.
    await expect(
      revertFieldChange(t.db, await actorOf('HR'), sources, { auditId: nameChange, field: 'name', version: 2 }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Your role cannot change Name' });
  });

  it('sets the field back through the versioned update: stale is 409 with nothing written, then audited as revert', async () => {
    const admins = await actorOf('ADMIN');
    const stale = revertFieldChange(t.db, admins, sources, { auditId: nameChange, field: 'name', version: 1 });
    await expect(stale).rejects.toMatchObject({ statusCode: 409 });
    expect((await t.db.select().from(users).where(eq(users.id, one)))[0].name).toBe('Learner Uno');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'revert'))).toEqual([]);

    const done = await revertFieldChange(t.db, admins, sources, { auditId: nameChange, field: 'name', version: 2 });
    expect(done).toMatchObject({ auditId: nameChange, field: 'name', value: 'Learner One', version: 3 });
    expect((await t.db.select().from(users).where(eq(users.id, one)))[0].name).toBe('Learner One');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'revert'));
    expect(entry).toMatchObject({ revertsAuditId: nameChange, subjectUserId: one, actorId: admins.user.id });
    expect(entry.before).toMatchObject({ name: 'Learner Uno', version: 2 });
    expect(entry.after).toMatchObject({ name: 'Learner One', version: 3 });
    expect(JSON.stringify(entry.after)).not.toContain('passwordHash');

    const listed = await listLearnerHistory(t.db, admins, sources, one, 1, 14);
    expect(listed.data[0]).toMatchObject({
      action: 'revert',
      revertsAuditId: nameChange,
      note: `Reverted change #${nameChange}`,
    });
    expect(listed.data[0].changes).toEqual([
      { field: 'name', label: 'Name', before: 'Learner Uno', after: 'Learner One', revertible: true, reason: null },
    ]);
    // A scoped writer reverts within their scope only.
    const motivator = await actorOf('MOTIVATOR');
    const again = await revertFieldChange(t.db, motivator, sources, { auditId: entry.id, field: 'name', version: 3 });
    expect(again.value).toBe('Learner Uno');
    const twosChange = (await listLearnerHistory(t.db, admins, sources, two, 1, 14)).data[0].id;
    await expect(
      revertFieldChange(t.db, motivator, sources, { auditId: twosChange, field: 'name', version: 2 }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses an earlier value the form no longer accepts', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.id, two));
    await t.db.update(users).set({ name: 'X' }).where(eq(users.id, two));
    await service.update(t.db, await actorOf('ADMIN'), two, { name: 'Learner Two', version: row.version });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(two)), eq(auditLog.action, 'update')))
      .orderBy(auditLog.id)
      .offset(1);
    await expect(
      revertFieldChange(t.db, await actorOf('ADMIN'), sources, {
        auditId: entry.id,
        field: 'name',
        version: row.version + 1,
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Name cannot be set back to its earlier value: Name is too short',
    });
  });
});

describe('reverting a change a learner action made (POST /admin/user/status/update), over HTTP', () => {
  it('offers it to the roles that may make that change, answers 409 when stale, and audits the revert', async () => {
    const [five] = await t.db
      .insert(users)
      .values({
        name: 'Learner Five',
        email: 'l5@test.local',
        passwordHash: 'x',
        roleId: 2,
        motivatorId: await t.userId('MOTIVATOR'),
      })
      .returning();
    const motivator = await t.tokenFor('MOTIVATOR');
    const changed = await t.call({
      method: 'POST',
      url: '/admin/user/status/update',
      token: motivator,
      payload: { userId: five.id, userStatus: 'Inactive', version: five.version },
    });
    expect(changed.statusCode).toBe(200);
    const [entry] = (await history(motivator, five.id)).json().data;
    expect(entry).toMatchObject({ action: 'changeStatus', recordVersion: five.version + 1 });
    expect(entry.changes).toMatchObject([
      { field: 'userStatus', before: 'Active', after: 'Inactive', revertible: true, reason: null },
    ]);

    // HR reads learners but may not change their status: shown, not revertible, refused with the reason.
    const hr = await t.tokenFor('HR');
    const seenByHr = (await history(hr, five.id)).json().data[0].changes[0];
    expect(seenByHr.revertible).toBe(false);
    expect(seenByHr.reason).toMatch(/^Your role cannot change /);
    const refused = await revert(hr, { auditId: entry.id, field: 'userStatus', version: entry.recordVersion });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: ['field'], message: seenByHr.reason }]);

    const stale = await revert(motivator, { auditId: entry.id, field: 'userStatus', version: entry.recordVersion - 1 });
    expect(stale.statusCode).toBe(409);
    expect((await t.db.select().from(users).where(eq(users.id, five.id)))[0].userStatus).toBe('Inactive');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.revertsAuditId, entry.id))).toEqual([]);

    const done = await revert(motivator, { auditId: entry.id, field: 'userStatus', version: entry.recordVersion });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ field: 'userStatus', value: 'Active', version: entry.recordVersion + 1 });
    expect((await t.db.select().from(users).where(eq(users.id, five.id)))[0].userStatus).toBe('Active');
    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.revertsAuditId, entry.id));
    expect(audited).toMatchObject({ action: 'revert', subjectUserId: five.id, actorId: await t.userId('MOTIVATOR') });
    expect((await history(motivator, five.id)).json().data[0].note).toBe(`Reverted change #${entry.id}`);
  });
});
