import { describe, expect, it } from 'vitest';
import { blogResource, eventCreateSchema } from './content';
import { can, PERMISSIONS } from './permissions';
import { operatorsFor, parseFilters, parseSort } from './resource';
import { ROLES, roleByName } from './roles';
import { rowScope } from './row-scopes';

describe('parseFilters', () => {
  it('accepts whitelisted fields with operators their type allows, coercing values', () => {
    const r = parseFilters(
      blogResource,
      [
        { field: 'id', operator: '>=', value: '10' },
        { field: 'title', operator: 'like', value: 'react' },
        { field: 'createdAt', operator: '<', value: '2026-01-01T00:00:00Z' },
      ],
      'MARKETING',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.filters.map((f) => f.value)).toEqual([10, 'react', new Date('2026-01-01T00:00:00Z')]);
  });

  it('reports each bad entry with its index', () => {
    const r = parseFilters(
      blogResource,
      [
        { field: 'title', operator: '=', value: 'ok' },
        { field: 'imageUrl', operator: '=', value: 'x' },
        { field: 'id', operator: 'like', value: '1' },
        { field: 'status', operator: '=', value: 'Gone' },
      ],
      'ADMIN',
    );
    expect(r).toEqual({
      ok: false,
      issues: [
        { path: [1, 'field'], message: 'Unknown filter field "imageUrl"' },
        { path: [2, 'operator'], message: 'Operator "like" is not allowed on Id' },
        { path: [3, 'value'], message: 'Status must be one of Archived, Live' },
      ],
    });
  });

  it('refuses the wrong shape', () => {
    expect(parseFilters(blogResource, { field: 'id' }, 'ADMIN').ok).toBe(false);
    expect(parseFilters(blogResource, [{ field: 'id', operator: '=', value: 1, extra: 1 }], 'ADMIN').ok).toBe(false);
  });

  it('keeps role-limited filter fields to their roles', () => {
    const def = {
      fields: [
        {
          name: 'ownerId',
          label: 'OwnerId',
          type: 'integer' as const,
          filter: true,
          filterRoles: ['MOTIVATOR' as const],
        },
      ],
    };
    expect(parseFilters(def, [{ field: 'ownerId', operator: '=', value: 1 }], 'MOTIVATOR').ok).toBe(true);
    expect(parseFilters(def, [{ field: 'ownerId', operator: '=', value: 1 }], 'HR').ok).toBe(false);
    expect(parseFilters(def, [{ field: 'ownerId', operator: '=', value: 1 }], 'ADMIN').ok).toBe(true);
  });

  it('operators per type', () => {
    expect(operatorsFor('string')).toEqual(['like', '=', '!=']);
    expect(operatorsFor('datetime')).toContain('>=');
    expect(operatorsFor('enum')).not.toContain('like');
  });
});

describe('parseSort', () => {
  it('defaults, reads a leading minus, refuses unsortable fields', () => {
    expect(parseSort(blogResource, undefined)).toEqual({ ok: true, field: 'createdAt', dir: 'desc' });
    expect(parseSort(blogResource, '-title')).toEqual({ ok: true, field: 'title', dir: 'desc' });
    expect(parseSort(blogResource, 'content').ok).toBe(false);
  });
});

describe('roles and permissions', () => {
  it('has the spec ids and names', () => {
    expect(ROLES.map((r) => [r.name, r.id])).toEqual([
      ['ADMIN', 1],
      ['USER', 2],
      ['MOTIVATOR', 3],
      ['MARKETING', 4],
      ['MENTOR', 5],
      ['STRATEGIC PARTNERSHIP', 6],
      ['KEY ACCOUNT MANAGER', 7],
      ['NEGOTIATOR', 8],
      ['COLLEGE_ADMIN', 9],
      ['HR', 10],
    ]);
    expect(roleByName('STRATEGIC PARTNERSHIP')?.key).toBe('STRATEGIC_PARTNERSHIP');
    expect(roleByName('STRATEGIC_PARTNERSHIP')?.id).toBe(6);
  });

  it('ADMIN may do everything, USER nothing, others what the matrix grants', () => {
    for (const resource of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      expect(can('ADMIN', resource, 'delete')).toBe(true);
      expect(can('USER', resource, 'list')).toBe(false);
    }
    expect(can('MARKETING', 'blog', 'create')).toBe(true);
    expect(can('MENTOR', 'blog', 'create')).toBe(false);
    expect(can('HR', 'audit', 'list')).toBe(false);
    expect(rowScope('COLLEGE_ADMIN', 'user')).toEqual({ by: 'college', column: 'collegeId' });
    expect(rowScope('HR', 'user')).toBeUndefined();
  });
});

describe('schemas', () => {
  it('an event needs a title and a start, and ends after it starts', () => {
    expect(eventCreateSchema.safeParse({ title: 'x', startsAt: '2026-01-01T10:00:00Z' }).success).toBe(true);
    expect(eventCreateSchema.safeParse({ title: 'x' }).success).toBe(false);
    expect(
      eventCreateSchema.safeParse({ title: 'x', startsAt: '2026-01-02T10:00:00Z', endsAt: '2026-01-01T10:00:00Z' })
        .success,
    ).toBe(false);
  });
});

describe('values the database cannot store are refused in filters', () => {
  const only = (value: string | number) =>
    parseFilters(blogResource, [{ field: 'id', operator: '=', value }], 'MARKETING');
  it('integers outside int4', () => {
    expect(only(2_147_483_647).ok).toBe(true);
    const r = only('2147483648');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0].message).toMatch(/between -2,147,483,648 and 2,147,483,647/);
    expect(only(-2_147_483_649).ok).toBe(false);
  });
  it('dates with a year of 10000 or more, or before year 1', () => {
    for (const value of ['+010000-01-01T00:00:00Z', '10000-01-01', '-000001-01-01T00:00:00Z']) {
      const r = parseFilters(blogResource, [{ field: 'createdAt', operator: '<', value }], 'MARKETING');
      expect(r.ok, value).toBe(false);
    }
    const ok = parseFilters(blogResource, [{ field: 'createdAt', operator: '<', value: '9999-12-31' }], 'MARKETING');
    expect(ok.ok).toBe(true);
  });
  it('text with a NUL character', () => {
    const r = parseFilters(blogResource, [{ field: 'title', operator: 'like', value: 'a\u0000b' }], 'MARKETING');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ path: [0, 'value'] });
  });
});

describe('decimalInt', () => {
  it('takes plain decimal digits only', async () => {
    const { decimalInt } = await import('./wire');
    const id = decimalInt({ min: 1 });
    expect(id.parse('16')).toBe(16);
    for (const bad of ['0x10', '1.0', ' 1', '1e2', '+1', '-1', '0', '', '2147483648', '99999999999']) {
      expect(id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
