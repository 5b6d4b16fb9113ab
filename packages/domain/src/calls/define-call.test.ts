import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '../wire';
import { defineCall, pathOf, recordOf } from './define-call';

describe('defineCall', () => {
  it('completes the answers with the declared errors and those the shape implies', () => {
    const call = defineCall({
      method: 'PUT',
      path: '/admin/thing/update/:id',
      access: 'staff',
      tags: ['Things'],
      summary: 'Update a thing',
      params: z.object({ id: z.string() }),
      body: z.object({ name: z.string() }),
      answers: { 200: z.object({ ok: z.boolean() }) },
      errors: [409],
    });
    expect(Object.keys(call.responses).map(Number).sort()).toEqual([200, 400, 401, 403, 404, 409, 413, 415, 500]);
    expect(call.responses[409]).toBe(apiErrorSchema);
  });

  it('gives a public GET without input only 500', () => {
    const call = defineCall({
      method: 'GET',
      path: '/x',
      access: 'public',
      tags: [],
      summary: 'x',
      answers: { 200: z.null() },
    });
    expect(Object.keys(call.responses).sort()).toEqual(['200', '500']);
  });

  it('keeps an error answer of its own shape', () => {
    const refused = z.object({ state: z.string() });
    const call = defineCall({
      method: 'POST',
      path: '/y',
      access: 'staff',
      tags: [],
      summary: 'y',
      answers: { 200: recordOf({ path: 'y', fields: [] }) },
      errorAnswers: { 409: refused },
    });
    expect(call.responses[409]).toBe(refused);
  });

  it('refuses a call with no success answer', () => {
    expect(() =>
      defineCall({ method: 'GET', path: '/z', access: 'staff', tags: [], summary: 'z', answers: { 304: z.null() } }),
    ).toThrow('declares no success answer');
  });

  it('fills path parameters, encoded', () => {
    expect(pathOf({ path: '/files/:bucket/:key' }, { bucket: 'a b', key: 'k.png' })).toBe('/files/a%20b/k.png');
    expect(() => pathOf({ path: '/a/:id' }, {})).toThrow(':id');
  });
});
