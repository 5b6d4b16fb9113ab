import { calls, holdTypeResource, learnerHoldResource, userResource } from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { AppTestRouter } from '../../../testing/router';
import { answer, recordAnswer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';
import { currentHold } from './learner-holds-panel';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

/** Holds on a learner's page (issue 10 item 4): on hold now, their holds, put on hold, end today. */
const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
type Sent = { method: string; path: string; body: unknown };
let sent: Sent[];
let holds: Record<string, unknown>[];

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sent = [];
  holds = [
    {
      id: 3,
      userId: 5,
      holdTypeId: 2,
      holdTypeLabel: 'Exams',
      startDate: day(-2),
      endDate: day(10),
      reason: 'University exams until the 20th.',
      placedByName: 'Meera Motivator',
      version: 1,
      createdAt: at,
    },
  ];
  stubApi(fetchMock, (url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, path: url.pathname, body });
    switch (`${method} ${url.pathname}`) {
      case 'GET /admin/user/details':
        return recordAnswer(userResource, { id: 5, userId: 5, name: 'Asha', createdAt: at, updatedAt: at, version: 1 });
      case 'GET /admin/user/hold':
        expect(url.searchParams.get('userId')).toBe('5');
        return recordsAnswer(learnerHoldResource, holds);
      case 'POST /admin/user/hold':
        return recordAnswer(learnerHoldResource, { id: 4, ...body, version: 1, createdAt: at }, 201);
      case 'PUT /admin/user/hold/update/3':
        return recordAnswer(learnerHoldResource, { ...holds[0], ...body, version: 2 });
      case 'GET /admin/hold/get':
        return recordsAnswer(holdTypeResource, [{ id: 2, name: 'Exams' }]);
      case 'GET /admin/user/isa/get':
        return answer(calls.isa.get, { userId: 5, isaStatus: 'Not Assigned', isa: null, allowed: ['assign'] });
      case 'GET /admin/user/crm/getLeadSummary':
        return answer(calls.crm.leadSummary, {
          userId: 5,
          excludeFromCrm: false,
          lead: null,
          counts: { calls: 0, connected: 0, last30Days: 0 },
          lastCallAt: null,
          recentCalls: [],
        });
      case 'GET /admin/user/progress-report':
        return answer(calls.learners.progressReport, {
          userId: 5,
          weeks: [],
          totalSubmitted: 0,
          lastTaskSubmitDate: null,
        } as never);
      case 'GET /admin/card/user/dashboard-cards':
        return answer(calls.learners.dashboardCards, { userId: 5, userTypes: [], data: [], totalItems: 0 });
      default:
        return method === 'GET' ? jsonResponse(200, { data: [], totalItems: 0 }) : undefined;
    }
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a learner's holds", () => {
  it('knows the hold that covers a day (From and Until included)', () => {
    const h = [{ id: 1, startDate: '2026-03-01', endDate: '2026-03-10' }];
    expect(currentHold(h, '2026-03-01')?.id).toBe(1);
    expect(currentHold(h, '2026-03-10')?.id).toBe(1);
    expect(currentHold(h, '2026-03-11')).toBeUndefined();
    expect(currentHold(h, '2026-02-28')).toBeUndefined();
  });

  it('a motivator sees the learner on hold, is told what a new hold lacks, and ends the current one after confirming', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const panel = await screen.findByRole('region', { name: /^Holds/ }, { timeout: 8000 });
    expect(await within(panel).findByText(/^On hold until /)).toBeTruthy();
    expect(within(panel).getByText('University exams until the 20th.')).toBeTruthy();
    expect(within(panel).getByText('Exams', { selector: 'p' })).toBeTruthy();

    const form = within(panel).getByRole('form', { name: 'Put on hold' });
    fireEvent.click(within(form).getByRole('button', { name: 'Put on hold' }));
    expect(await within(form).findByText('Choose a hold type')).toBeTruthy();
    expect(within(form).getByText('Until must be a date')).toBeTruthy();
    expect(within(form).getByText('Reason is required')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.click(within(panel).getByRole('button', { name: 'End today' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this hold today?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End hold' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PUT', path: '/admin/user/hold/update/3', body: { endDate: day(0), version: 1 } },
      ]),
    );
  }, 20_000);

  it('says when the learner is not on hold, and offers no way to end a hold that is over', async () => {
    holds = [{ ...holds[0], startDate: day(-30), endDate: day(-20) }];
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const panel = await screen.findByRole('region', { name: /^Holds/ }, { timeout: 8000 });
    expect(await within(panel).findByText('Not on hold')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'End today' })).toBeNull();
  }, 20_000);
});
