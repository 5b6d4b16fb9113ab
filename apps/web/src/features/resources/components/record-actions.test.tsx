import { calls, isaTypeResource, subscriptionResource, userResource } from '@cohort/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { AppTestRouter } from '../../../testing/router';
import { answer, errorAnswer, recordAnswer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
let learner: Record<string, unknown>;
let posted: { method: string; path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  posted = [];
  learner = {
    id: 5,
    userId: 5,
    name: 'Asha Learner',
    email: 'asha@example.com',
    userStatus: 'Active',
    totalPoints: 120,
    createdAt: at,
    updatedAt: at,
    registrationDate: at,
    version: 3,
  };
  stubApi(fetchMock, (url, init) => {
    // The ISA panel (decision 017): a learner without an ISA.
    if (url.pathname === '/admin/isa/get') return recordsAnswer(isaTypeResource, []);
    // The placement panel: the learner's subscriptions and deposits (decision 018).
    if (url.pathname === '/admin/subscription/all' || url.pathname === '/admin/subscription/upfront-deposit')
      return recordsAnswer(subscriptionResource, []);
    if (url.pathname === '/admin/user/isa/get')
      return answer(calls.isa.get, {
        userId: Number(url.searchParams.get('userId')),
        isaStatus: 'Not Assigned',
        isa: null,
        allowed: ['assign'],
      });
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/admin/user/details') return recordAnswer(userResource, learner);
    if (method === 'GET' && url.pathname === '/admin/card/user/dashboard-cards') {
      return answer(calls.learners.dashboardCards, { userId: 5, userTypes: [], data: [], totalItems: 0 });
    }
    if (method === 'GET' && url.pathname === '/admin/user/progress-report') {
      return answer(calls.learners.progressReport, {
        userId: 5,
        weeks: [],
        totalSubmitted: 0,
        lastTaskSubmitDate: null,
      } as never);
    }
    if (method === 'GET') return jsonResponse(200, { data: [], totalItems: 0 });
    const body = JSON.parse(String(init?.body ?? '{}'));
    posted.push({ method, path: url.pathname, body });
    if (url.pathname === '/admin/user/points/add') {
      learner = { ...learner, totalPoints: (learner.totalPoints as number) + body.points, version: 4 };
      return recordAnswer(userResource, learner);
    }
    if (url.pathname === '/admin/user/status/update') {
      return errorAnswer(409, { message: 'This record was changed by someone else', code: 'CONFLICT' });
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a record’s actions', () => {
  it('offers a motivator their actions only, checks the form before sending, and sends what the call takes', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const panel = (await screen.findByRole('heading', { name: 'Actions' }, { timeout: 5000 })).closest('div')!;
    const names = within(panel.parentElement!)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Change status', 'Reject', 'Add points', 'Follow-up', 'Edit details', 'Assign batch']);

    fireEvent.click(screen.getByRole('button', { name: 'Add points' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add points' }));
    expect(await within(dialog).findByText('Enter a number of points')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Points/), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add points' }));
    // Points apply to the learner as they are: no version travels.
    await waitFor(() =>
      expect(posted).toEqual([{ method: 'POST', path: '/admin/user/points/add', body: { points: 25, userId: 5 } }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('sends the version with a versioned action and says so when the record changed meanwhile', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change status' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/User Status/), { target: { value: 'Inactive' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() =>
      expect(posted[0]).toEqual({
        method: 'POST',
        path: '/admin/user/status/update',
        body: { userStatus: 'Inactive', userId: 5, version: 3 },
      }),
    );
    expect(await within(dialog).findByText('Changed since you opened it')).toBeTruthy();
  }, 20_000);

  it('shows placement actions to HR and none of the motivator’s', async () => {
    signInAs('HR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    expect(await screen.findByRole('button', { name: 'Placement readiness' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add points' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'PAN verification' })).toBeNull();
  }, 20_000);
});
