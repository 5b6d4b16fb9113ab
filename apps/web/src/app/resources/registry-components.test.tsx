import { calls, questionResource, userResource } from '@cohort/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, stubApi } from '../../features/roles/roles-test-utils';
import { jsonResponse, renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { answer, recordAnswer, recordsAnswer } from '../../testing/stub-call';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
let sent: { method: string; path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sent = [];
  stubApi(fetchMock, (url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = JSON.parse(String(init?.body ?? '{}'));
      sent.push({ method, path: url.pathname, body });
      if (url.pathname === '/admin/user/owner/add-multiple')
        return answer(calls.learners.assignOwner, { updated: 40, unchanged: 2 } as never);
      if (url.pathname === '/admin/question/update/3') {
        return recordAnswer(questionResource, {
          id: 3,
          title: 'Why?',
          status: 'Archive',
          createdAt: at,
          updatedAt: at,
          version: 2,
        });
      }
      return undefined;
    }
    if (url.pathname === '/admin/user/all') {
      const learner = (id: number) => ({
        id,
        userId: id,
        name: `Learner ${id}`,
        createdAt: at,
        updatedAt: at,
        version: 1,
      });
      return recordsAnswer(userResource, [learner(1), learner(2)], 42);
    }
    if (url.pathname === '/admin/user/team-members') {
      return answer(calls.learners.teamMembers, {
        data: [{ id: 9, name: 'Meera Owner', email: 'm@cohort.test', role: 'MOTIVATOR' }],
        totalItems: 1,
      });
    }
    if (url.pathname === '/admin/question/get') {
      const q = (id: number, status: string) => ({
        id,
        title: `Question ${id}`,
        body: 'x',
        status,
        createdAt: at,
        updatedAt: at,
        version: 1,
      });
      return recordsAnswer(questionResource, [q(3, 'Un-Answered'), q(4, 'Archive')]);
    }
    return jsonResponse(200, {});
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('registrations carry their own components', () => {
  it('a list action: an admin gives every learner the filters match an owner, across pages', async () => {
    signInAs('ADMIN');
    const filters = [{ field: 'isaStatus', operator: '=', value: 'ISA Verified' }];
    renderWithProviders(<AppTestRouter url={`/learners?filters=${encodeURIComponent(JSON.stringify(filters))}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Assign owner' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/every one of the 42 learners matching the list’s filters/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign owner for 42' }));
    expect(await within(dialog).findByText('Choose who will own them')).toBeTruthy();
    await within(dialog).findByRole('option', { name: 'Meera Owner (MOTIVATOR)' });
    fireEvent.change(within(dialog).getByLabelText(/Owner/), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign owner for 42' }));
    // A confirmation naming the count before anything is sent.
    expect(within(dialog).getByText('Make Meera Owner (MOTIVATOR) the owner of 42 learners?')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, change 42' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/admin/user/owner/add-multiple',
          body: { ownerId: 9, filters: JSON.stringify(filters) },
        },
      ]),
    );
    expect(await within(dialog).findByText('40 learners now have this owner (2 already had).')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('is not offered to a role that may not assign owners', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners" />);
    expect(await screen.findByText('Learner 1', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign owner' })).toBeNull();
  }, 20_000);

  it('a row action: a mentor archives a question from the inbox row, after confirming', async () => {
    signInAs('MENTOR');
    renderWithProviders(<AppTestRouter url="/questions" />);
    const archive = await screen.findByRole('button', { name: 'Archive "Question 3"' }, { timeout: 8000 });
    // Already archived: no button.
    expect(screen.queryByRole('button', { name: 'Archive "Question 4"' })).toBeNull();
    fireEvent.click(archive);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PUT', path: '/admin/question/update/3', body: { status: 'Archive', version: 1 } },
      ]),
    );
  }, 20_000);
});
