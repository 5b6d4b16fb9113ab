import { RESOURCES } from '@cohort/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_STATES } from './empty-states';

// Issue 18, finding 16: every list, empty, says what it holds.
describe('empty states', () => {
  it('every resource has one, and none for a resource that does not exist', () => {
    expect(Object.keys(RESOURCES).filter((path) => !EMPTY_STATES[path])).toEqual([]);
    expect(Object.keys(EMPTY_STATES).filter((path) => !RESOURCES[path])).toEqual([]);
  });

  it('each says what the list holds in one sentence, and a title is a sentence too', () => {
    for (const [path, empty] of Object.entries(EMPTY_STATES)) {
      expect(empty.holds, path).toMatch(/^[A-Z"'].*[.]$/);
      expect(empty.holds.split('. ').length, path).toBe(1);
      if (empty.title) expect(empty.title, path).toMatch(/^(No|Nothing) .*\.$/);
    }
  });
});
