import { describe, expect, it } from 'vitest';
import { validateDashboardSearch } from '../dashboard/dashboard-search';
import { validateRoleDetailSearch, validateRolesSearch } from '../roles/roles-search';
import { validateListSearch } from './list-search';

// The router spreads the raw search under the validated one: a key a validator leaves out
// lets the raw value through (`?filters=notjson` reached the filter builder as text).
describe('search validators name every key they own', () => {
  it('list: unreadable filters become text for the page to report, never an array-like', () => {
    const v = validateListSearch({ filters: 'notjson', page: 'x', size: 'huge', sort: 5, q: ' ' });
    expect(Object.keys(v).sort()).toEqual(['columns', 'filters', 'page', 'q', 'size', 'sort', 'view']);
    expect(v).toEqual({
      filters: 'notjson',
      page: undefined,
      size: undefined,
      sort: undefined,
      q: undefined,
      view: undefined,
      columns: undefined,
    });
    expect(validateListSearch({ filters: [{ field: 'title', operator: 'like', value: 'a' }, 1] }).filters).toBe(
      '[{"field":"title","operator":"like","value":"a"},1]',
    );
    expect(validateListSearch({ filters: '[{"field":"title","operator":"like","value":"a"}]' }).filters).toEqual([
      { field: 'title', operator: 'like', value: 'a' },
    ]);
  });

  it("list: a saved view's id and columns (decision 020), names only", () => {
    expect(validateListSearch({ view: '12', columns: ['name', 'totalPoints'] })).toMatchObject({
      view: 12,
      columns: ['name', 'totalPoints'],
    });
    expect(validateListSearch({ view: '-1', columns: 'name,total points,<b>,email' })).toMatchObject({
      view: undefined,
      columns: ['name', 'email'],
    });
    expect(validateListSearch({ view: 'x', columns: [3, {}] })).toMatchObject({ view: undefined, columns: undefined });
  });

  it('roles, role detail and dashboard', () => {
    expect(Object.keys(validateRolesSearch({ q: 3 }))).toEqual(['q']);
    expect(validateRoleDetailSearch({ page: 'abc', tab: 'x', date: '2026-13-01' })).toEqual({
      tab: undefined,
      page: undefined,
      date: undefined,
    });
    expect(Object.keys(validateRoleDetailSearch({}))).toEqual(['tab', 'page', 'date']);
    expect(Object.keys(validateDashboardSearch({ tab: [] }))).toEqual(['tab']);
  });
});
