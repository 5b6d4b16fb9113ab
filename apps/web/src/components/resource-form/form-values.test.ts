import { blogResource, eventResource } from '@cohort/domain';
import { describe, expect, it } from 'vitest';
import { createPayload, prepareSubmit, rebaseValues, toFormValues, updatePayload } from './form-values';

const blogFields = blogResource.fields.filter((f) => f.form);
const eventFields = eventResource.fields.filter((f) => f.form);

const blog = {
  id: 5,
  version: 3,
  title: 'Hello',
  content: 'Body',
  excerpt: null,
  authorName: 'Ada',
  tags: '',
  status: 'Live',
  publishedAt: new Date(2026, 0, 2, 9, 30).toISOString(),
};

describe('form values', () => {
  it('turns a record into input values', () => {
    const v = toFormValues(blogFields, blog);
    expect(v.title).toBe('Hello');
    expect(v.excerpt).toBe('');
    expect(v.publishedAt).toBe('2026-01-02T09:30');
  });

  it('create sends filled fields with datetimes as ISO strings', () => {
    const v = { ...toFormValues(eventFields), title: ' Demo day ', startsAt: '2026-03-01T10:00', capacity: '40' };
    expect(createPayload(eventFields, v)).toEqual({
      title: 'Demo day',
      startsAt: new Date(2026, 2, 1, 10, 0).toISOString(),
      capacity: 40,
    });
  });

  it('update sends only the changed fields and the version', () => {
    const base = toFormValues(blogFields, blog);
    const values = { ...base, title: 'Hello again', publishedAt: '' };
    expect(updatePayload(blogFields, base, values, 3)).toEqual({ title: 'Hello again', publishedAt: null, version: 3 });
  });

  it('validates with the resource schema and reports required fields by label', () => {
    const values = { ...toFormValues(blogFields), content: 'x' };
    const { errors } = prepareSubmit('create', blogFields, blogResource.createSchema, values, toFormValues(blogFields));
    expect(errors).toEqual({ title: 'Title is required' });

    const event = {
      ...toFormValues(eventFields),
      title: 'A',
      startsAt: '2026-03-02T10:00',
      endsAt: '2026-03-01T10:00',
    };
    const result = prepareSubmit('create', eventFields, eventResource.createSchema, event, toFormValues(eventFields));
    expect(result.errors).toEqual({ endsAt: 'Ends at must be after starts at' });
  });

  it('a valid update passes the update schema', () => {
    const base = toFormValues(blogFields, blog);
    const { payload, errors } = prepareSubmit(
      'update',
      blogFields,
      blogResource.updateSchema,
      { ...base, status: 'Archived' },
      base,
      3,
    );
    expect(errors).toBeNull();
    expect(payload).toEqual({ status: 'Archived', version: 3 });
  });

  it('rebasing onto a newer version keeps the user edits and takes the rest from the latest', () => {
    const oldBase = toFormValues(blogFields, blog);
    const mine = { ...oldBase, title: 'My title' };
    const latest = toFormValues(blogFields, { ...blog, title: 'Their title', authorName: 'Grace', version: 4 });
    const rebased = rebaseValues(blogFields, oldBase, latest, mine);
    expect(rebased.title).toBe('My title');
    expect(rebased.authorName).toBe('Grace');
  });

  it('refuses an event from 1900 to 9999 before sending, with the bounds the server uses', () => {
    const v = {
      ...toFormValues(eventFields),
      title: 'Demo day',
      startsAt: '1900-01-01T10:00',
      endsAt: '9999-12-31T10:00',
    };
    const { errors } = prepareSubmit('create', eventFields, eventResource.createSchema, v, {}, undefined);
    expect(errors?.startsAt).toMatch(/^Starts at must be between 1st Jan 2000 and /);
    expect(errors?.endsAt).toMatch(/^Ends at must be between 1st Jan 2000 and /);
  });
});
