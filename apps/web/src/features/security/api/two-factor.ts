import { calls } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import { markTwoFactorVerified } from '../../../lib/auth';
import { call } from '../../../lib/call';
import { appStore } from '../../../lib/store';

export type TwoFactorSetup = { otpauthUrl: string; qrCodeDataUrl: string };

/** Updates the stored user; the caller does it once it has shown what it must (the backup codes). */
export function setTwoFactorEnabled(enabled: boolean): void {
  const { user, setUser } = appStore.getState();
  if (user) setUser({ ...user, twoFactorEnabled: enabled });
}

/** The secret carried in an otpauth:// url, for typing into an app by hand. */
export function secretFromOtpauthUrl(url: string): string {
  const query = url.split('?')[1] ?? '';
  return new URLSearchParams(query).get('secret') ?? '';
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => call(calls.auth.setup2FA) });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => call(calls.auth.enable2FA, { body: { code } }),
    onSuccess: () => markTwoFactorVerified(),
  });
}

export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => call(calls.auth.disable2FA, { body: { code } }),
  });
}
