import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RATING_LABELS } from './appointments';
import { AI_PROMPT_SUBJECTS, aiPromptCreateSchema, enquiryCreateSchema } from './configuration';
import { BLOG_STATUSES, blogCreateSchema, EVENT_STATUSES, eventCreateSchema } from './content';
import { LEAD_REJECTION_REASONS, LEAD_SOURCES, LEAD_STATUSES } from './crm';
import {
  ACTIVE_STATUSES,
  AI_MODELS,
  ALUMNI_STATUSES,
  ATTENDANCE,
  FOLLOW_UP_STATUSES,
  INTERVIEW_TYPES,
  ISA_STATUSES,
  JOB_APPLICATION_STATUSES,
  JOB_OPENING_STATUSES,
  PAN_VERIFICATION_STATUSES,
  PLACEMENT_PENALTY_STATUSES,
  PRO_STATUSES,
  QUESTION_STATUSES,
  REQUEST_STATUSES,
  SHARPENER_PLUS_STATUSES,
} from './enums';
import { FLAG_STATUSES, STRIKE_TYPES, strikeCreateSchema, userFlagCommentCreateSchema } from './learner-records';
import {
  ALUMNI_MACHINE,
  PAN_VERIFICATION_MACHINE,
  PENALTY_REASONS,
  PLACEMENT_PAYMENT_MACHINE,
  PLACEMENT_PAYMENT_STATUSES,
  PLACEMENT_PENALTY_MACHINE,
  PRO_STATUS_MACHINE,
  SHARPENER_PLUS_MACHINE,
  VERIFICATION_MACHINE,
  VERIFICATION_STATUSES,
  VERIFICATION_STEP_MACHINE,
  VERIFICATION_STEPS,
} from './placement-flows';
import { ATTENDANCE_STATUSES } from './platform';
import { FILTER_OPERATORS } from './resource';
import { CONTACT_PERSON_TYPES, ROLES, TEAM_MEMBER_ROLES } from './roles';
import { questionUpdateSchema } from './support';

/**
 * Every enumeration of packages/domain that the spec lists (§4 states, §5 filter operators, §6
 * roles, §9 constants), compared character for character and in order with the spec's own
 * text, read at test time: a drift on either side fails here (decision 031).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const specPath = path.resolve(repoRoot, '../shared/spec/admin-console-spec.md');
if (!existsSync(specPath))
  throw new Error(`The spec is not at ${specPath}: the domain's enumerations are compared with its text`);
const spec = readFileSync(specPath, 'utf8');

/** The text of a numbered section ("## 4. States and transitions" up to the next "## "). */
function section(n: number): string {
  const start = spec.search(new RegExp(`^## ${n}\\. `, 'm'));
  if (start < 0) throw new Error(`The spec has no section ${n}`);
  const end = spec.indexOf('\n## ', start + 1);
  return spec.slice(start, end < 0 ? undefined : end);
}

/**
 * The clause a label introduces ("Pro status: Not Eligible, Payment Pending, ..."), up to the
 * end of its sentence: a full stop before a space or the line's end (so "Node.js 12.14.0" and
 * "gpt-3.5-turbo" stay whole), a semicolon, or the line's end.
 */
function clause(text: string, label: string): string {
  const at = text.indexOf(label);
  if (at < 0) throw new Error(`The spec has no "${label}"`);
  const rest = text.slice(at + label.length).split('\n')[0];
  const end = rest.search(/\.(?=\s|$)|;/);
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}

const list = (text: string, label: string) => clause(text, label).split(', ');
/** "Archived or Live" */
const either = (text: string, label: string) => clause(text, label).split(' or ');
/** "Applied 1, Screening 2" -> [[1, 'Applied'], ...]; "1 Poor, 2 Average" the same. */
const numbered = (text: string, label: string) =>
  list(text, label).map((item) => {
    const m = /^(\d+) (.+)$/.exec(item) ?? /^(.+) (\d+)$/.exec(item);
    if (!m) throw new Error(`"${item}" of "${label}" has no number`);
    return /^\d+$/.test(m[1]) ? [Number(m[1]), m[2]] : [Number(m[2]), m[1]];
  });

const valuesOf = (options: readonly { value: unknown }[]) => options.map((o) => o.value);
const pairsOf = (options: readonly { value: unknown; label: string }[]) => options.map((o) => [o.value, o.label]);
/** Options whose label is their value, as the spec writes them. */
const expectExact = (options: readonly { value: unknown; label: string }[], spec: readonly string[]) => {
  expect(valuesOf(options)).toEqual(spec);
  expect(options.map((o) => o.label)).toEqual(spec);
};

const s4 = section(4);
const s5 = section(5);
const s6 = section(6);
const s9 = section(9);

describe('spec §4: states', () => {
  it('ISA status', () => {
    expectExact(ISA_STATUSES, list(s4, 'ISA status:'));
  });

  it("Flags: Archived or Live (blogs, a learner's flags); Archive or Active (events); the Q&A filter", () => {
    const flags = clause(s4, 'Flags:');
    expect(flags).toBe('Archived or Live');
    const archivedOrLive = either(s4, 'Flags:');
    expectExact(BLOG_STATUSES, archivedOrLive);
    expectExact(FLAG_STATUSES, archivedOrLive);
    expect(blogCreateSchema.shape.status.unwrap().options).toEqual(archivedOrLive);
    expect(userFlagCommentCreateSchema.shape.status.unwrap().options).toEqual(archivedOrLive);
    const archiveOrActive = either(s4, 'Archived or Live;');
    expectExact(EVENT_STATUSES, archiveOrActive);
    expect(eventCreateSchema.shape.status.unwrap().options).toEqual(archiveOrActive);
    const qa = list(s4, 'Q&A filter ');
    expectExact(QUESTION_STATUSES, qa);
    expect(questionUpdateSchema.shape.status.unwrap().options).toEqual(qa);
  });

  it('Request status', () => {
    expectExact(REQUEST_STATUSES, list(s4, 'Request status:'));
    expect(enquiryCreateSchema.shape.status.unwrap().options).toEqual(list(s4, 'Request status:'));
  });

  it('Job application status and job opening status, with their ids', () => {
    expect(pairsOf(JOB_APPLICATION_STATUSES)).toEqual(numbered(s4, 'Job application status (id):'));
    expect(pairsOf(JOB_OPENING_STATUSES)).toEqual(numbered(s4, 'Job opening status:'));
  });

  it('Lead follow-up', () => {
    expectExact(FOLLOW_UP_STATUSES, list(s4, 'Lead follow-up:'));
    expectExact(LEAD_STATUSES, list(s4, 'Lead follow-up:'));
  });

  it('Verification, and PAN/lead verification', () => {
    expectExact(VERIFICATION_STATUSES, list(s4, 'Verification:'));
    expect(VERIFICATION_MACHINE.states).toEqual(list(s4, 'Verification:'));
    expectExact(PAN_VERIFICATION_STATUSES, list(s4, 'PAN/lead:'));
    expect(PAN_VERIFICATION_MACHINE.states).toEqual(list(s4, 'PAN/lead:'));
  });

  it('Pro status, placement payment flow, placement penalty, sharpener-plus, alumni', () => {
    expectExact(PRO_STATUSES, list(s4, 'Pro status:'));
    expect(PRO_STATUS_MACHINE.states).toEqual(list(s4, 'Pro status:'));
    expectExact(PLACEMENT_PAYMENT_STATUSES, list(s4, 'Placement payment flow:'));
    expect(PLACEMENT_PAYMENT_MACHINE.states).toEqual(list(s4, 'Placement payment flow:'));
    expect(PLACEMENT_PAYMENT_STATUSES[6].value).toBe('MOCK_COMPLETED');
    expectExact(PLACEMENT_PENALTY_STATUSES, list(s4, 'Placement penalty:'));
    expect(PLACEMENT_PENALTY_MACHINE.states).toEqual(list(s4, 'Placement penalty:'));
    expectExact(SHARPENER_PLUS_STATUSES, list(s4, 'Sharpener-plus status:'));
    expect(SHARPENER_PLUS_MACHINE.states).toEqual(list(s4, 'Sharpener-plus status:'));
    expectExact(ALUMNI_STATUSES, list(s4, 'Alumni status:'));
    expect(ALUMNI_MACHINE.states).toEqual(list(s4, 'Alumni status:'));
  });

  it('Attendance, Active/Inactive, rating labels, source', () => {
    expectExact(ATTENDANCE, list(s4, 'Attendance:'));
    expect(ATTENDANCE_STATUSES).toEqual(list(s4, 'Attendance:'));
    // "Active/Inactive." is a sentence of its own.
    expect(s4).toMatch(/\. Active\/Inactive\. /);
    expectExact(ACTIVE_STATUSES, ['Active', 'Inactive']);
    expect(pairsOf(RATING_LABELS)).toEqual(numbered(s4, 'Rating labels:'));
    expect(pairsOf(LEAD_SOURCES)).toEqual(numbered(s4, 'Source:'));
  });
});

describe('spec §5: filter operators', () => {
  it('like, =, >, >=, <, <=, !=', () => {
    expect(FILTER_OPERATORS).toEqual(list(s5, 'Filter operators:'));
  });
});

describe('spec §6: roles', () => {
  it("role names and ids: the ids in the spec's order, every name the spec lists", () => {
    const ids = numbered(s6, 'Role ids:');
    // HR has no id in the spec: it comes last, with 10 (decision 003).
    const withIds = ROLES.filter((r) => r.key !== 'HR');
    expect(withIds.map((r) => [r.id, r.key])).toEqual(ids);
    expect(ROLES.at(-1)).toMatchObject({ key: 'HR', id: 10 });
    // The names line lists the same roles in another order; ROLES keeps the ids' order.
    expect(ROLES.map((r) => r.name).sort()).toEqual(list(s6, 'Role names:').sort());
  });

  it('team member role; contact-person types', () => {
    expect(TEAM_MEMBER_ROLES).toEqual(either(s6, 'Team member role:'));
    expect(CONTACT_PERSON_TYPES).toEqual(list(s6, 'Contact-person types:'));
  });
});

describe('spec §9: business constants', () => {
  it('interview types, AI models, Topic or Company', () => {
    expectExact(INTERVIEW_TYPES, list(s9, 'Interview types:'));
    expectExact(AI_MODELS, list(s9, 'AI models:'));
    expect(aiPromptCreateSchema.shape.model.options).toEqual(list(s9, 'AI models:'));
    // "Topic or Company." follows the AI models: a choice between the two.
    const topicOrCompany = either(s9, 'gpt-4. ');
    expect(topicOrCompany).toEqual(['Topic', 'Company']);
    expectExact(AI_PROMPT_SUBJECTS, topicOrCompany);
    expect(aiPromptCreateSchema.shape.topicType.unwrap().unwrap().options).toEqual(topicOrCompany);
  });

  it('strike types and penalty reasons', () => {
    expectExact(STRIKE_TYPES, list(s9, 'Strike types:'));
    expect(strikeCreateSchema.shape.type.options).toEqual(list(s9, 'Strike types:'));
    expectExact(PENALTY_REASONS, list(s9, 'Penalty reasons:'));
  });

  it('verification steps', () => {
    expectExact(VERIFICATION_STEPS, list(s9, 'Verification steps:'));
    expect(VERIFICATION_STEP_MACHINE.states).toEqual(list(s9, 'Verification steps:'));
  });

  it('lead-rejection reasons', () => {
    const reasons = clause(s9, 'Lead-rejection reasons with sub-reasons:').replace(/ \(grouping.*\)$/, '');
    expectExact(LEAD_REJECTION_REASONS, reasons.split(', '));
  });
});
