import { RESOURCES } from '@cohort/domain';
import { describe, expect, it } from 'vitest';
import { RESOURCE_REGISTRY } from './registry';

describe('the console registers every resource the domain declares', () => {
  it('one registration per definition, with a unique slug', () => {
    const paths = RESOURCE_REGISTRY.map((r) => r.def.path);
    expect([...paths].sort()).toEqual(Object.keys(RESOURCES).sort());
    const slugs = RESOURCE_REGISTRY.map((r) => r.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    // Slugs never collide with the console's own pages.
    for (const reserved of ['roles', 'security', 'new']) expect(slugs).not.toContain(reserved);
  });
});
