import { expect, test } from '@playwright/test';
import { expectDashboard, logIn, navLink } from './helpers';

test('admin creates a role on MENTOR, moves a mentor into it and back, and keeps attendance; HR reads it; marketing has no Roles', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await logIn(admin, 'admin@cohort.test');
  await expectDashboard(admin);
  await navLink(admin, 'Roles').click();
  await expect(admin.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();
  // Counted once the list has come (the loading skeleton has rows of its own).
  await expect(admin.getByTestId('list-total')).toBeVisible();
  const builtIn = await admin.locator('tbody tr').count();

  // The form refuses an empty role field by field, then creates one.
  await admin.getByRole('button', { name: 'New role' }).click();
  await admin.getByRole('button', { name: 'Create role' }).click();
  await expect(admin.getByText('Name is required')).toBeVisible();
  const name = `Night Mentor ${Date.now() % 100000}`;
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Based on').selectOption({ label: 'MENTOR' });
  await admin.getByRole('button', { name: 'Create role' }).click();
  await expect(admin.locator('tbody tr')).toHaveCount(builtIn + 1);

  // Move a mentor into it, then back to MENTOR.
  await admin.getByRole('link', { name, exact: true }).click();
  await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Add user' }).click();
  await admin.getByLabel('Source role').selectOption({ label: 'MENTOR' });
  await admin.getByRole('dialog').getByRole('radio').first().check();
  await admin.getByRole('button', { name: 'Add to role' }).click();
  await expect(admin.locator('tbody tr')).toHaveCount(1);
  await admin.locator('tbody tr').first().getByRole('button', { name: 'Remove' }).click();
  await expect(admin.getByRole('dialog')).toContainText('goes back to the role they held before it');
  await admin.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(admin.getByText('No users hold this role.')).toBeVisible();

  // ADMIN marks a mentor absent today: only ADMIN marks staff attendance (decision 030).
  await navLink(admin, 'Roles').click();
  await admin.getByRole('link', { name: 'MENTOR', exact: true }).click();
  await admin.getByRole('tab', { name: 'Attendance' }).click();
  const row = admin.locator('tbody tr').first();
  await row.getByText('Absent', { exact: true }).click();
  // A note of its own, so there is something to save even when this day's mark is already Absent.
  await row.getByPlaceholder('Optional note').fill(`Away ${Date.now() % 100000}`);
  await row.getByRole('button', { name: /^Save attendance of/ }).click();
  await expect(admin.getByText(/^Attendance saved for/).first()).toBeVisible();
  await expect(admin.getByTestId('attendance-summary')).toContainText('1 absent');

  // HR reads the marks; no admin actions and no attendance controls are offered.
  const hr = await browser.newPage();
  await logIn(hr, 'hr@cohort.test');
  await expectDashboard(hr);
  await navLink(hr, 'Roles').click();
  await expect(hr.getByRole('button', { name: 'New role' })).toHaveCount(0);
  await hr.getByRole('link', { name: 'MENTOR', exact: true }).click();
  await hr.getByRole('tab', { name: 'Attendance' }).click();
  await expect(hr.getByTestId('attendance-summary')).toContainText('1 absent');
  await expect(hr.getByRole('button', { name: /^Save attendance of/ })).toHaveCount(0);

  // Marketing has no Roles link, and a typed URL shows no data.
  const marketing = await browser.newPage();
  await logIn(marketing, 'marketing@cohort.test');
  await expectDashboard(marketing);
  await expect(navLink(marketing, 'Roles')).toHaveCount(0);
  await marketing.goto('/roles');
  await expect(marketing.getByText('Your role cannot open this page.')).toBeVisible();
});
