import { type CallAnswer, calls, type ResourceDef, userResource } from '@cohort/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { TestRouter } from '../../../testing/router';
import { answer, failure, isCall } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';
import { LearnerCrmPanel } from './learner-crm-panel';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

/** The CRM panel on a learner's page (decision 022): summary, Add to CRM, Log a call. */
const fetchMock = vi.fn<typeof fetch>();
const at = '2026-11-20T10:00:00.000Z';
type Sent = { method: string; path: string; body: Record<string, unknown> };
let sent: Sent[];
let summary: CallAnswer<typeof calls.crm.leadSummary>;
let refuseAdd: boolean;

const openLead = {
  id: 7,
  version: 2,
  status: 'In Progress' as const,
  ownerId: 3,
  ownerName: 'Meera Motivator',
  followUpDate: '2026-11-18',
  followUpReason: 'Pro plan interest',
  rejectionReason: null,
  rejectionSubReason: null,
  source: 2,
  note: 'Asked about EMI',
  addedByName: 'Meera Motivator',
  createdAt: at,
  overdueDays: 3,
};
const notInCrm = {
  userId: 5,
  excludeFromCrm: false,
  lead: null,
  counts: { calls: 0, connected: 0, last30Days: 0 },
  lastCallAt: null,
  recentCalls: [],
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sent = [];
  refuseAdd = false;
  summary = notInCrm;
  stubApi(fetchMock, (url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, path: url.pathname, body });
    if (isCall(calls.crm.leadSummary, url, init)) {
      expect(url.searchParams.get('userId')).toBe('5');
      return answer(calls.crm.leadSummary, summary);
    }
    if (isCall(calls.crm.add, url, init)) {
      if (refuseAdd) {
        return failure(calls.crm.add, 409, {
          code: 'CONFLICT',
          message:
            "Asha is already in the CRM (in progress, owned by Meera Motivator). Change the lead's follow-up instead.",
        });
      }
      summary = {
        ...notInCrm,
        lead: { ...openLead, status: 'Follow up', followUpDate: body.followUpDate, overdueDays: 0 },
      };
      return answer(calls.crm.add, { id: 7, userId: 5, status: 'Follow up' }, { status: 201 });
    }
    if (isCall(calls.crm.logCall, url, init)) {
      return answer(calls.crm.logCall, { id: 12, leadId: body.leadId, outcome: body.outcome });
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderWithProviders(
    <TestRouter
      component={() => <LearnerCrmPanel def={userResource as ResourceDef} id="5" record={{ id: 5 } as never} />}
    />,
  );

describe('the CRM panel', () => {
  it('offers Add to CRM to a learner not in it: checks the form, then sends the day and reason', async () => {
    signInAs('MOTIVATOR');
    render();
    expect(await screen.findByText('Not in the CRM.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add to CRM' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to CRM' }));
    expect(await within(form).findByText('Follow up date must be a date')).toBeTruthy();
    expect(within(form).getByText('Follow up reason is required')).toBeTruthy();
    expect(sent).toEqual([]);

    // Today, from the picker.
    fireEvent.click(within(form).getByRole('textbox', { name: /Follow up date/ }));
    const today = await waitFor(() => {
      const day = document.querySelector<HTMLButtonElement>('button[data-today="true"]');
      if (!day) throw new Error('no calendar yet');
      return day;
    });
    fireEvent.click(today);
    fireEvent.change(within(form).getByRole('textbox', { name: /Follow up reason/ }), {
      target: { value: 'Pro plan interest' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to CRM' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/admin/user/crm/add',
      body: { userId: 5, followUpDate: dayjs().format('YYYY-MM-DD'), followUpReason: 'Pro plan interest' },
    });
    // The summary is asked again: the learner is now a lead, and a call can be logged.
    expect(await screen.findByText('Follow up')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Log a call' })).toBeTruthy();
  }, 20_000);

  it('shows the server refusal inline when the learner is already being worked', async () => {
    refuseAdd = true;
    signInAs('MOTIVATOR');
    render();
    const form = await screen.findByRole('form', { name: 'Add to CRM' });
    fireEvent.click(within(form).getByRole('textbox', { name: /Follow up date/ }));
    const today = await waitFor(() => {
      const day = document.querySelector<HTMLButtonElement>('button[data-today="true"]');
      if (!day) throw new Error('no calendar yet');
      return day;
    });
    fireEvent.click(today);
    fireEvent.change(within(form).getByRole('textbox', { name: /Follow up reason/ }), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to CRM' }));
    expect(await within(form).findByText(/is already in the CRM/)).toBeTruthy();
  }, 20_000);

  it('shows an open lead: status, owner, overdue follow-up, calls; logs a call with its outcome', async () => {
    summary = {
      ...notInCrm,
      lead: openLead,
      counts: { calls: 2, connected: 1, last30Days: 2 },
      lastCallAt: at,
      recentCalls: [
        {
          id: 2,
          calledAt: at,
          outcome: 'Connected',
          durationMinutes: 12,
          notes: 'Call after payday',
          calledByName: 'Meera',
        },
        { id: 1, calledAt: at, outcome: 'Not answered', durationMinutes: null, notes: null, calledByName: 'Meera' },
      ],
    };
    signInAs('MOTIVATOR');
    render();
    expect(await screen.findByText('In Progress')).toBeTruthy();
    expect(screen.getByText('(3 days overdue)')).toBeTruthy();
    expect(screen.getByText(/Meera Motivator$/)).toBeTruthy();
    expect(screen.getByLabelText('Call counts').textContent).toContain('2 calls, 1 connected, 2 in the last 30 days');
    expect(within(screen.getByRole('list', { name: 'Recent calls' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'Add to CRM' })).toBeNull();

    const form = screen.getByRole('form', { name: 'Log a call' });
    fireEvent.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await within(form).findByText('Choose what came of the call')).toBeTruthy();
    expect(sent).toEqual([]);
  }, 20_000);

  it('says a learner marked Exclude from CRM cannot be added, and hides the panel from roles that may not read leads', async () => {
    summary = { ...notInCrm, excludeFromCrm: true };
    signInAs('MOTIVATOR');
    const { unmount } = render();
    expect(await screen.findByText('Excluded from CRM')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add to CRM' })).toBeNull();
    unmount();
    fetchMock.mockClear();

    signInAs('HR');
    render();
    await waitFor(() => expect(screen.queryByText('CRM')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  }, 20_000);
});
