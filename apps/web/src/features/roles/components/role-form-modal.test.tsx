import { calls } from '@cohort/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { answer, failure } from '../../../testing/stub-call';
import { ROLES_FIXTURE, signInAs } from '../roles-test-utils';
import { RoleFormModal } from './role-form-modal';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const onClose = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  onClose.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  signInAs('ADMIN');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const sent = (i = 0) => {
  const [url, init] = fetchMock.mock.calls[i];
  return { url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) };
};

function open(mode: 'create' | 'subRole' | 'edit', roleId?: number) {
  renderWithProviders(
    <RoleFormModal
      mode={mode}
      opened
      onClose={onClose}
      roles={ROLES_FIXTURE}
      role={ROLES_FIXTURE.find((r) => r.id === roleId)}
    />,
  );
}

const optionLabels = (label: string) =>
  within(screen.getByLabelText(new RegExp(`^${label}`)))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('RoleFormModal: new role', () => {
  it('shows the schema messages and sends nothing when invalid', async () => {
    open('create');
    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Choose the role it is based on')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Mentor!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Letters, digits, spaces, - and _ only')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is based on a built-in staff role only (not USER, not a custom role)', () => {
    open('create');
    expect(optionLabels('Based on')).toEqual([
      'Choose a role…',
      'ADMIN',
      'MOTIVATOR',
      'MARKETING',
      'MENTOR',
      'STRATEGIC PARTNERSHIP',
      'KEY ACCOUNT MANAGER',
      'NEGOTIATOR',
      'COLLEGE_ADMIN',
      'HR',
    ]);
  });

  it('sends the trimmed name and the base role, without an empty description', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(calls.roles.create, { ...ROLES_FIXTURE[10], id: 102, name: 'Night Mentor' }),
    );
    open('create');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '  Night Mentor ' } });
    fireEvent.change(screen.getByLabelText(/^Based on/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual({
      url: '/admin/role/create',
      method: 'POST',
      body: { name: 'Night Mentor', baseRoleId: 5 },
    });
  });

  it('puts server 400 issues on their fields and shows a 409 message', async () => {
    fetchMock
      .mockResolvedValueOnce(
        failure(calls.roles.create, 400, {
          message: 'A role is based on a built-in role',
          code: 'BAD_REQUEST',
          issues: [{ path: ['parentRoleId'], message: 'Choose a built-in role' }],
        }),
      )
      .mockResolvedValueOnce(
        failure(calls.roles.create, 409, { message: 'A role with this name already exists', code: 'CONFLICT' }),
      );
    open('create');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Senior Mentor' } });
    fireEvent.change(screen.getByLabelText(/^Based on/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Choose a built-in role')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect((await screen.findByTestId('role-form-error')).textContent).toContain(
      'A role with this name already exists',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('RoleFormModal: new sub-role and edit', () => {
  it('offers any staff role as parent and sends parentRoleId', async () => {
    fetchMock.mockResolvedValueOnce(answer(calls.roles.createSubRole, { ...ROLES_FIXTURE[11], id: 103 }));
    open('subRole');
    const labels = optionLabels('Parent role');
    expect(labels).toContain('Senior Mentor');
    expect(labels).not.toContain('USER');
    fireEvent.click(screen.getByRole('button', { name: 'Create sub-role' }));
    expect(await screen.findByText('Choose a parent role')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Night shift' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'After hours' } });
    fireEvent.change(screen.getByLabelText(/^Parent role/), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create sub-role' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent().body).toEqual({ name: 'Night shift', description: 'After hours', parentRoleId: 100 });
  });

  it('edits a custom role with the changed fields and the version', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(calls.roles.update, { ...ROLES_FIXTURE[10], name: 'Head Mentor', version: 4 }),
    );
    open('edit', 100);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Head Mentor' } });
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual({ url: '/admin/role/update/100', method: 'PUT', body: { name: 'Head Mentor', version: 3 } });
  });

  it('keeps the name of a built-in role and sends the description only', async () => {
    fetchMock.mockResolvedValueOnce(answer(calls.roles.update, { ...ROLES_FIXTURE[4], version: 2 }));
    open('edit', 5);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Teaches' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent().body).toEqual({ description: 'Teaches', version: 1 });
  });
});
