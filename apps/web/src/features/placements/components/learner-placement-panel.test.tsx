import { calls, planResource, subscriptionResource, upfrontDepositResource, userResource } from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { answer, recordAnswer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';
import { LearnerPlacementPanel } from './learner-placement-panel';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
const learner = {
  id: 5,
  name: 'Asha Learner',
  placementPaymentStatus: 'MOCK_COMPLETED',
  placementPenaltyPaymentStatus: 'Not Required',
  placementPenaltyReason: null,
  proStatus: 'Not Eligible',
  sharpenerPlusStatus: null,
  alumniStatus: 'Not Started',
  panVerificationStatus: 'Applied',
  verificationStep: 'unlock',
  verificationStatus: 'Verification Pending',
  createdAt: at,
  updatedAt: at,
  version: 3,
};
const subscription = {
  id: 11,
  userId: 5,
  userLabel: 'Asha Learner',
  planId: 2,
  planLabel: 'Pro Placement',
  status: 'Active',
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  priceMinor: 4999900,
  currency: 'INR',
  depositId: 21,
  depositStatus: 'Expired',
  createdAt: at,
  updatedAt: at,
  version: 1,
};
const deposit = {
  id: 21,
  subscriptionId: 11,
  userId: 5,
  amountMinor: 500000,
  currency: 'INR',
  status: 'Expired',
  expiresOn: '2026-01-10',
  paidOn: null,
  createdAt: at,
  updatedAt: at,
  version: 2,
};
let posted: { url: string; body: unknown }[];
/** The learner's subscriptions as the server answers them; a test may hold the answer back. */
let subscriptionsNow: () => Promise<Record<string, unknown>[]>;
/** Deposits are answered once this settles (a test holds them back to see the form mid-refresh). */
let depositsHeld: Promise<void>;
let depositNow: Omit<typeof deposit, 'paidOn'> & { paidOn: string | null };

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  posted = [];
  depositNow = deposit;
  subscriptionsNow = async () => [subscription];
  depositsHeld = Promise.resolve();
  stubApi(fetchMock, async (url, init) => {
    if (url.pathname === '/admin/subscription/all') {
      expect(url.searchParams.get('userId')).toBe('5');
      const data = await subscriptionsNow();
      return recordsAnswer(subscriptionResource, data);
    }
    if (url.pathname === '/admin/subscription/upfront-deposit') {
      await depositsHeld;
      return recordsAnswer(upfrontDepositResource, [depositNow]);
    }
    if (url.pathname === '/admin/plan/get')
      return recordsAnswer(planResource, [
        { id: 1, name: 'Basic', priceMinor: 2500000, currency: 'INR', durationMonths: 6, active: true },
      ]);
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posted.push({ url: url.pathname, body });
      if (url.pathname === '/admin/user/placement-penalty/update' && body.placementPenaltyReason === 'Cheating') {
        return jsonResponse(409, {
          message:
            'Placement penalty cannot move from Paid to Required and Pending: it can move to Required and Pending',
          code: 'CONFLICT',
          state: 'Paid',
          allowed: ['Required and Pending'],
        });
      }
      if (url.pathname === '/admin/subscription/upfront-deposit/21/extend-expiration')
        return recordAnswer(upfrontDepositResource, {
          ...deposit,
          status: 'Pending',
          expiresOn: body.expiresOn,
          version: 3,
        });
      if (url.pathname === '/admin/user/plan/add')
        return answer(calls.subscriptions.addPlan, { ...subscription, id: 12, planLabel: 'Basic' });
      return recordAnswer(userResource, { ...learner, ...body, version: learner.version + 1 });
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPanel = () =>
  renderWithProviders(<LearnerPlacementPanel def={userResource} id="5" record={learner as never} />);

describe('the placement and plans panel', () => {
  it('shows where the learner stands in each flow and offers only the allowed moves', async () => {
    signInAs('NEGOTIATOR');
    renderPanel();
    const flows = screen.getByRole('table', { name: 'Placement flows' });
    const row = (label: string) => within(flows).getByText(label).closest('tr') as HTMLElement;
    expect(within(row('Placement payment')).getByText('MOCK_COMPLETED')).toBeTruthy();
    expect(
      within(row('Placement payment'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Initial payment received', 'Skip payment', 'Hold payment']);
    expect(within(row('Sharpener-plus status')).getByText('Not started')).toBeTruthy();
    expect(
      within(row('PAN verification'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Verified', 'Rejected']);
    // The steps (spec §9) and the verification they lead to (spec §4) are two rows.
    expect(within(row('Verification step')).getByText('unlock')).toBeTruthy();
    expect(within(row('Verification')).getByText('Verification Pending')).toBeTruthy();
    expect(
      within(row('Verification'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete verification']);
  });

  it('a penalty asks for its reason (field-level), sends the move with the version, and shows a refusal', async () => {
    signInAs('NEGOTIATOR');
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: /^Require a penalty/ }));
    const form = await screen.findByRole('form', { name: 'Placement penalty: move to Required and Pending' });
    fireEvent.click(within(form).getByRole('button', { name: 'Require a penalty' }));
    expect(await within(form).findByText('Choose the reason for the penalty')).toBeTruthy();
    expect(posted).toEqual([]);
    // A refused move stays in the dialog, in the server's words.
    fireEvent.click(within(form).getAllByLabelText(/Penalty reason/)[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Cheating' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Require a penalty' }));
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      'Placement penalty cannot move from Paid to Required and Pending: it can move to Required and Pending',
    );
    fireEvent.click(within(form).getAllByLabelText(/Penalty reason/)[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Missed Interview' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Require a penalty' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({
      url: '/admin/user/placement-penalty/update',
      body: {
        placementPenaltyPaymentStatus: 'Required and Pending',
        placementPenaltyReason: 'Missed Interview',
        userId: 5,
        version: 3,
      },
    });
  });

  it('lists subscriptions and deposits in their currency; extending asks for a day and a reason, field by field, before anything is sent', async () => {
    signInAs('NEGOTIATOR');
    renderPanel();
    const sub = await screen.findByLabelText('Subscription to Pro Placement');
    expect(within(sub).getByText('₹49,999.00')).toBeTruthy();
    expect(within(sub).getByText('Upfront deposit ₹5,000.00')).toBeTruthy();
    fireEvent.click(within(sub).getByRole('button', { name: 'Extend expiration' }));
    const form = await screen.findByRole('form', { name: "Extend the deposit's expiration" });
    fireEvent.click(within(form).getByRole('button', { name: 'Extend expiration' }));
    expect(await within(form).findByText('Reason is required')).toBeTruthy();
    expect(within(form).getByText('New expiry date must be a date')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('a Pending deposit may be extended or paid; a Paid one neither', async () => {
    signInAs('NEGOTIATOR');
    depositNow = { ...deposit, status: 'Pending' };
    const { unmount } = renderPanel();
    const sub = await screen.findByLabelText('Subscription to Pro Placement');
    expect(await within(sub).findByRole('button', { name: 'Extend expiration' })).toBeTruthy();
    expect(within(sub).getByRole('button', { name: 'Record payment' })).toBeTruthy();
    unmount();
    depositNow = { ...deposit, status: 'Paid', paidOn: '2026-01-08' };
    renderPanel();
    const paid = await screen.findByLabelText('Subscription to Pro Placement');
    expect(await within(paid).findByText('paid 8th Jan 2026')).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: 'Extend expiration' })).toBeNull();
    expect(within(paid).queryByRole('button', { name: 'Record payment' })).toBeNull();
  });

  it('a role without the money calls sees the flows but no plan buttons', async () => {
    signInAs('MOTIVATOR');
    renderPanel();
    expect(await screen.findByLabelText('Subscription to Pro Placement')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Extend expiration' })).toBeNull();
    const flows = screen.getByRole('table', { name: 'Placement flows' });
    expect(within(flows).queryAllByRole('button')).toEqual([]);
  });

  it('Add plan asks to end the current plan first, then sends the learner and the plan', async () => {
    signInAs('NEGOTIATOR');
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const form = await screen.findByRole('form', { name: 'Add a plan' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add plan' }));
    expect(await within(form).findByText('Choose a plan')).toBeTruthy();
    fireEvent.click(within(form).getAllByLabelText(/^Plan/)[0]);
    fireEvent.click(await screen.findByRole('option', { name: /Basic · ₹25,000.00 · 6 months/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add plan' }));
    expect(await within(form).findByText('Tick this to end Pro Placement first')).toBeTruthy();
    fireEvent.click(within(form).getByRole('checkbox', { name: /End the current plan \(Pro Placement\)/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add plan' }));
    await waitFor(() =>
      expect(posted).toEqual([{ url: '/admin/user/plan/add', body: { userId: 5, planId: 1, replaceActive: true } }]),
    );
  });

  it('a learner with no plan gets one; the plan just added is never offered as the current one to end', async () => {
    signInAs('NEGOTIATOR');
    subscriptionsNow = async () => [];
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const form = await screen.findByRole('form', { name: 'Add a plan' });
    expect(within(form).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(form).getAllByLabelText(/^Plan/)[0]);
    fireEvent.click(await screen.findByRole('option', { name: /Basic · ₹25,000.00 · 6 months/ }));
    // After the call the learner's plans are read again: the new one (Active) comes while the
    // deposits' answer is held back, so the form is still open as the list changes.
    let release = () => {};
    depositsHeld = new Promise((resolve) => {
      release = resolve;
    });
    subscriptionsNow = async () => [{ ...subscription, id: 12, planId: 1, planLabel: 'Basic' }];
    fireEvent.click(within(form).getByRole('button', { name: 'Add plan' }));
    expect(await screen.findByLabelText('Subscription to Basic')).toBeTruthy();
    expect(posted).toEqual([{ url: '/admin/user/plan/add', body: { userId: 5, planId: 1 } }]);
    expect(screen.getByRole('form', { name: 'Add a plan' })).toBeTruthy();
    expect(within(form).queryByRole('checkbox')).toBeNull();
    release();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a plan' })).toBeNull());
  });
});
