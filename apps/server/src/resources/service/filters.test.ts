import { blogResource } from '@cohort/domain';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { blogs } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { escapeLike, parseListQuery } from './filters';
import { shapeOf } from './shape';

const shape = shapeOf({ def: blogResource, table: blogs, entity: 'blog' }, () => undefined);
const admin = { role: 'ADMIN' } as Actor;
const dialect = new PgDialect();
const render = (q: SQL | undefined) => (q ? dialect.sqlToQuery(q) : undefined);

/** The 400 a call is refused with: its message and its issues. */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (e) {
    if (e instanceof AppError) return { status: e.statusCode, message: e.message, issues: e.issues };
    throw e;
  }
  throw new Error('not refused');
}

describe('escapeLike', () => {
  it('takes LIKE wildcards and the escape character literally', () => {
    expect(escapeLike('50% off_now \\ yes')).toBe('50\\% off\\_now \\\\ yes');
  });
});

describe('parseListQuery: a list query as SQL, or a 400 saying what is wrong', () => {
  it('filters as conditions with their values bound, a like as a literal pattern', () => {
    const filters = JSON.stringify([
      { field: 'title', operator: 'like', value: '50%' },
      { field: 'status', operator: '=', value: 'Live' },
    ]);
    const q = parseListQuery(shape, admin, { filters });
    const where = render(q.where);
    expect(where?.sql).toBe(`("blogs"."title" ILIKE $1 ESCAPE '\\' and "blogs"."status" = $2)`);
    expect(where?.params).toEqual(['%50\\%%', 'Live']);
    expect(q.filters.map((f) => f.field.name)).toEqual(['title', 'status']);
    expect(q.scoped).toBe(false);
  });

  it("a route's fixed filters hold beside the query's", () => {
    const q = parseListQuery(shape, admin, {}, [{ field: 'status', operator: '=', value: 'Archived' }]);
    expect(render(q.where)?.params).toEqual(['Archived']);
  });

  it('sorts by the field asked, the id breaking ties; by id alone when asked', () => {
    const byDate = parseListQuery(shape, admin, { sort: '-createdAt' });
    expect(byDate.sort).toMatchObject({ field: 'createdAt', dir: 'desc', column: blogs.createdAt });
    expect(byDate.orderBy.map((o) => render(o)?.sql)).toEqual(['"blogs"."created_at" desc', '"blogs"."id" desc']);
    const byId = parseListQuery(shape, admin, { sort: 'id' });
    expect(byId.sort.column).toBeUndefined();
    expect(byId.orderBy.map((o) => render(o)?.sql)).toEqual(['"blogs"."id" asc']);
  });

  it('unreadable filters, an unknown field and an unknown sort are 400s naming the parameter', () => {
    expect(refusal(() => parseListQuery(shape, admin, { filters: '[{' }))).toEqual({
      status: 400,
      message: 'The filters in this link are not readable',
      issues: [{ path: ['filters'], message: 'Filters must be a JSON list of { field, operator, value }' }],
    });
    const unknown = refusal(() =>
      parseListQuery(shape, admin, { filters: JSON.stringify([{ field: 'nope', operator: '=', value: 1 }]) }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('Some filters are not valid');
    expect(unknown.issues?.[0].path[0]).toBe('filters');
    const sort = refusal(() => parseListQuery(shape, admin, { sort: 'nope' }));
    expect(sort.status).toBe(400);
    expect(sort.issues?.[0].path).toEqual(['sort']);
  });
});
