import { describe, expect, it } from 'vitest';
import { LABEL_SOURCES, RESOURCES } from './index';
import { listFields } from './resource';

describe('what lists carry (decision 021)', () => {
  it('a reference picker can ask for its label: every label field is a list field of its resource', () => {
    for (const def of Object.values(RESOURCES)) {
      for (const f of def.fields) {
        if (f.type !== 'reference' || !f.reference) continue;
        // A label source (a person, a college, a batch: decision 038) has no list; its picker is its own.
        if (f.reference.resource in LABEL_SOURCES) {
          expect(RESOURCES[f.reference.resource], `${def.path}.${f.name}`).toBeUndefined();
          continue;
        }
        const target = RESOURCES[f.reference.resource];
        expect(target, `${def.path}.${f.name}`).toBeDefined();
        const names = listFields(target.fields).map((t) => t.name);
        expect(names, `${def.path}.${f.name} -> ${f.reference.resource}.${f.reference.labelField}`).toContain(
          f.reference.labelField,
        );
      }
    }
  });

  it('a list always carries its title field and never a field it leaves out', () => {
    for (const def of Object.values(RESOURCES)) {
      const title = def.fields.find((f) => f.name === def.titleField);
      if (title) expect(title.inList, `${def.path}.${def.titleField}`).not.toBe(false);
      // A default column the list would not carry could never show.
      for (const f of def.fields) if (f.list) expect(f.inList, `${def.path}.${f.name}`).not.toBe(false);
    }
  });
});
