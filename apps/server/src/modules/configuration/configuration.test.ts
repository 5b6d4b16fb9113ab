import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let marketing: string;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await t.tokenFor('MARKETING');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = marketing) =>
  t.call({ method, url, token, payload });

describe('website configuration: every save a version, history, rollback', () => {
  it('keeps each value, rolls back as a new version, refuses stale rollbacks, audits', async () => {
    const created = await call('POST', '/admin/website-configuration/add', {
      key: 'home.banner.title',
      value: 'Learn to code, get placed',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const v2 = await call('PUT', `/admin/website-configuration/update/${id}`, {
      value: 'Batch 12 starts Monday',
      version: 1,
    });
    expect(v2.json().version).toBe(2);
    await call('PUT', `/admin/website-configuration/update/${id}`, { value: 'Typo banner', version: 2 });

    const history = (await call('GET', `/admin/website-configuration/history/${id}`)).json();
    expect(history.data.map((h: { version: number; value: string }) => [h.version, h.value])).toEqual([
      [3, 'Typo banner'],
      [2, 'Batch 12 starts Monday'],
      [1, 'Learn to code, get placed'],
    ]);
    expect(history.data[0].changedByName).toBe('Test Marketing');

    const back = await call('POST', `/admin/website-configuration/rollback/${id}`, { toVersion: 2, version: 3 });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ value: 'Batch 12 starts Monday', version: 4 });
    const after = (await call('GET', `/admin/website-configuration/history/${id}`)).json().data[0];
    expect(after).toMatchObject({ version: 4, value: 'Batch 12 starts Monday', restoredFrom: 2 });

    // A rollback from a stale screen changes nothing.
    const stale = await call('POST', `/admin/website-configuration/rollback/${id}`, { toVersion: 1, version: 3 });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', `/admin/website-configuration/get/${id}`)).json().value).toBe('Batch 12 starts Monday');
    expect(
      (await call('POST', `/admin/website-configuration/rollback/${id}`, { toVersion: 99, version: 4 })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/admin/website-configuration/history/999999')).statusCode).toBe(404);
    // Other roles may not read or roll back.
    const hr = await t.tokenFor('HR');
    expect((await call('GET', `/admin/website-configuration/history/${id}`, undefined, hr)).statusCode).toBe(403);
  });

  it('keys are unique and cannot change; bad keys are refused by field', async () => {
    await call('POST', '/admin/website-configuration/add', { key: 'footer.email', value: 'hello@cohort.test' });
    const dup = await call('POST', '/admin/website-configuration/add', { key: 'footer.email', value: 'x' });
    expect(dup.statusCode).toBe(409);
    const bad = await call('POST', '/admin/website-configuration/add', { key: 'Footer Email!', value: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(['key']);
    const list = (await call('GET', '/admin/website-configuration/get')).json();
    const row = list.data.find((r: { key: string }) => r.key === 'footer.email');
    const rename = await call('PUT', `/admin/website-configuration/update/${row.id}`, { key: 'x.y', version: 1 });
    expect(rename.statusCode).toBe(400);
  });
});

describe('AI prompts: "Topic or Company" (spec §9) is a choice between the two', () => {
  it('keeps the choice with the name, refuses a name without a choice, a choice without a name, and other values', async () => {
    const admin = await t.tokenFor('ADMIN');
    const base = { title: 'Company round', model: 'gpt-4', prompt: 'Interview as Google would.' };
    const created = await call(
      'POST',
      '/admin/ai-prompt/add',
      { ...base, topicType: 'Company', topic: 'Google' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ topicType: 'Company', topic: 'Google' });

    const nameOnly = await call('POST', '/admin/ai-prompt/add', { ...base, title: 'x', topic: 'Arrays' }, admin);
    expect(nameOnly.statusCode).toBe(400);
    expect(nameOnly.json().issues).toEqual([{ path: ['topicType'], message: 'Choose Topic or Company' }]);
    const choiceOnly = await call('POST', '/admin/ai-prompt/add', { ...base, title: 'y', topicType: 'Topic' }, admin);
    expect(choiceOnly.json().issues).toEqual([{ path: ['topic'], message: 'Enter the topic' }]);
    const other = await call(
      'POST',
      '/admin/ai-prompt/add',
      { ...base, title: 'z', topicType: 'Role', topic: 'HR' },
      admin,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().issues[0]).toMatchObject({ path: ['topicType'], message: 'Choose Topic or Company' });

    // An edit is checked as the prompt will be saved: clearing the choice alone is refused.
    const id = created.json().id;
    const cleared = await call('PUT', `/admin/ai-prompt/update/${id}`, { topicType: null, version: 1 }, admin);
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().issues).toEqual([{ path: ['topicType'], message: 'Choose Topic or Company' }]);
    const both = await call(
      'PUT',
      `/admin/ai-prompt/update/${id}`,
      { topicType: null, topic: null, version: 1 },
      admin,
    );
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ topicType: null, topic: null });
  });
});
