import { calls, isaTypeResource, subscriptionResource, userResource } from '@cohort/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { AppTestRouter } from '../../../testing/router';
import { answer, recordAnswer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
let weeks: { week: string; submitted: number; reviewed: number }[];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  weeks = [
    { week: '2026-11-09', submitted: 0, reviewed: 0 },
    { week: '2026-11-16', submitted: 0, reviewed: 0 },
  ];
  stubApi(fetchMock, (url) => {
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
    if (url.pathname === '/admin/user/details') {
      return recordAnswer(userResource, { id: 5, userId: 5, name: 'Asha', createdAt: at, updatedAt: at, version: 1 });
    }
    if (url.pathname === '/admin/user/progress-report') {
      expect(url.searchParams.get('userId')).toBe('5');
      const total = weeks.reduce((n, w) => n + w.submitted, 0);
      return answer(calls.learners.progressReport, {
        userId: 5,
        weeks,
        totalSubmitted: total + 3,
        lastTaskSubmitDate: total ? at : null,
      } as never);
    }
    if (url.pathname === '/admin/card/user/dashboard-cards') {
      return answer(calls.learners.dashboardCards, { userId: 5, userTypes: [], data: [], totalItems: 0 });
    }
    return jsonResponse(200, { data: [], totalItems: 0 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a learner's progress", () => {
  it('says how much they submitted and when last', async () => {
    weeks[1].submitted = 4;
    weeks[1].reviewed = 1;
    signInAs('MENTOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const summary = await screen.findByTestId('progress-summary', {}, { timeout: 8000 });
    expect(summary.textContent).toBe('7 tasks submitted · last 5th Jan 2026, 10:00 AM');
  }, 20_000);

  it('says so when nothing was submitted in the weeks shown', async () => {
    signInAs('MENTOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    expect(await screen.findByText('No tasks submitted in the last 2 weeks.', {}, { timeout: 8000 })).toBeTruthy();
  }, 20_000);
});
