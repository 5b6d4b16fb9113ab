import { blogResource, calls } from '@cohort/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportResourceCsv } from '../../features/resources/api/export-resource-csv';
import { signInAs, stubApi } from '../../features/roles/roles-test-utils';
import { renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { answer } from '../../testing/stub-call';

// Issue 8, finding 15: the smaller items.
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const stats = {
  home: { learners: 200, activeLearners: 180, staff: 9, blogs: 12, upcomingEvents: 3 },
  studies: { byIsaStatus: [], averagePoints: 10, readyForPlacement: 4 },
  stories: { liveBlogs: 8, archivedBlogs: 4, recentBlogs: [] },
  progress: { weeks: [], isaFunnel: [], placementPayments: [] },
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  stubApi(fetchMock, (url) => {
    if (url.pathname === '/admin/dashboard/stats') return answer(calls.dashboard.stats, stats);
    if (url.pathname === '/admin/auth/session') return undefined;
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('header', () => {
  it("shows the spec's role name and a brand link in the header's own colour", async () => {
    signInAs('KEY_ACCOUNT_MANAGER');
    renderWithProviders(<AppTestRouter url="/" />);
    const user = await screen.findByTestId('current-user', {}, { timeout: 5000 });
    expect(within(user).getByText('KEY ACCOUNT MANAGER')).toBeTruthy();
    expect(within(user).queryByText('Key account manager')).toBeNull();
    const brand = screen.getByTestId('brand-link');
    expect(brand.getAttribute('style')).toContain('color: inherit');
    expect(brand.getAttribute('style')).toContain('text-decoration: none');
  });
});

describe('an unknown address', () => {
  it('says the page does not exist, not that the role may not open it', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/no-such-screen" />);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Your role cannot open this page.')).toBeNull();
  });
});

describe('dashboard cards', () => {
  it('open the lists they count', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/" />);
    await screen.findByText('180', {}, { timeout: 5000 });
    const hrefs = screen.getAllByTestId('stat-card-link').map((a) => decodeURIComponent(a.getAttribute('href') ?? ''));
    expect(hrefs[0]).toBe('/learners');
    expect(hrefs[1]).toBe('/learners?filters=[{"field":"userStatus","operator":"=","value":"Active"}]');
    expect(hrefs[2]).toBe('/roles');
    expect(hrefs[3]).toBe('/blogs');
    expect(hrefs[4]).toMatch(/^\/events\?filters=\[\{"field":"startsAt","operator":">=","value":"\d{4}-/);
  });
});

describe('CSV export', () => {
  it('names the file after the screen, not the API resource', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('id\n1\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="user-2026.csv"' },
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const name = await exportResourceCsv(blogResource, 'learners', { filters: [], onProgress: () => {} });
    expect(name).toMatch(/^learners-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  });
});
