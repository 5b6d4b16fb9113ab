import { calls, leadResource } from '@cohort/domain';
import { describe, expect, it } from 'vitest';
import { answer, failure, isCall, misfits, recordsAnswer } from './stub-call';

describe('stubs checked against the declared answers', () => {
  it('answers a stub in the declared shape', async () => {
    const res = answer(calls.roles.list, { data: [], totalItems: 0 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [], totalItems: 0 });
  });

  it('refuses a stub in another shape, naming what is wrong', () => {
    expect(() => answer(calls.roles.list, { data: [{ id: 'x' }], totalItems: 0 } as never)).toThrow(
      /GET \/admin\/role\/get \(200\).*data\.0\.id/,
    );
    expect(misfits.splice(0)).toHaveLength(1);
  });

  it('takes the declared success status, or the one asked for', () => {
    expect(answer(calls.roles.delete, { message: 'Role deleted' }).status).toBe(200);
    const created = { id: 9, name: 'X', description: null, builtIn: false, parentRoleId: 2, version: 1 };
    const at = '2026-01-01T00:00:00.000Z';
    expect(answer(calls.roles.create, { ...created, createdAt: at, updatedAt: at }).status).toBe(201);
  });

  it('checks error answers too', () => {
    expect(failure(calls.roles.delete, 409, { message: 'Has members', code: 'CONFLICT' }).status).toBe(409);
    expect(() => failure(calls.roles.delete, 409, { message: 'no code' })).toThrow(/409/);
    misfits.splice(0);
  });

  it('checks engine records against the ResourceDef', () => {
    expect(() => recordsAnswer(leadResource, [{ id: 1, status: 'Follow up' }])).not.toThrow();
    expect(() => recordsAnswer(leadResource, [{ id: 1, status: 'Nonsense' }])).toThrow(/status/);
    misfits.splice(0);
  });

  it('matches a request to its call, parameters included', () => {
    expect(isCall(calls.roles.update, new URL('http://x/admin/role/update/7'), { method: 'PUT' })).toBe(true);
    expect(isCall(calls.roles.update, new URL('http://x/admin/role/update/7'), { method: 'POST' })).toBe(false);
    expect(isCall(calls.roles.list, '/admin/role/get?x=1')).toBe(true);
  });
});
