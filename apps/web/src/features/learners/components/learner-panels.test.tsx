import {
  appointmentResource,
  calls,
  isaTypeResource,
  messageResource,
  subscriptionResource,
  userResource,
} from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AppTestRouter } from '../../../testing/router';
import { answer, errorAnswer, recordAnswer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
const learner = {
  id: 5,
  name: 'Asha Learner',
  email: 'asha@example.com',
  phone: null,
  userStatus: 'Active',
  isaStatus: 'ISA Verified',
  proStatus: 'Not Eligible',
  alumniStatus: 'Not Started',
  totalPoints: 1200,
  readyForPlacements: true,
  alreadyPlaced: false,
  collegeId: null,
  batchId: null,
  motivatorId: 1,
  ownerId: null,
  lastActivity: null,
  createdAt: at,
  updatedAt: at,
  version: 1,
};
const card = (id: number, title: string, userTypeId: number, userTypeName: string, cta = false) => ({
  id,
  title,
  body: `${title} body`,
  ctaLabel: cta ? 'Book a slot' : null,
  ctaUrl: cta ? 'https://cohort.test/mocks' : null,
  imageUrl: null,
  position: id,
  userTypeId,
  userTypeName,
});
let sent: unknown[];
let messages: { id: number; userId: number; userLabel: string; subject: string; body: string; senderName: string }[];

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sent = [];
  messages = [];
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
    if (url.pathname === '/admin/user/details' && url.searchParams.get('user') === '5')
      return recordAnswer(userResource, learner);
    if (url.pathname === '/admin/card/user/dashboard-cards') {
      expect(url.searchParams.get('userId')).toBe('5');
      return answer(calls.learners.dashboardCards, {
        userId: 5,
        userTypes: [
          { id: 2, name: 'ISA verified', priority: 10 },
          { id: 9, name: 'Everyone', priority: 100 },
        ],
        data: [card(3, 'Book your final mock', 2, 'ISA verified', true), card(1, 'Welcome', 9, 'Everyone')],
        totalItems: 2,
      });
    }
    // The CRM and ratings panels (decision 022): not in the CRM, nothing rated.
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
    if (url.pathname === '/admin/user/appointment/ratings/all') return recordsAnswer(appointmentResource, []);
    if (url.pathname === '/admin/message/get') {
      expect(JSON.parse(url.searchParams.get('filters') ?? '[]')).toEqual([
        { field: 'userId', operator: '=', value: 5 },
      ]);
      const data = messages.map((m) => ({ ...m, senderId: 1, createdAt: at, updatedAt: at }));
      return recordsAnswer(messageResource, data);
    }
    if (url.pathname === '/admin/message/add' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      if (body.subject === 'Refused') {
        return errorAnswer(400, {
          message: 'You can only add or change records within your own scope',
          code: 'BAD_REQUEST',
          issues: [{ path: ['userId'], message: 'Choose a learner' }],
        });
      }
      const made = { id: messages.length + 1, userLabel: learner.name, senderName: 'Tester', ...body };
      messages.unshift(made);
      return recordAnswer(messageResource, { ...made, senderId: 1, createdAt: at, updatedAt: at }, 201);
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a learner's page", () => {
  it("shows the learner's dashboard cards in order, with the user types that bring them", async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    expect(await screen.findByText('Dashboard cards', {}, { timeout: 5000 })).toBeTruthy();
    const shown = await screen.findAllByTestId('dashboard-card');
    expect(shown.map((c) => within(c).getByText(/^(Book your final mock|Welcome)$/).textContent)).toEqual([
      'Book your final mock',
      'Welcome',
    ]);
    expect(within(shown[0]).getByText('From ISA verified')).toBeTruthy();
    const cta = within(shown[0]).getByRole('link', { name: 'Book a slot' });
    expect(cta.getAttribute('href')).toBe('https://cohort.test/mocks');
    expect(cta.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Everyone', { selector: '.mantine-Badge-label' })).toBeTruthy();
  });

  it('sends a message: checked first, sent with the learner, listed; a refusal shows on the form', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const form = await screen.findByRole('form', { name: 'Send a message' }, { timeout: 5000 });
    expect(await screen.findByText('No messages sent yet.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Subject is required')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Subject'), { target: { value: 'Mock booked' } });
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'Friday 5 pm.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual([{ userId: 5, subject: 'Mock booked', body: 'Friday 5 pm.' }]));
    expect(await screen.findByText('Friday 5 pm.', { selector: 'p' })).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Subject'), { target: { value: 'Refused' } });
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Choose a learner')).toBeTruthy();
  });

  it('has no messages panel for a role that may not message learners', async () => {
    signInAs('KEY_ACCOUNT_MANAGER');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    expect(await screen.findByText('Dashboard cards', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Send a message' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/admin/message/'))).toBe(false);
  });
});
