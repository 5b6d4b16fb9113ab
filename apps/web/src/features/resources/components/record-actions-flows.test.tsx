import { userResource } from '@cohort/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { signInAs } from '../../roles/roles-test-utils';
import { RecordActions } from './record-actions';

const learner = {
  id: 5,
  version: 2,
  name: 'Asha Learner',
  placementPaymentStatus: 'PLACEMENT_PAYMENT_DONE',
  placementPenaltyPaymentStatus: 'Paid',
  proStatus: 'Pro User',
  panVerificationStatus: 'Applied',
  verificationStep: 'pan',
  verificationStatus: 'Verification Pending',
  sharpenerPlusStatus: null,
  alumniStatus: 'Placed',
};

describe("a record's actions and its flows", () => {
  it('offers an action only while its flow has a move left from where the record stands', () => {
    signInAs('NEGOTIATOR');
    renderWithProviders(<RecordActions def={userResource} id="5" record={learner} />);
    // Ended flows: the placement payment is done, Pro User and Placed are final.
    expect(screen.queryByRole('button', { name: 'Placement payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pro status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alumni eligibility' })).toBeNull();
    // Still open: a paid penalty may become due again, an applied PAN be decided, verification move on.
    expect(screen.getByRole('button', { name: 'Placement penalty' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PAN verification' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verification step' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verification' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sharpener-plus eligibility' })).toBeTruthy();
    // Actions that move no flow are unaffected.
    expect(screen.getByRole('button', { name: 'Billing cycle' })).toBeTruthy();
  });
});
