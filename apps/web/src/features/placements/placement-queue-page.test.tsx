import { userResource } from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { recordAnswer, recordsAnswer } from '../../testing/stub-call';
import { signInAs, stubApi } from '../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
const row = (id: number, name: string, payment: string, penalty: string, reason: string | null = null) => ({
  id,
  name,
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  placementPaymentStatus: payment,
  placementPenaltyPaymentStatus: penalty,
  placementPenaltyReason: reason,
  placementQueue: true,
  createdAt: at,
  updatedAt: at,
  version: 4,
});
let queue: ReturnType<typeof row>[];
let queries: URL[];
let posted: { url: string; body: Record<string, unknown> }[];

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  queries = [];
  posted = [];
  queue = [
    row(1, 'Asha Learner', 'PAYMENT_HOLD', 'Not Required'),
    row(2, 'Ravi Learner', 'NOT_OPTED', 'Required and Pending', 'Missed Interview'),
  ];
  stubApi(fetchMock, (url, init) => {
    if (url.pathname === '/admin/user/placement-queue') {
      queries.push(url);
      return recordsAnswer(userResource, queue, 31);
    }
    if (init?.method === 'POST' && url.pathname === '/admin/user/placement-penalty/update') {
      const body = JSON.parse(String(init.body));
      posted.push({ url: url.pathname, body });
      queue = queue.filter((r) => r.id !== body.userId);
      return recordAnswer(userResource, { ...row(2, 'Ravi Learner', 'NOT_OPTED', 'Paid'), version: 5 });
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the placement queue', () => {
  it('lists the learners waiting with the moves each allows; a move is confirmed and leaves the queue', async () => {
    signInAs('NEGOTIATOR');
    renderWithProviders(<AppTestRouter url="/placement-queue" />);
    expect(await screen.findByRole('heading', { name: 'Placement queue', level: 1 }, { timeout: 5000 })).toBeTruthy();
    const ravi = (await screen.findByText('Ravi Learner')).closest('tr') as HTMLElement;
    expect(within(ravi).getByText('Missed Interview')).toBeTruthy();
    expect(
      within(ravi)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start qualification', 'Record payment', 'Send to CIBIL check', 'Waive']);
    const asha = screen.getByText('Asha Learner').closest('tr') as HTMLElement;
    expect(
      within(asha)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Initial payment received', 'Skip payment', 'Require a penalty']);
    expect(screen.getByText(/of 31/)).toBeTruthy();
    expect(queries[0].searchParams.get('page_size')).toBe('14');

    fireEvent.click(within(ravi).getByRole('button', { name: /^Record payment/ }));
    const form = await screen.findByRole('form', { name: 'Placement penalty: move to Paid' });
    expect(within(form).getByText('Required and Pending')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          url: '/admin/user/placement-penalty/update',
          body: { placementPenaltyPaymentStatus: 'Paid', userId: 2, version: 4 },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Ravi Learner')).toBeNull());
  }, 20_000);

  // Issue 18, finding 16: an empty list says what it holds.
  it('an empty queue says what it holds', async () => {
    queue = [];
    stubApi(fetchMock, (url) =>
      url.pathname === '/admin/user/placement-queue' ? recordsAnswer(userResource, [], 0) : undefined,
    );
    signInAs('NEGOTIATOR');
    renderWithProviders(<AppTestRouter url="/placement-queue" />);
    const empty = await screen.findByTestId('table-empty', {}, { timeout: 5000 });
    expect(within(empty).getByText('Nothing waits: the queue is empty.')).toBeTruthy();
    expect(
      within(empty).getByText('Learners whose placement payment or penalty needs a move appear here.'),
    ).toBeTruthy();
  }, 20_000);

  it('searches by name through the server', async () => {
    signInAs('NEGOTIATOR');
    renderWithProviders(<AppTestRouter url="/placement-queue?q=asha" />);
    await screen.findByText('Asha Learner', {}, { timeout: 5000 });
    const last = queries.at(-1)!;
    expect(JSON.parse(last.searchParams.get('filters') ?? '[]')).toEqual([
      { field: 'name', operator: 'like', value: 'asha' },
    ]);
  }, 20_000);

  it('a role that reads learners but makes no placement moves sees the queue without buttons', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/placement-queue" />);
    const asha = (await screen.findByText('Asha Learner', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(asha).queryAllByRole('button')).toEqual([]);
  }, 20_000);
});
