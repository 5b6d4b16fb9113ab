import type { SavedViewJson } from '@cohort/domain';
import { calls, userResource } from '@cohort/domain';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../../../app/router';
import { renderWithProviders } from '../../../testing/render';
import { answer, failure, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';

// Decision 020: views live on the server; opening one puts its state in the url, so back and
// forward move between views; only the owner saves over one.
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
let views: SavedViewJson[];
let sent: { method: string; path: string; body: Record<string, unknown> }[];
let listCalls: URL[];

const view = (v: Partial<SavedViewJson> & { id: number; name: string }): SavedViewJson => ({
  resource: 'user',
  filters: [],
  sort: null,
  q: null,
  size: null,
  columns: null,
  sharedWith: [],
  owner: { id: 1, name: 'Tester' },
  mine: true,
  canDelete: true,
  version: 1,
  createdAt: at,
  updatedAt: at,
  ...v,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sent = [];
  listCalls = [];
  views = [
    view({
      id: 5,
      name: 'Verified, quiet',
      mine: false,
      canDelete: false,
      owner: { id: 2, name: 'Asha Admin' },
      sharedWith: [{ id: 3, name: 'MOTIVATOR' }],
      filters: [{ field: 'isaStatus', operator: '=', value: 'ISA Verified' }],
      sort: '-totalPoints',
      columns: ['name', 'totalPoints'],
    }),
  ];
  stubApi(fetchMock, (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/admin/saved-view/get')
      return answer(calls.savedViews.list, { data: views, totalItems: views.length });
    if (url.pathname === '/admin/saved-view/add') {
      const body = JSON.parse(String(init?.body));
      sent.push({ method, path: url.pathname, body });
      const created = view({
        id: 8,
        ...body,
        sharedWith: body.sharedWith.map((id: number) => ({ id, name: 'MOTIVATOR' })),
      });
      views = [created, ...views];
      return answer(calls.savedViews.create, created);
    }
    if (url.pathname.startsWith('/admin/saved-view/update/')) {
      const body = JSON.parse(String(init?.body));
      sent.push({ method, path: url.pathname, body });
      const id = Number(url.pathname.split('/').pop());
      views = views.map((v) => (v.id === id ? { ...v, ...body, version: v.version + 1 } : v));
      return answer(calls.savedViews.update, views.find((v) => v.id === id)!);
    }
    if (url.pathname === '/admin/user/all') {
      listCalls.push(url);
      const learner = {
        id: 1,
        userId: 1,
        name: 'Learner 1',
        totalPoints: 700,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      return recordsAnswer(userResource, [learner]);
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const lastList = () => listCalls[listCalls.length - 1];
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('saved views', () => {
  it('opening a shared view puts its filters, sort and columns in the url; back returns to the list as it was', async () => {
    signInAs('MOTIVATOR');
    const router = renderAt('/learners');
    await screen.findByText('Learner 1', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    const shared = await screen.findByRole('list', { name: 'Shared views' }, { timeout: 5000 });
    expect(within(shared).getByText(/by Asha Admin/)).toBeTruthy();
    expect(within(shared).getByText('Shared with MOTIVATOR')).toBeTruthy();
    // Not theirs: no delete.
    expect(within(shared).queryByRole('button', { name: 'Delete view Verified, quiet' })).toBeNull();
    fireEvent.click(within(shared).getByRole('button', { name: /Verified, quiet/ }));

    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 5, sort: '-totalPoints' }));
    await waitFor(() => expect(lastList().searchParams.get('filters')).toContain('ISA Verified'));
    expect(lastList().searchParams.get('sort')).toBe('-totalPoints');
    // The view's columns (and the selection column a motivator gets for Change status).
    await waitFor(() => expect(headers()).toEqual(['', 'Name', 'Total points']));
    expect(await screen.findByRole('button', { name: 'View: Verified, quiet' }, { timeout: 5000 })).toBeTruthy();

    act(() => router.history.back());
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(lastList().searchParams.get('filters')).toBeNull());
    expect(screen.getByRole('button', { name: 'Views' })).toBeTruthy();
    act(() => router.history.forward());
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 5 }));
    // Someone it is shared with changes the list: the view says so, and offers no save over it.
    fireEvent.click(await screen.findByRole('button', { name: 'View: Verified, quiet' }, { timeout: 5000 }));
    expect(screen.queryByRole('button', { name: /Save changes to/ })).toBeNull();
  }, 20_000);

  it('saves the list as shown as a view shared with their own role, then opens it; the owner saves changes over it', async () => {
    signInAs('MOTIVATOR');
    const f = encodeURIComponent(JSON.stringify([{ field: 'totalPoints', operator: '>=', value: 500 }]));
    const router = renderAt(`/learners?filters=${f}&sort=-totalPoints`);
    await screen.findByText('Learner 1', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save as a new view…' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('Name the view')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'High points' } });
    fireEvent.click(within(dialog).getByLabelText('Share with everyone in my role (Motivator)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/admin/saved-view/add',
      body: {
        resource: 'user',
        name: 'High points',
        filters: [{ field: 'totalPoints', operator: '>=', value: 500 }],
        sort: '-totalPoints',
        sharedWith: [3],
      },
    });
    expect((sent[0].body.columns as string[]).length).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 8 }));
    expect(await screen.findByRole('button', { name: 'View: High points' }, { timeout: 5000 })).toBeTruthy();

    // Sorted otherwise: the view is changed; its owner saves over it at the version read.
    await act(() =>
      router.navigate({ to: '/$resource', params: { resource: 'learners' }, search: (s) => ({ ...s, sort: 'name' }) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'View: High points (changed)' }, { timeout: 5000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes to “High points”' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      method: 'PUT',
      path: '/admin/saved-view/update/8',
      body: { sort: 'name', version: 1 },
    });
    expect(await screen.findByRole('button', { name: 'View: High points' }, { timeout: 5000 })).toBeTruthy();
  }, 20_000);

  it('a refused save shows the server’s reason beside the field', async () => {
    signInAs('ADMIN');
    stubApi(fetchMock, (url) => {
      if (url.pathname === '/admin/saved-view/get') return answer(calls.savedViews.list, { data: [], totalItems: 0 });
      if (url.pathname === '/admin/role/get') return answer(calls.roles.list, { data: [], totalItems: 0 });
      if (url.pathname === '/admin/saved-view/add')
        return failure(calls.savedViews.create, 409, {
          message: 'You already have a view named "Mine" on this list',
          code: 'CONFLICT',
        });
      if (url.pathname === '/admin/user/all') return recordsAnswer(userResource, []);
      return undefined;
    });
    renderAt('/learners');
    fireEvent.click(await screen.findByRole('button', { name: 'Views' }, { timeout: 8000 }));
    expect(await screen.findByText(/No saved views yet/, {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new view…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Mine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('You already have a view named "Mine" on this list')).toBeTruthy();
  }, 20_000);
});
