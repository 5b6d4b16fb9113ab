import { STALE_VERSION_MESSAGE } from '@cohort/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 8, finding 6: every message a person can see is written for them.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
});
afterAll(() => t.close());

/** zod's and Fastify's own wording: none of it may reach an answer. */
const RAW =
  /^Invalid (input|querystring|params|body|headers)$|Invalid input:|expected \w+, received|Too (big|small):|Unrecognized key|Invalid option|Invalid ISO|Cannot sort by/;

type Answer = { message: string; issues?: { path: (string | number)[]; message: string }[] };
function texts(a: Answer): string[] {
  return [a.message, ...(a.issues ?? []).map((i) => i.message)];
}

describe('400 answers speak to people', () => {
  it('a page size out of range names the setting and its range', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/blog/get?page_size=100000', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This link or request cannot be used. Rows per page: Must be a whole number from 1 to 100',
    );
  });

  it('a sort the list does not offer', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/blog/get?sort=bogus', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This list cannot be sorted by "bogus"');
  });

  it('a record number that is not one', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/blog/get/abc', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^This link or request cannot be used\. Record number: Must be a whole number/);
  });

  it('field issues in a body use the field and plain words, not zod defaults', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/admin/event/add',
      token: admin,
      payload: { title: 'Demo day', startsAt: 'next week', capacity: 1.5, status: 'Maybe', colour: 'red' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as Answer;
    const byField = Object.fromEntries((body.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(byField).toMatchObject({
      startsAt: 'Starts at must be a date and time',
      capacity: 'Enter a whole number',
      status: 'Choose Archive or Active',
      colour: 'Unknown field',
    });
    expect(body.message).toMatch(/^(Starts at|Capacity|Status|Colour): .+ \(and \d more problems\)$/);
  });

  it('no answer to a malformed request carries zod or Fastify wording', async () => {
    const answers: Answer[] = [];
    for (const url of [
      '/admin/blog/get?page_size=0',
      '/admin/blog/get?page_size=abc',
      '/admin/blog/get?sort=bogus',
      `/admin/blog/get?filters=${encodeURIComponent('[{"field":"title","operator":"~","value":1}]')}`,
      '/admin/blog/get/0',
    ]) {
      answers.push((await t.call({ method: 'GET', url, token: admin })).json());
    }
    for (const payload of [
      {},
      { title: 42 },
      { title: '', content: 'x'.repeat(100_001) },
      { title: 'x', content: 'y', tags: [] },
    ]) {
      answers.push((await t.call({ method: 'POST', url: '/admin/blog/add', token: admin, payload })).json());
    }
    for (const a of answers) for (const text of texts(a)) expect(text, JSON.stringify(a)).not.toMatch(RAW);
  });
});

describe('409 on a stale save (finding 8)', () => {
  it('says what the console form offers: keep the edits, load the latest version', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/admin/blog/add',
      token: admin,
      payload: { title: 'Stale', content: 'Body' },
    });
    const id = created.json().id;
    const put = (title: string) =>
      t.call({ method: 'PUT', url: `/admin/blog/update/${id}`, token: admin, payload: { title, version: 1 } });
    expect((await put('First')).statusCode).toBe(200);
    const stale = await put('Second');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE_VERSION_MESSAGE, code: 'CONFLICT' });
  });
});

describe('date bounds on the server (finding 7)', () => {
  it('an event from 1900 to 9999 is a 400 naming both dates', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/admin/event/add',
      token: admin,
      payload: { title: 'Demo day', startsAt: '1900-01-01T10:00:00.000Z', endsAt: '9999-12-31T10:00:00.000Z' },
    });
    expect(res.statusCode).toBe(400);
    const issues = res.json().issues as { path: string[]; message: string }[];
    expect(issues.map((i) => i.path[0]).sort()).toEqual(['endsAt', 'startsAt']);
    expect(issues[0].message).toMatch(/ must be between 1st Jan 2000 and /);
  });
});
