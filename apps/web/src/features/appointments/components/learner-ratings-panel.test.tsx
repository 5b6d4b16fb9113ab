import { appointmentResource, calls, type ResourceDef, userResource } from '@cohort/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { AppTestRouter, TestRouter } from '../../../testing/router';
import { answer, recordAnswer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';
import { LearnerRatingsPanel } from './learner-ratings-panel';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

/** A learner's interview ratings (decision 022): each key of spec §3 out of its maximum. */
const fetchMock = vi.fn<typeof fetch>();
const at = '2026-11-20T10:00:00.000Z';
const rated = (id: number, interviewType: string, overall: number, parts: number[], feedback: string | null) => ({
  id,
  userId: 5,
  userLabel: 'Asha Learner',
  mentorId: 2,
  mentorLabel: 'Mo Mentor',
  interviewType,
  scheduledAt: at,
  status: 'Completed',
  OverallRating: overall,
  Communication: parts[0],
  Coding: parts[1],
  Explanation: parts[2],
  Punctuality: parts[3],
  TechnicalKnowledge: parts[4],
  feedback,
  rated: true,
  ratedByName: 'Mo Mentor',
  createdAt: at,
  updatedAt: at,
  version: 2,
});
let ratings: Record<string, unknown>[];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  ratings = [
    rated(3, 'Mentor Final Mock', 8, [4, 5, 3, 5, 2], 'Strong on closures; revise SQL joins'),
    rated(1, 'Project Demo', 4, [2, 2, 3, 5, 1], null),
  ];
  stubApi(fetchMock, (url) => {
    if (url.pathname === '/admin/user/appointment/ratings/all') {
      expect(url.searchParams.get('userId')).toBe('5');
      return recordsAnswer(appointmentResource, ratings);
    }
    if (url.pathname === '/admin/user/details') {
      return recordAnswer(userResource, {
        id: 5,
        userId: 5,
        name: 'Asha Learner',
        createdAt: at,
        updatedAt: at,
        version: 1,
      });
    }
    if (url.pathname === '/admin/user/crm/getLeadSummary') {
      return answer(calls.crm.leadSummary, {
        userId: 5,
        excludeFromCrm: false,
        lead: null,
        counts: { calls: 0, connected: 0, last30Days: 0 },
        lastCallAt: null,
        recentCalls: [],
      });
    }
    if (url.pathname === '/admin/user/progress-report') {
      return answer(calls.learners.progressReport, {
        userId: 5,
        weeks: [],
        totalSubmitted: 0,
        lastTaskSubmitDate: null,
      } as never);
    }
    if (url.pathname === '/admin/card/user/dashboard-cards') {
      return answer(calls.learners.dashboardCards, { userId: 5, userTypes: [], data: [], totalItems: 0 });
    }
    if (url.pathname === '/admin/user/mentor-team/5')
      return answer(calls.learnerRecords.mentorTeam, { userId: 5, data: [], totalItems: 0 });
    if (url.pathname === '/admin/user/student/team/get')
      return answer(calls.learnerRecords.studentTeams, { userId: 5, data: [], totalItems: 0 });
    return jsonResponse(200, { data: [], totalItems: 0 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPanel = () =>
  renderWithProviders(
    <TestRouter
      component={() => <LearnerRatingsPanel def={userResource as ResourceDef} id="5" record={{ id: 5 } as never} />}
    />,
  );

describe("a learner's interview ratings", () => {
  it('shows each rated interview with its mentor, the overall out of 10 and a bar per key out of 5', async () => {
    signInAs('HR');
    renderPanel();
    expect(await screen.findByText('Interview ratings (2)')).toBeTruthy();
    expect(screen.getByText('Average overall 6.0/10')).toBeTruthy();
    const finalMock = screen.getByRole('region', { name: /^Mentor Final Mock on / });
    expect(within(finalMock).getByLabelText('Overall 8 out of 10').textContent).toBe('8/10');
    expect(within(finalMock).getByText('With Mo Mentor')).toBeTruthy();
    const bars = within(finalMock).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Communication 4 out of 5',
      'Coding 5 out of 5',
      'Explanation 3 out of 5',
      'Punctuality 5 out of 5',
      'Technical knowledge 2 out of 5',
    ]);
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['80', '100', '60', '100', '40']);
    expect(within(finalMock).getByText('Strong on closures; revise SQL joins')).toBeTruthy();
    const demo = screen.getByRole('region', { name: /^Project Demo on / });
    expect(within(demo).getByLabelText('Overall 4 out of 10').textContent).toBe('4/10');
  }, 20_000);

  it('says so when nothing is rated, and is hidden from roles that may not read appointments', async () => {
    ratings = [];
    signInAs('MENTOR');
    const { unmount } = renderPanel();
    expect(await screen.findByText('No rated interviews yet.')).toBeTruthy();
    unmount();
    fetchMock.mockClear();
    signInAs('MARKETING');
    renderPanel();
    await waitFor(() => expect(screen.queryByText(/Interview ratings/)).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  }, 20_000);

  it("sits on the learner's page beside the CRM panel", async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    expect(await screen.findByText('Interview ratings (2)', {}, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText('Not in the CRM.')).toBeTruthy();
  }, 20_000);
});
