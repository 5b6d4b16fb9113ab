import { calls, ISA_STATUSES } from '@cohort/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { answer } from '../../testing/stub-call';
import { signInAs, stubApi } from '../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const isaFunnel = ISA_STATUSES.map((s, i) => ({ status: s.value, learners: i * 3, color: s.color }));
const placementPayments = [
  { status: 'NOT_OPTED', learners: 40, color: 'gray' },
  { status: 'QUALIFICATION_STARTED', learners: 12, color: 'blue' },
  { status: 'PAYMENT_HOLD', learners: 0, color: 'red' },
];
const stats = {
  home: { learners: 200, activeLearners: 180, staff: 9, blogs: 12, upcomingEvents: 3 },
  studies: { byIsaStatus: [], averagePoints: 10, readyForPlacement: 4 },
  stories: { liveBlogs: 8, archivedBlogs: 4, recentBlogs: [] },
  progress: { weeks: [], isaFunnel, placementPayments },
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  stubApi(fetchMock, (url) => {
    if (url.pathname === '/admin/dashboard/stats') return answer(calls.dashboard.stats, stats);
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

function rowsOf(caption: string): string[][] {
  const table = screen.getByText(caption).closest('table')!;
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

describe('dashboard Progress tab', () => {
  it('shows the ISA funnel and the placement payments with every state in order and its figure', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/?tab=progress" />);
    expect(await screen.findByRole('heading', { name: 'ISA funnel' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Placement payments' })).toBeTruthy();
    expect(rowsOf('Learners by ISA status')).toEqual(isaFunnel.map((r) => [r.status, String(r.learners)]));
    expect(rowsOf('Learners by placement payment flow state')).toEqual([
      ['NOT_OPTED', '40'],
      ['QUALIFICATION_STARTED', '12'],
      ['PAYMENT_HOLD', '0'],
    ]);
  }, 20_000);
});
