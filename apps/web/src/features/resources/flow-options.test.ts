import { subscriptionResource, userResource } from '@cohort/domain';
import { describe, expect, it } from 'vitest';
import { actionInputs } from './components/record-actions';
import { flowFields } from './flow-options';

const options = (fields: { name: string; options?: readonly { value: string | number }[] }[], name: string) =>
  fields.find((f) => f.name === name)?.options?.map((o) => o.value);

describe('forms offer only the moves a flow allows', () => {
  it('an edit form keeps the current state and offers the allowed ones', () => {
    const fields = subscriptionResource.fields.filter((f) => f.form);
    expect(
      options(flowFields(subscriptionResource, fields, { id: 1, version: 1, status: 'Active' }, true), 'status'),
    ).toEqual(['Active', 'Ended', 'Cancelled']);
    expect(
      options(flowFields(subscriptionResource, fields, { id: 1, version: 1, status: 'Cancelled' }, true), 'status'),
    ).toEqual(['Cancelled']);
    // Fields no flow moves are left as they are.
    expect(flowFields(subscriptionResource, fields, { id: 1, version: 1, status: 'Active' }, true)[1]).toBe(fields[1]);
  });

  it("an action's form offers the moves from where the learner stands", () => {
    const penalty = userResource.actions!.find((a) => a.name === 'updatePenalty')!;
    const record = { id: 5, version: 2, placementPenaltyPaymentStatus: 'Paid' };
    expect(options(actionInputs(userResource, penalty, record), 'placementPenaltyPaymentStatus')).toEqual([
      'Required and Pending',
    ]);
    // The reason is no flow: all eight of spec §9.
    expect(options(actionInputs(userResource, penalty, record), 'placementPenaltyReason')).toHaveLength(8);
    const pan = userResource.actions!.find((a) => a.name === 'verifyPan')!;
    expect(
      options(
        actionInputs(userResource, pan, { id: 5, version: 2, panVerificationStatus: 'Not Verified' }),
        'panVerificationStatus',
      ),
    ).toEqual(['Applied']);
  });
});
