import { RESOURCES } from '@cohort/domain';
import { describe, expect, it } from 'vitest';
import { resourceBindings } from './resource-bindings';

describe('the server serves exactly the resources the domain declares', () => {
  it('one binding per definition, no more, no fewer', () => {
    const bound = resourceBindings().map((b) => b.def.path);
    expect(new Set(bound).size).toBe(bound.length);
    expect([...bound].sort()).toEqual(Object.keys(RESOURCES).sort());
    for (const b of resourceBindings()) expect(b.def, b.def.path).toBe(RESOURCES[b.def.path]);
  });
});
