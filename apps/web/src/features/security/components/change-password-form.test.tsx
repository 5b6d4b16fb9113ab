import { calls } from '@cohort/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { answer, failure } from '../../../testing/stub-call';
import { ChangePasswordForm } from './change-password-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function fill(current: string, next: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: next } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('checks the fields before calling the server', async () => {
    renderWithProviders(<ChangePasswordForm />);
    fill('', 'short');
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(screen.getByText('Password must be at least 10 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field error under the field it names", async () => {
    fetchMock.mockResolvedValueOnce(
      failure(calls.auth.changePassword, 400, {
        message: 'Your current password is not right',
        code: 'BAD_REQUEST',
        issues: [{ path: ['currentPassword'], message: 'This is not your current password' }],
      }),
    );
    renderWithProviders(<ChangePasswordForm />);
    fill('wrong one', 'a brand new password');
    expect(await screen.findByText('This is not your current password')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/admin\/auth\/change-password$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'wrong one',
      newPassword: 'a brand new password',
    });
  });

  it('clears the fields once the password is changed', async () => {
    fetchMock.mockResolvedValueOnce(answer(calls.auth.changePassword, { message: 'Your password is changed.' }));
    renderWithProviders(<ChangePasswordForm />);
    fill('the old password', 'a brand new password');
    await waitFor(() => expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
  });
});
