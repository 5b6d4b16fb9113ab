// Runs last: it turns 2FA on for the demo admin of this run's fresh database.
import { expect, test } from '@playwright/test';
import { expectDashboard, logIn, navLink, totp } from './helpers';

test('admin enables 2FA, logs out, and logs back in with a TOTP code', async ({ page }) => {
  await logIn(page, 'admin@cohort.test');
  await expectDashboard(page);

  await navLink(page, 'Security').click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByTestId('two-factor-status')).toHaveText('Off');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);

  await page.getByLabel('Authentication code').fill(totp(secret));
  await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await expect(page.getByText(/These backup codes will not be shown again/)).toBeVisible();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('On');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();

  await logIn(page, 'admin@cohort.test');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication', level: 1 })).toBeVisible();
  // A wrong code is refused without logging out.
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid').first()).toBeVisible();
  // The code used to enable is spent; the next step's code is accepted once.
  await page.getByLabel('Authentication code').fill(totp(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDashboard(page);

  await expect(page.getByText('Asha Admin')).toBeVisible();
});
