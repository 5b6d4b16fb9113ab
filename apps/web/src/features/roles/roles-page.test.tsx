import { calls as declared } from '@cohort/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { answer, failure, isCall } from '../../testing/stub-call';
import { calls, ROLES_FIXTURE, signInAs, stubApi } from './roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  stubApi(fetchMock, (url, init) =>
    isCall(declared.roles.list, url, init)
      ? answer(declared.roles.list, { data: ROLES_FIXTURE, totalItems: ROLES_FIXTURE.length })
      : undefined,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('RolesPage', () => {
  it('lists every role with its Built-in badge, parent role and member count', async () => {
    signInAs('HR');
    renderWithProviders(<AppTestRouter url="/roles" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Senior Mentor' });
    expect(screen.getAllByRole('row')).toHaveLength(ROLES_FIXTURE.length + 1);
    expect(screen.getAllByText('Built-in')).toHaveLength(10);

    const mentor = rowOf('MENTOR');
    expect(within(mentor).getByText('Built-in')).toBeTruthy();
    const senior = rowOf('Senior Mentor');
    expect(within(senior).queryByText('Built-in')).toBeNull();
    expect(within(senior).getByText('MENTOR')).toBeTruthy(); // based on
    expect(within(senior).getByText('Leads mentors')).toBeTruthy();
    expect(within(rowOf('Mentor Lead')).getByText('Senior Mentor')).toBeTruthy();
    expect(within(rowOf('USER')).getByText('100')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('12 roles');
  });

  it('hides the admin actions from a role that may only read (HR)', async () => {
    signInAs('HR');
    renderWithProviders(<AppTestRouter url="/roles" />);
    await screen.findByRole('link', { name: 'Senior Mentor' });
    expect(screen.queryByRole('button', { name: 'New role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New sub-role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(calls(fetchMock)).toEqual(['GET /admin/role/get']);
  });

  it('gives ADMIN new role / sub-role and Edit / Delete on custom roles only', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/roles" />);
    await screen.findByRole('link', { name: 'Senior Mentor' });
    expect(screen.getByRole('button', { name: 'New role' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New sub-role' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    expect(within(rowOf('MENTOR')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(rowOf('Senior Mentor')).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('searches by name on the client', async () => {
    signInAs('MENTOR');
    renderWithProviders(<AppTestRouter url="/roles" />);
    await screen.findByRole('link', { name: 'Senior Mentor' });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'mentor' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(screen.getByTestId('list-total').textContent).toBe('3 of 12 roles');
    expect(calls(fetchMock)).toEqual(['GET /admin/role/get']);
  });

  it('shows a 409 from deleting a role in the dialog and keeps it open', async () => {
    signInAs('ADMIN');
    stubApi(fetchMock, (url, init) => {
      if (isCall(declared.roles.list, url, init))
        return answer(declared.roles.list, { data: ROLES_FIXTURE, totalItems: 12 });
      if (isCall(declared.roles.delete, url, init) && url.pathname.endsWith('/100'))
        return failure(declared.roles.delete, 409, {
          message: "Move this role's 2 user(s) to another role first",
          code: 'CONFLICT',
        });
      return undefined;
    });
    renderWithProviders(<AppTestRouter url="/roles" />);
    await screen.findByRole('link', { name: 'Senior Mentor' });
    fireEvent.click(within(rowOf('Senior Mentor')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete role?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByTestId('confirm-error')).textContent).toContain(
      "Move this role's 2 user(s) to another role first",
    );
  });

  it('tells a role without access so and calls nothing', async () => {
    signInAs('MARKETING');
    renderWithProviders(<AppTestRouter url="/roles" />);
    expect(await screen.findByText('Your role cannot open this page.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
