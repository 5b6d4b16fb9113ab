import { calls } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import { markTwoFactorVerified } from '../../../lib/auth';
import { call } from '../../../lib/call';
import { type SessionAnswer, startSession } from './login';

export type TwoFactorMethod = 'totp' | 'backup';

/** `next`: the page to return to once verified (decision 036). */
type Input = { method: TwoFactorMethod; code: string; limitedToken: string; next?: string | null };

/** Exchanges the limited token and a TOTP or backup code for a full session token. */
export async function verifyTwoFactor({ method, code, limitedToken, next = null }: Input): Promise<SessionAnswer> {
  const verify = method === 'totp' ? calls.auth.verify2FA : calls.auth.verifyBackupCode;
  const answer = await call(verify, { body: { code }, token: limitedToken });
  markTwoFactorVerified();
  startSession(answer, next);
  return answer;
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
