import { describe, expect, it } from 'vitest';
import { LABEL_SOURCES, RESOURCES, recordTitle } from './index';

/**
 * Issue 18 finding 3: "no screen shows a reference as a bare id". A field that names another
 * record (its name ends in `Id`) is a `reference` with a label source: a resource of RESOURCES
 * (labelled and linked) or a LABEL_SOURCES table (labelled). The few that are not are listed
 * here, each with why; a new `...Id` field fails this walk until it is one or the other.
 */
const NOT_LABELLED: Record<string, string> = {
  // The record's own id under the spec's name ("User Id", a filter of spec §3), not another record.
  'user.userId': "the learner's own id",
  // Ids of records this product does not hold: tasks and assignments live in the learners' app.
  'user/task-submission.taskId': 'no task records here',
  'user/task-submission.assignmentId': 'no assignment records here',
  // Entries of any entity: the entity column says which; the history names each (decision 015).
  'audit.entityId': 'names a record of any resource',
  'audit.revertsAuditId': 'an audit entry, shown as "Reverted change #n"',
  // A request's correlation id (decision 026), not a record.
  'audit.requestId': 'a request id',
  'errors.requestId': 'a request id',
  // Records without a label of their own (a deposit, a subscription are named by their plan, two steps away).
  'subscription.depositId': 'a deposit has no name of its own',
  'subscription/upfront-deposit.subscriptionId': 'a subscription is named by its plan (derived)',
  'call/history.leadId': 'a lead is named by its learner, two steps away',
};

const namesARecord = (name: string) => name !== 'id' && /Id$/.test(name);

describe('references carry labels (decision 038)', () => {
  const walked = Object.values(RESOURCES).flatMap((def) =>
    def.fields.filter((f) => namesARecord(f.name)).map((f) => ({ def, field: f, key: `${def.path}.${f.name}` })),
  );

  it('walks the fields that name records', () => {
    expect(walked.length).toBeGreaterThan(30);
  });

  it('every field that names another record has a label source', () => {
    const bare = walked
      .filter(({ key }) => !(key in NOT_LABELLED))
      .filter(({ field }) => {
        if (field.type !== 'reference' || !field.reference) return true;
        const { resource, labelField } = field.reference;
        const target = RESOURCES[resource];
        if (target) return !target.fields.some((f) => f.name === labelField);
        return LABEL_SOURCES[resource]?.labelField !== labelField;
      })
      .map(({ key }) => key);
    expect(bare).toEqual([]);
  });

  it('a reference to a learner or a staff member names them by name', () => {
    // A lead's owner is picked in its form from the learners' list (a known gap: there is no staff list to pick from).
    const people = walked.filter(
      ({ def, field }) =>
        def.path !== 'leads' &&
        /^(owner|motivator|raisedBy|givenBy|removedBy|requestedBy|author|sender|actor)Id$/.test(field.name),
    );
    expect(people.length).toBeGreaterThan(5);
    for (const { field } of people) expect(field.reference).toEqual({ resource: 'person', labelField: 'name' });
  });

  it('the exceptions are still fields, and still not references (an exception never outlives its reason)', () => {
    for (const key of Object.keys(NOT_LABELLED)) {
      const hit = walked.find((w) => w.key === key);
      expect(hit, key).toBeDefined();
      expect(hit?.field.type, key).not.toBe('reference');
    }
  });

  it("a record titled by a reference reads as the name it points to (a mentor team's mentor)", () => {
    const team = RESOURCES['user/mentor-team'];
    expect(team.titleField).toBe('mentorId');
    expect(recordTitle(team, { id: 5, mentorId: 4, mentorLabel: 'Test Mentor' })).toBe('Test Mentor');
    expect(recordTitle(RESOURCES.blog, { id: 1, title: 'Hello' })).toBe('Hello');
    expect(recordTitle(RESOURCES.blog, { id: 1 })).toBeUndefined();
  });
});
