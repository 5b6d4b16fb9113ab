import { describe, expect, it } from 'vitest';
import { grantedActions, ROW_SCOPES, rowScope, rowScopeEntries, scopeDependencies } from './row-scopes';

describe('row scopes as data (decision 034)', () => {
  it('every entry names a role the matrix grants something on the resource (an entry nothing may reach is dead)', () => {
    const dead = rowScopeEntries()
      .filter((e) => e.role === 'ADMIN' || e.role === 'USER' || grantedActions(e.role, e.resource).length === 0)
      .map((e) => `${e.resource}.${e.role}`);
    expect(dead).toEqual([]);
  });

  it('a rule that follows another resource (a learner, a lead) has that resource scoped for the same role', () => {
    const dangling = rowScopeEntries().flatMap((e) =>
      scopeDependencies(e.rule)
        .filter((dep) => !rowScope(e.role, dep))
        .map((dep) => `${e.resource}.${e.role} -> ${dep}`),
    );
    expect(dangling).toEqual([]);
  });

  it("a motivator's leads are their learners' and the ones they own; a call follows its lead", () => {
    expect(rowScope('MOTIVATOR', 'lead')).toEqual({
      by: 'anyOf',
      rules: [
        { by: 'learner', column: 'userId' },
        { by: 'owner', column: 'ownerId' },
      ],
    });
    expect(rowScope('MOTIVATOR', 'callHistory')).toEqual({ by: 'parent', resource: 'lead', column: 'leadId' });
    expect(rowScope('HR', 'user')).toBeUndefined();
    expect(Object.keys(ROW_SCOPES).length).toBeGreaterThan(10);
  });
});
