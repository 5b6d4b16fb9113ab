import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

export const DEMO_PASSWORD = 'cohort-demo-2026';
export const STORE_KEY = 'cohort-admin-state';

export async function logIn(page: Page, email: string) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function expectDashboard(page: Page) {
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

export async function sessionToken(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORE_KEY);
  const token = raw ? (JSON.parse(raw).state?.token as string | null) : null;
  if (!token) throw new Error('no token in the persisted state');
  return token;
}

/** A TOTP code for the secret, `offsetSeconds` from now. */
export function totp(secret: string, offsetSeconds = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });
}

/** A link of the main navigation. */
export function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
}
