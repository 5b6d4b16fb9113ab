import { RESOURCES, userResource } from '@cohort/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordDetails } from '../features/resources/components/record-details';
import { appStore, initialState } from '../lib/store';
import { renderWithProviders } from '../testing/render';
import { TestRouter } from '../testing/router';
import { FieldValue } from './field-value';

/** Issue 18 finding 3 (decision 038): a reference shows the name of the record it names, linked to it. */
const signIn = (role: string) =>
  appStore.setState({
    ...initialState,
    token: 'tok',
    appLoaded: true,
    user: {
      id: 1,
      name: 'Ada',
      email: 'ada@cohort.test',
      role,
      roleId: 1,
      twoFactorEnabled: false,
      mustChangePassword: false,
    },
  });

beforeEach(() => signIn('ADMIN'));
afterEach(() => appStore.setState(initialState));

const learner = {
  id: 2016,
  userId: 2016,
  name: 'Kamala Iyer',
  ownerId: 11,
  ownerLabel: 'Priya Owner',
  motivatorId: 12,
  motivatorLabel: 'Ravi Motivator',
  collegeId: 3,
  collegeLabel: 'College of Engineering',
  batchId: 7,
  batchLabel: 'Batch 2026 A',
  planId: 4,
  planLabel: 'Pro Monthly',
};

describe('references on a record', () => {
  it('the learner page shows owner, motivator, college and batch by name, never the bare id', async () => {
    renderWithProviders(
      <TestRouter component={() => <RecordDetails fields={userResource.fields} record={learner} />} />,
    );
    for (const name of ['Priya Owner', 'Ravi Motivator', 'College of Engineering', 'Batch 2026 A', 'Pro Monthly']) {
      expect(await screen.findByText(name)).toBeTruthy();
    }
    for (const id of ['11', '12', '3', '7', '4']) expect(screen.queryByText(id)).toBeNull();
  });

  it('links a reference to its record when the console has its screen and the role may read it', async () => {
    const hold = RESOURCES['user/hold'].fields.find((f) => f.name === 'holdTypeId')!;
    renderWithProviders(
      <TestRouter
        component={() => (
          <>
            <FieldValue field={hold} value={3} record={{ holdTypeId: 3, holdTypeLabel: 'Medical' }} />
            <FieldValue
              field={userResource.fields.find((f) => f.name === 'ownerId')!}
              value={11}
              record={{ ownerId: 11, ownerLabel: 'Priya Owner' }}
            />
            <FieldValue field={hold} value={9} record={{ holdTypeId: 9, holdTypeLabel: null }} />
          </>
        )}
      />,
    );
    const link = await screen.findByRole('link', { name: 'Medical' });
    expect(link.getAttribute('href')).toBe(`/${RESOURCES.hold.screens.slug}/3`);
    // A person has no screen of their own here: named, not linked.
    expect(screen.getByText('Priya Owner').closest('a')).toBeNull();
    // A record that is gone says so instead of showing a bare number.
    expect(screen.getByText('#9 (not found)')).toBeTruthy();
  });

  it('does not link for a role that may not read the record', async () => {
    signIn('MARKETING');
    const hold = RESOURCES['user/hold'].fields.find((f) => f.name === 'holdTypeId')!;
    renderWithProviders(
      <TestRouter
        component={() => <FieldValue field={hold} value={3} record={{ holdTypeId: 3, holdTypeLabel: 'Medical' }} />}
      />,
    );
    expect((await screen.findByText('Medical')).closest('a')).toBeNull();
  });
});
