import { auditResource, blogResource, type FieldDef, userResource } from '@cohort/domain';
import { describe, expect, it } from 'vitest';
import { buildFilters, type FilterRow, filtersParam, filtersToRows } from './build-filters';

const fields: FieldDef[] = [...userResource.fields, ...blogResource.fields.filter((f) => f.name === 'publishedAt')];
let n = 0;
const row = (field: string, operator: FilterRow['operator'], value: string): FilterRow => ({
  id: `r${++n}`,
  field,
  operator,
  value,
});

describe('buildFilters', () => {
  it('types each value by its field', () => {
    const filters = buildFilters(
      [
        row('name', 'like', '  ada  '),
        row('totalPoints', '>=', '120'),
        row('readyForPlacements', '=', 'true'),
        row('alreadyPlaced', '!=', 'false'),
        row('isaStatus', '=', 'ISA Verified'),
        row('publishedAt', '<', '2026-02-03T14:05'),
      ],
      fields,
    );
    expect(filters).toEqual([
      { field: 'name', operator: 'like', value: 'ada' },
      { field: 'totalPoints', operator: '>=', value: 120 },
      { field: 'readyForPlacements', operator: '=', value: true },
      { field: 'alreadyPlaced', operator: '!=', value: false },
      { field: 'isaStatus', operator: '=', value: 'ISA Verified' },
      { field: 'publishedAt', operator: '<', value: new Date(2026, 1, 3, 14, 5).toISOString() },
    ]);
  });

  it('drops incomplete rows, unknown fields, bad numbers and operators the type does not allow', () => {
    const filters = buildFilters(
      [
        row('name', 'like', ''),
        row('nope', '=', 'x'),
        row('totalPoints', '=', '1.5'),
        row('totalPoints', '=', 'abc'),
        row('isaStatus', 'like', 'ISA'),
        row('isaStatus', '=', 'Not a status'),
        row('readyForPlacements', '=', 'maybe'),
        row('email', '', 'a@b.c'),
      ],
      fields,
    );
    expect(filters).toEqual([]);
  });

  it('produces the JSON the API takes in `filters`', () => {
    const filters = buildFilters(
      [row('entity', '=', 'blog'), row('actorId', '=', '1'), row('createdAt', '>=', '2026-01-01T00:00')],
      auditResource.fields,
    );
    expect(JSON.parse(filtersParam(filters) ?? '')).toEqual([
      { field: 'entity', operator: '=', value: 'blog' },
      { field: 'actorId', operator: '=', value: 1 },
      { field: 'createdAt', operator: '>=', value: new Date(2026, 0, 1, 0, 0).toISOString() },
    ]);
    expect(filtersParam([])).toBeUndefined();
  });

  it('round-trips url filters back into editable rows', () => {
    const iso = new Date(2026, 1, 3, 14, 5).toISOString();
    const rows = filtersToRows(
      [
        { field: 'totalPoints', operator: '>', value: 10 },
        { field: 'publishedAt', operator: '<', value: iso },
        { field: 'readyForPlacements', operator: '=', value: true },
        { field: 'unknown', operator: '=', value: 'x' },
      ],
      fields,
    );
    expect(rows.map(({ id: _, ...r }) => r)).toEqual([
      { field: 'totalPoints', operator: '>', value: '10' },
      { field: 'publishedAt', operator: '<', value: '2026-02-03T14:05' },
      { field: 'readyForPlacements', operator: '=', value: 'true' },
    ]);
    expect(buildFilters(rows, fields)).toEqual([
      { field: 'totalPoints', operator: '>', value: 10 },
      { field: 'publishedAt', operator: '<', value: iso },
      { field: 'readyForPlacements', operator: '=', value: true },
    ]);
  });
});
