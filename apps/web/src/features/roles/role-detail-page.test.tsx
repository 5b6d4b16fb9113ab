import { calls as declared } from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { answer, failure, isCall } from '../../testing/stub-call';
import type { AttendanceRow, RoleMember } from './api/role-types';
import { calls, ROLES_FIXTURE, signInAs, stubApi } from './roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const members: RoleMember[] = [
  { id: 11, name: 'Milan Mentor', email: 'mentor@cohort.test', roleId: 5, status: 'Active' },
  { id: 12, name: 'Meera Mentor', email: 'meera@cohort.test', roleId: 5, status: 'Active' },
];
let attendance: AttendanceRow[];
let posted: unknown[];

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  posted = [];
  attendance = [
    { ...members[0], attendance: 'Present', note: null },
    { ...members[1], attendance: null, note: null },
  ];
  stubApi(fetchMock, (url, init) => {
    if (isCall(declared.roles.list, url, init))
      return answer(declared.roles.list, { data: ROLES_FIXTURE, totalItems: 12 });
    if (isCall(declared.roles.members, url, init))
      return answer(declared.roles.members, { data: members, totalItems: 20 });
    if (isCall(declared.roles.markAttendance, url, init) && init?.body) {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      attendance = attendance.map((a) =>
        a.id === body.userId ? { ...a, attendance: body.status, note: body.note ?? null } : a,
      );
      return answer(declared.roles.markAttendance, {
        id: 1,
        userId: body.userId,
        day: body.date,
        status: body.status,
        note: body.note ?? null,
        markedBy: 1,
        version: 1,
        createdAt: '2026-01-05T10:00:00.000Z',
        updatedAt: '2026-01-05T10:00:00.000Z',
      });
    }
    if (isCall(declared.roles.attendance, url, init))
      return answer(declared.roles.attendance, { data: attendance, totalItems: 2 });
    if (isCall(declared.roles.removeUser, url, init))
      return failure(declared.roles.removeUser, 409, {
        message: 'This is the last admin; make someone else admin first',
        code: 'CONFLICT',
      });
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RoleDetailPage', () => {
  it('shows the role name and its members, 14 a page, with the page in the request', async () => {
    signInAs('HR');
    renderWithProviders(<AppTestRouter url="/roles/5?page=2" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'MENTOR' })).toBeTruthy();
    expect(await screen.findByText('Milan Mentor')).toBeTruthy();
    expect(screen.getByTestId('members-total').textContent).toBe('Showing 15–20 of 20');
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/admin/role/users'))!;
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/admin/role/users?roleId=5&page_size=14');
    expect(init?.headers).toMatchObject({ page_num: '2' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Members', 'Attendance']);
    // HR reads; only ADMIN manages members.
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('marks attendance on the chosen day and refreshes the list', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/roles/5?tab=attendance&date=2026-03-02" />);
    const row = (await screen.findByText('Meera Mentor')).closest('tr') as HTMLElement;
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(
      '/admin/role/attendance?roleId=5&date=2026-03-02&page_size=14',
    );
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-03-02');
    const save = within(row).getByRole('button', { name: /Save/ }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(row).getByLabelText('Absent'));
    fireEvent.change(within(row).getByLabelText('Note for Meera Mentor'), { target: { value: 'On leave' } });
    fireEvent.click(save);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ userId: 12, date: '2026-03-02', status: 'Absent', note: 'On leave' });
    await waitFor(() =>
      expect(vi.mocked(notifications.show).mock.calls.map(([n]) => n.message)).toContain(
        'Attendance saved for Meera Mentor',
      ),
    );
    await waitFor(() => expect(calls(fetchMock).filter((c) => c === 'GET /admin/role/attendance')).toHaveLength(2));
  });

  it('shows HR the marks read-only: only ADMIN marks attendance (decision 030)', async () => {
    signInAs('HR');
    renderWithProviders(<AppTestRouter url="/roles/5?tab=attendance&date=2026-03-02" />);
    const row = (await screen.findByText('Milan Mentor')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Present')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save attendance/ })).toBeNull();
    expect(screen.queryByLabelText('Attendance of Meera Mentor')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Email',
      'Attendance',
      'Note',
    ]);
  });

  it('gives ADMIN no controls on their own row: no one marks their own attendance', async () => {
    signInAs('ADMIN');
    attendance = [
      { id: 1, name: 'Ada Admin', email: 't@cohort.test', roleId: 1, status: 'Active', attendance: null, note: null },
      { ...members[0], roleId: 1, attendance: null, note: null },
    ];
    renderWithProviders(<AppTestRouter url="/roles/1?tab=attendance&date=2026-03-02" />);
    // The signed-in user is id 1 (signInAs).
    const own = (await screen.findByText('Ada Admin')).closest('tr') as HTMLElement;
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByText('Not marked')).toBeTruthy();
    expect(within(own).getByText('Another admin marks yours')).toBeTruthy();
    const other = screen.getByText('Milan Mentor').closest('tr') as HTMLElement;
    expect(within(other).getByRole('button', { name: 'Save attendance of Milan Mentor' })).toBeTruthy();
  });

  it('gives ADMIN Add user and Remove, explaining where the user goes, and shows a 409', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/roles/5" />);
    const row = (await screen.findByText('Milan Mentor')).closest('tr') as HTMLElement;
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from role?' });
    expect(dialog.textContent).toContain('they move to USER: a learner, with no console access');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByTestId('confirm-error')).textContent).toContain('This is the last admin');
  });

  it('moves a sub-role member back to the parent role', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/roles/101" />);
    const row = (await screen.findByText('Milan Mentor')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from role?' });
    expect(dialog.textContent).toContain('goes back to the role they held before it');
    expect(dialog.textContent).toContain('If none is recorded, they move to its parent role, Senior Mentor');
  });

  it('says where the removed person is now, as the server answers it', async () => {
    signInAs('ADMIN');
    stubApi(fetchMock, (url, init) => {
      if (isCall(declared.roles.list, url, init))
        return answer(declared.roles.list, { data: ROLES_FIXTURE, totalItems: 12 });
      if (isCall(declared.roles.members, url, init))
        return answer(declared.roles.members, { data: members, totalItems: 2 });
      if (isCall(declared.roles.removeUser, url, init))
        return answer(declared.roles.removeUser, { ...members[0], roleId: 3 });
      return undefined;
    });
    renderWithProviders(<AppTestRouter url="/roles/100" />);
    const row = (await screen.findByText('Milan Mentor')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from role?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(vi.mocked(notifications.show).mock.calls.map(([n]) => n.message)).toContain(
        'Milan Mentor removed from Senior Mentor; now MOTIVATOR',
      ),
    );
  });

  // Issue 18, finding 16: an empty list says what it holds and offers the first action.
  it('a role nobody holds says what the list holds and offers to add the first user to ADMIN', async () => {
    signInAs('ADMIN');
    stubApi(fetchMock, (url, init) => {
      if (isCall(declared.roles.list, url, init))
        return answer(declared.roles.list, { data: ROLES_FIXTURE, totalItems: 12 });
      if (isCall(declared.roles.members, url, init)) return answer(declared.roles.members, { data: [], totalItems: 0 });
      return undefined;
    });
    renderWithProviders(<AppTestRouter url="/roles/100" />);
    const empty = await screen.findByTestId('table-empty', {}, { timeout: 5000 });
    expect(within(empty).getByText('No users hold this role.')).toBeTruthy();
    expect(within(empty).getByText(/Staff given this role appear here/)).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Add the first user' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('hides the attendance tab from a role that may not list it', async () => {
    signInAs('HR');
    const { PERMISSIONS } = await import('@cohort/domain');
    const grants = PERMISSIONS.roleAttendance as { list: string[] };
    const saved = grants.list;
    grants.list = [];
    try {
      renderWithProviders(<AppTestRouter url="/roles/5?tab=attendance" />);
      expect(await screen.findByText('Milan Mentor')).toBeTruthy();
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Members']);
      expect(calls(fetchMock)).not.toContain('GET /admin/role/attendance');
    } finally {
      grants.list = saved;
    }
  });
});
