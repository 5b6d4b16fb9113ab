import { calls, type changePasswordSchema } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/call';

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /admin/auth/change-password: the server ends every other session of the account. */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return call(calls.auth.changePassword, { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
