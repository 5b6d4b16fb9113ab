import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { markTwoFactorVerified } from '../../../lib/auth';
import { type SessionAnswer, startSession } from './login';

export type TwoFactorMethod = 'totp' | 'backup';

type Input = { method: TwoFactorMethod; code: string; limitedToken: string };

/** Exchanges the limited token and a TOTP or backup code for a full session token. */
export async function verifyTwoFactor({ method, code, limitedToken }: Input): Promise<SessionAnswer> {
  const path = method === 'totp' ? '/admin/auth/verify2FA' : '/admin/auth/verify-backup-code';
  const answer = await api.post<SessionAnswer>(path, { code }, { token: limitedToken });
  markTwoFactorVerified();
  startSession(answer);
  return answer;
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
