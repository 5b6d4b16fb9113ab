import type { changePasswordSchema } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /admin/auth/change-password: the server ends every other session of the account. */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/admin/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
