import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cards, users, userTypeConditions, userTypes } from '../../db/schema';
import { multipart, PNG } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Cards, user types with their conditions, the cards each type shows, and the cards one
 * learner's dashboard shows. Learners come from test/fixtures.ts: Learner Four's ISA is
 * verified; the MOTIVATOR has One and Four, the MENTOR One and Three.
 */
let t: TestApp;
let admin: string;
let marketing: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  marketing = await t.tokenFor('MARKETING');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, payload });
const learnerId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0].id;

describe('cards', () => {
  it('marketing adds, edits, orders and illustrates them; a button needs its label and its link', async () => {
    const welcome = await call('POST', '/admin/card/add', marketing, {
      title: 'Welcome to the cohort',
      body: 'Your first assignment is waiting.',
      ctaLabel: 'Start now',
      ctaUrl: 'https://cohort.test/start',
    });
    expect(welcome.statusCode).toBe(201);
    expect(welcome.json()).toMatchObject({ position: 1, active: true, imageUrl: null, version: 1 });
    const second = await call('POST', '/admin/card/add', marketing, { title: 'Mock week', body: 'Book a slot.' });
    expect(second.json()).toMatchObject({ position: 2, ctaLabel: null });

    const half = await call('POST', '/admin/card/add', marketing, { title: 'Half', body: 'x', ctaLabel: 'Go' });
    expect(half.statusCode).toBe(400);
    expect(half.json().issues).toEqual([{ path: ['ctaUrl'], message: 'Add the link the button opens' }]);
    const bad = await call('POST', '/admin/card/add', marketing, { title: ' ', body: 'x', ctaUrl: 'javascript:1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: ['title'], message: 'Title is required' },
        { path: ['ctaUrl'], message: 'Must be a http(s) link' },
      ]),
    );

    // Clearing only the link of a card that has a button: checked against the card as it would be saved.
    const id = welcome.json().id;
    const unlinked = await call('PUT', `/admin/card/update/${id}`, marketing, { ctaUrl: '', version: 1 });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json().issues).toEqual([{ path: ['ctaUrl'], message: 'Add the link the button opens' }]);
    const noButton = await call('PUT', `/admin/card/update/${id}`, marketing, { ctaUrl: '', ctaLabel: '', version: 1 });
    expect(noButton.statusCode).toBe(200);
    expect(noButton.json()).toMatchObject({ ctaUrl: null, ctaLabel: null, version: 2 });
    const stale = await call('PUT', `/admin/card/update/${id}`, marketing, { active: false, version: 1 });
    expect(stale.statusCode).toBe(409);

    const reordered = await call('POST', '/admin/card/reorder', marketing, { ids: [second.json().id, id] });
    expect(reordered.json().data).toEqual([
      { id: second.json().id, position: 1 },
      { id, position: 2 },
    ]);
    const image = await t.call({
      method: 'POST',
      url: `/admin/card/image/${id}`,
      token: marketing,
      ...multipart('image', 'card.png', PNG),
    });
    expect(image.statusCode).toBe(200);
    expect(image.json().imageUrl).toMatch(/\.png$/);

    // Who reads learner records does not write marketing copy.
    const hr = await t.tokenFor('HR');
    expect((await call('GET', '/admin/card/get', hr)).statusCode).toBe(403);
    expect((await call('POST', '/admin/card/add', hr, { title: 'x', body: 'y' })).statusCode).toBe(403);
    const audited = (await t.db.select().from(auditLog)).filter((a) => a.entity === 'card');
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'update', 'reorder', 'upload']));
  });
});

describe('user types and their conditions', () => {
  it('names are unique; only ADMIN writes them; marketing reads them', async () => {
    const made = await call('POST', '/admin/usertype/add', admin, { name: 'Night owls', priority: 5 });
    expect(made.statusCode).toBe(201);
    expect((await call('POST', '/admin/usertype/add', admin, { name: 'night OWLS', priority: 6 })).statusCode).toBe(
      409,
    );
    const noPriority = await call('POST', '/admin/usertype/add', admin, { name: 'Early birds' });
    expect(noPriority.json().issues).toEqual([{ path: ['priority'], message: 'Enter a priority (1 shows first)' }]);
    expect((await call('POST', '/admin/usertype/add', marketing, { name: 'Mine', priority: 1 })).statusCode).toBe(403);
    expect(
      (await call('GET', '/admin/usertype/get', marketing)).json().data.map((u: { name: string }) => u.name),
    ).toContain('Night owls');
    expect(
      (
        await call('POST', '/admin/usertypecondition/add', marketing, {
          userTypeId: made.json().id,
          field: 'totalPoints',
          operator: '>',
          value: '1',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a condition is a learner filter: unknown fields, operators the type does not take and values of the wrong type are 400s naming the field', async () => {
    const type = (await call('POST', '/admin/usertype/add', admin, { name: 'Verified', priority: 10 })).json();
    const add = (c: object) => call('POST', '/admin/usertypecondition/add', admin, { userTypeId: type.id, ...c });

    const ok = await add({ field: 'isaStatus', operator: '=', value: 'ISA Verified' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      userTypeLabel: 'Verified',
      field: 'isaStatus',
      operator: '=',
      value: 'ISA Verified',
    });

    const cases: [object, string, string][] = [
      [{ field: 'passwordHash', operator: '=', value: 'x' }, 'field', 'Choose a learner field'],
      [
        { field: 'isaStatus', operator: '>', value: 'ISA Verified' },
        'operator',
        'Operator ">" is not allowed on ISA Status',
      ],
      [{ field: 'isaStatus', operator: '=', value: 'Almost verified' }, 'value', 'ISA Status must be one of'],
      [{ field: 'totalPoints', operator: '>=', value: 'lots' }, 'value', 'Total points must be a number'],
      [
        { field: 'readyForPlacements', operator: '=', value: 'maybe' },
        'value',
        'Ready for placements must be true or false',
      ],
      [{ field: 'lastActivity', operator: '<', value: 'yesterday' }, 'value', 'Last Activity must be a date'],
      [{ field: 'email', operator: 'like' }, 'value', 'Enter a value'],
    ];
    for (const [condition, path, message] of cases) {
      const res = await add(condition);
      expect(res.statusCode, JSON.stringify(condition)).toBe(400);
      expect(res.json().issues[0].path, JSON.stringify(condition)).toEqual([path]);
      expect(res.json().issues[0].message, JSON.stringify(condition)).toContain(message);
    }
    // One message per mistake: an empty value is not also "not a status".
    const blank = await add({ field: 'isaStatus', operator: '=', value: ' ' });
    expect(blank.json().issues).toEqual([{ path: ['value'], message: 'Enter a value' }]);
    // An update is checked with the stored condition: changing only the operator to one an enum does not take.
    const id = ok.json().id;
    const like = await call('PUT', `/admin/usertypecondition/update/${id}`, admin, { operator: 'like', version: 1 });
    expect(like.statusCode).toBe(400);
    expect(like.json().issues).toEqual([
      { path: ['operator'], message: 'Operator "like" is not allowed on ISA Status' },
    ]);
    expect((await t.db.select().from(userTypeConditions).where(eq(userTypeConditions.id, id)))[0].operator).toBe('=');
    const ne = await call('PUT', `/admin/usertypecondition/update/${id}`, admin, { operator: '!=', version: 1 });
    expect(ne.json()).toMatchObject({ operator: '!=', version: 2 });
    // A condition stays with its type; a type that does not exist is a conflict.
    const moved = await call('PUT', `/admin/usertypecondition/update/${id}`, admin, { userTypeId: 1, version: 2 });
    expect(moved.json().issues).toEqual([{ path: ['userTypeId'], message: 'Unknown field' }]);
    expect(
      (
        await call('POST', '/admin/usertypecondition/add', admin, {
          userTypeId: 999999,
          field: 'totalPoints',
          operator: '>',
          value: '1',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('a card is placed on a user type once (409 the second time)', async () => {
    const type = (await call('POST', '/admin/usertype/add', admin, { name: 'Placed alumni', priority: 30 })).json();
    const card = (
      await call('POST', '/admin/card/add', marketing, { title: 'Refer a friend', body: 'Earn a bonus.' })
    ).json();
    const place = () => call('POST', '/admin/usertypecard/add', marketing, { userTypeId: type.id, cardId: card.id });
    const first = await place();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ userTypeLabel: 'Placed alumni', cardLabel: 'Refer a friend' });
    const again = await place();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('That user type and card combination already exists');
    expect(
      (await call('POST', '/admin/usertypecard/add', marketing, { userTypeId: type.id, cardId: 999999 })).statusCode,
    ).toBe(409);
    expect((await call('POST', '/admin/usertypecard/add', marketing, { userTypeId: type.id })).json().issues).toEqual([
      { path: ['cardId'], message: 'Choose a card' },
    ]);
  });
});

describe('GET /admin/card/user/dashboard-cards', () => {
  it("shows a learner's active cards by type priority then card position, each once, within the asker's scope", async () => {
    // Fresh types and cards for this test (their conditions and placements go with them).
    await t.db.delete(cards);
    await t.db.delete(userTypes);
    const type = async (name: string, priority: number, conditions: object[]) => {
      const made = (await call('POST', '/admin/usertype/add', admin, { name, priority })).json();
      for (const c of conditions) {
        const res = await call('POST', '/admin/usertypecondition/add', admin, { userTypeId: made.id, ...c });
        expect(res.statusCode).toBe(201);
      }
      return made.id as number;
    };
    const card = async (title: string, active = true) =>
      (await call('POST', '/admin/card/add', marketing, { title, body: `${title}.`, active })).json().id as number;
    const everyone = await type('Everyone', 50, []);
    const isaVerified = await type('ISA verified', 10, [{ field: 'isaStatus', operator: '=', value: 'ISA Verified' }]);
    const highScorers = await type('Ready high scorers', 20, [
      { field: 'totalPoints', operator: '>=', value: '1000' },
      { field: 'readyForPlacements', operator: '=', value: 'true' },
    ]);
    const welcome = await card('Welcome');
    const isaSteps = await card('ISA next steps');
    const drive = await card('Placement drive');
    const oldPromo = await card('Old promo', false);
    for (const [userTypeId, cardId] of [
      [everyone, welcome],
      [everyone, oldPromo],
      [isaVerified, isaSteps],
      [isaVerified, welcome],
      [highScorers, drive],
    ]) {
      expect((await call('POST', '/admin/usertypecard/add', marketing, { userTypeId, cardId })).statusCode).toBe(201);
    }
    const one = await learnerId('l1@test.local');
    const four = await learnerId('l4@test.local');
    const shown = async (userId: number, token = admin) => {
      const res = await call('GET', `/admin/card/user/dashboard-cards?userId=${userId}`, token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return {
        types: body.userTypes.map((u: { name: string }) => u.name),
        cards: body.data.map((c: { title: string; userTypeName: string }) => `${c.title} (${c.userTypeName})`),
      };
    };

    // Learner Four: ISA verified (10) and everyone (50). Welcome comes once, under the first type.
    expect(await shown(four)).toEqual({
      types: ['ISA verified', 'Everyone'],
      cards: ['Welcome (ISA verified)', 'ISA next steps (ISA verified)'],
    });
    // Learner One: only "everyone" until both conditions of the high scorers hold.
    expect(await shown(one)).toEqual({ types: ['Everyone'], cards: ['Welcome (Everyone)'] });
    await t.db.update(users).set({ totalPoints: 1500 }).where(eq(users.id, one));
    expect((await shown(one)).cards).toEqual(['Welcome (Everyone)']);
    await t.db.update(users).set({ readyForPlacements: true }).where(eq(users.id, one));
    expect(await shown(one)).toEqual({
      types: ['Ready high scorers', 'Everyone'],
      cards: ['Placement drive (Ready high scorers)', 'Welcome (Everyone)'],
    });
    // Reordering cards reorders them within a type.
    const order = await call('POST', '/admin/card/reorder', marketing, { ids: [isaSteps, drive, oldPromo, welcome] });
    expect(order.statusCode).toBe(200);
    expect((await shown(four)).cards).toEqual(['ISA next steps (ISA verified)', 'Welcome (ISA verified)']);

    // Scoped roles: the motivator has One and Four, the mentor One and Three.
    const motivator = await t.tokenFor('MOTIVATOR');
    const mentor = await t.tokenFor('MENTOR');
    const two = await learnerId('l2@test.local');
    expect((await shown(four, motivator)).cards).toHaveLength(2);
    expect((await call('GET', `/admin/card/user/dashboard-cards?userId=${two}`, motivator)).statusCode).toBe(404);
    expect((await call('GET', `/admin/card/user/dashboard-cards?userId=${four}`, mentor)).statusCode).toBe(404);
    expect((await call('GET', `/admin/card/user/dashboard-cards?userId=${one}`, mentor)).statusCode).toBe(200);
    // A staff account is not a learner; marketing may not read learners at all.
    const hrId = await t.userId('HR');
    expect((await call('GET', `/admin/card/user/dashboard-cards?userId=${hrId}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/admin/card/user/dashboard-cards?userId=${one}`, marketing)).statusCode).toBe(403);
    const bad = await call('GET', '/admin/card/user/dashboard-cards?userId=first', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: ['userId'] });
    expect(bad.json().issues[0].message).toMatch(/whole number/);
    expect((await call('GET', '/admin/card/user/dashboard-cards', admin)).statusCode).toBe(400);
  });
});
