import { blogResource, staffCall, userResource } from '@cohort/domain';
import { spotlight } from '@mantine/spotlight';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, stubApi } from '../../features/roles/roles-test-utils';
import { renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { recordsAnswer } from '../../testing/stub-call';

// Issue 18, finding 4: search by any field that identifies a record, in the list and in Ctrl+K (decision 039).
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const learnersPath = staffCall(userResource, 'list').url;
const learner = (id: number, email: string) => ({
  id,
  name: 'Asha Twin',
  email,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  version: 1,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  stubApi(fetchMock, (url) => {
    if (url.pathname === learnersPath) {
      const filters = JSON.parse(url.searchParams.get('filters') ?? '[]') as { field: string }[];
      const found = filters.some((f) => f.field === 'search');
      return recordsAnswer(
        userResource,
        found ? [learner(11, 'asha.one@example.com'), learner(12, 'asha.two@example.com')] : [],
      );
    }
    if (url.pathname === '/admin/blog/get') return recordsAnswer(blogResource, []);
    // Every other list the palette searches finds nothing.
    if (/^\/admin\/.+\/(get|all)$/.test(url.pathname)) return recordsAnswer(blogResource, []);
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

const listFilters = (path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => JSON.parse(u.searchParams.get('filters') ?? '[]'));

describe('the list search', () => {
  it('searches learners by every identifying field: the search filter, and the box says so', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/learners?q=%2B91%2098765%2043210" />);
    expect(
      await screen.findByPlaceholderText('Search by name, email, mobile number or id', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(listFilters(learnersPath)).toContainEqual([
        { field: 'search', operator: 'like', value: '+91 98765 43210' },
      ]),
    );
  });

  it('a resource that declares no identifying fields still searches its title', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/blogs?q=guide" />);
    expect(await screen.findByPlaceholderText('Search by title', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() =>
      expect(listFilters('/admin/blog/get')).toContainEqual([{ field: 'title', operator: 'like', value: 'guide' }]),
    );
  });
});

describe('Ctrl+K', () => {
  it('finds learners by email, phone or id, and tells two of the same name apart by email and id', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/blogs" />);
    await screen.findByPlaceholderText('Search by title', {}, { timeout: 5000 });
    act(() => spotlight.open());
    const box = await screen.findByPlaceholderText('Jump to a screen or find a record by name, email, phone or id…');
    fireEvent.change(box, { target: { value: '9876543210' } });
    expect(await screen.findByText('asha.one@example.com · #11', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('asha.two@example.com · #12')).toBeTruthy();
    expect(listFilters(learnersPath)).toContainEqual([{ field: 'search', operator: 'like', value: '9876543210' }]);
  });
});
