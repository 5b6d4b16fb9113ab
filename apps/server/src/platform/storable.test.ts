import { describe, expect, it } from 'vitest';
import { unstorableIssues } from './storable';

describe('unstorableIssues', () => {
  it('finds NUL text, integers beyond int4 and dates outside years 1-9999, anywhere in the input', () => {
    const issues = unstorableIssues({
      name: 'fine',
      note: 'a\u0000b',
      ids: [1, 2_147_483_648],
      nested: { when: new Date('+010000-01-01T00:00:00Z'), min: -2_147_483_649, ok: -2_147_483_648 },
      ratio: 1e12 + 0.5,
    });
    expect(issues.map((i) => i.path)).toEqual([['note'], ['ids', 1], ['nested', 'when'], ['nested', 'min']]);
  });

  it('passes what PostgreSQL stores', () => {
    expect(
      unstorableIssues({
        a: 'text\nwith\ttabs',
        b: 2_147_483_647,
        c: new Date('9999-12-31T23:59:59Z'),
        d: [true, null],
      }),
    ).toEqual([]);
  });
});
