import { RESOURCES } from '@cohort/domain';
import { describe, expect, it } from 'vitest';

// Issue 18, finding 16: every list, empty, says what it holds. Each definition's `screens.empty`
// is required by its type; this holds the texts to one style.
describe('empty states', () => {
  it('each says what the list holds in one sentence, and a title is a sentence too', () => {
    for (const [path, def] of Object.entries(RESOURCES)) {
      const empty = def.screens.empty;
      expect(empty.holds, path).toMatch(/^[A-Z"'].*[.]$/);
      expect(empty.holds.split('. ').length, path).toBe(1);
      if (empty.title) expect(empty.title, path).toMatch(/^(No|Nothing) .*\.$/);
    }
  });
});
