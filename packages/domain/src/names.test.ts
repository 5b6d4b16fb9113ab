import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { enquiryCreateSchema } from './configuration';
import { blogCreateSchema, companyCreateSchema, testimonialCreateSchema } from './content';
import { LEARNER_ACTIONS } from './learners';
import { registerSchema } from './platform';
import { savedViewCreateSchema } from './saved-views';

// Issue 16, finding 7: names that lie. A right-to-left override makes "Admin\u202Egpj.exe" show
// as "Adminexe.jpg"; a name of zero-width characters shows as nothing at all.
const SPOOFED = 'Admin\u202Egpj.exe';
const INVISIBLE = '\u200B\u200C\u200D\u2060';

const learnerDetails = LEARNER_ACTIONS.find((a) => a.name === 'updateDetails')!.body;

/** Each schema that takes a person's name (or another identifying text), with a valid rest. */
const NAMED: [string, z.ZodType, (name: string) => Record<string, unknown>, string][] = [
  ['registration', registerSchema, (name) => ({ name, email: 'a@b.test', password: 'a long password' }), 'name'],
  ['learner details', learnerDetails, (name) => ({ name }), 'name'],
  ['testimonial', testimonialCreateSchema, (name) => ({ name, content: 'Great course' }), 'name'],
  ['enquiry', enquiryCreateSchema, (name) => ({ name, message: 'Hello' }), 'name'],
  ['company contact', companyCreateSchema, (contactName) => ({ name: 'Acme', contactName }), 'contactName'],
  ['company', companyCreateSchema, (name) => ({ name }), 'name'],
  ['blog author', blogCreateSchema, (authorName) => ({ title: 'T', content: 'C', authorName }), 'authorName'],
];

const issuesOf = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => ({ path: i.path.map(String), message: i.message }));

describe('names and identifying texts refuse hidden direction and invisible-only values', () => {
  it.each(NAMED)('%s: a right-to-left override is refused on the field, for people', (_, schema, body, field) => {
    expect(issuesOf(schema, body(SPOOFED))).toEqual([
      { path: [field], message: expect.stringMatching(/cannot contain hidden direction characters/) },
    ]);
  });

  it.each(NAMED)('%s: a value made only of zero-width characters is refused', (_, schema, body, field) => {
    expect(issuesOf(schema, body(INVISIBLE))).toEqual([
      { path: [field], message: expect.stringMatching(/with visible characters$/) },
    ]);
  });

  it('every bidirectional control is refused: embeddings, overrides, isolates and marks', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(registerSchema.shape.name.safeParse(`Ann${c}a`).success, c.codePointAt(0)?.toString(16)).toBe(false);
    }
    for (const c of ['\u200E', '\u200F', '\u061C']) {
      expect(registerSchema.shape.name.safeParse(`Ann${c}a`).success, c.codePointAt(0)?.toString(16)).toBe(false);
    }
  });

  it('says what is wrong in words, naming the field', () => {
    expect(issuesOf(registerSchema.shape.name, SPOOFED)).toEqual([
      { path: [], message: 'Name cannot contain hidden direction characters' },
    ]);
    expect(issuesOf(companyCreateSchema.shape.contactName, '\u200B\u2060')).toEqual([
      { path: [], message: 'Enter a contact name with visible characters' },
    ]);
  });

  it('keeps real names: normalised to NFC, stray zero-width spaces removed, joiners of Indic scripts kept', () => {
    const name = registerSchema.shape.name;
    // "José" typed with a combining accent is stored as the one precomposed letter.
    expect(name.parse('Jose\u0301')).toBe('Jos\u00e9');
    expect(name.parse('Ad\u200Bmin')).toBe('Admin');
    expect(name.parse('\uFEFFMeera ')).toBe('Meera');
    // Malayalam and Devanagari use ZWJ/ZWNJ inside words; Arabic and Hebrew need no controls.
    expect(name.parse('\u0D28\u0D3F\u0D7D\u200D')).toBe('\u0D28\u0D3F\u0D7D\u200D');
    expect(name.parse('\u0905\u0928\u094D\u200C\u0928\u093E')).toBe('\u0905\u0928\u094D\u200C\u0928\u093E');
    expect(name.parse('\u0644\u064A\u0644\u0649')).toBe('\u0644\u064A\u0644\u0649');
    // Empty is still "required", an optional name may still be cleared.
    expect(issuesOf(name, '  ')).toEqual([{ path: [], message: 'Name is required' }]);
    expect(companyCreateSchema.shape.contactName.parse('')).toBe('');
    expect(companyCreateSchema.shape.contactName.parse(null)).toBeNull();
  });

  it('a saved view is named with visible characters too', () => {
    const view = { name: SPOOFED, resource: 'user', filters: [], sort: null, q: null, size: null, columns: ['name'] };
    expect(issuesOf(savedViewCreateSchema, view).map((i) => i.path)).toContainEqual(['name']);
  });
});
