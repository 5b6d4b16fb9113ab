import { expect, test } from '@playwright/test';
import { expectDashboard, logIn, navLink } from './helpers';

test('marketing rolls a website setting back to an earlier version, seeing the change first', async ({ page }) => {
  await logIn(page, 'marketing@cohort.test');
  await expectDashboard(page);
  await navLink(page, 'Website configuration').click();
  await expect(page.getByRole('heading', { name: 'Website configuration', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'home.banner.title', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 2 })).toBeVisible();
  const latest = page.getByTestId('version-2');
  await expect(latest).toContainText('Current');
  await expect(latest).toContainText('+ Learn to code. Get placed. Pay when you earn.');

  await page.getByTestId('version-1').getByRole('button', { name: 'Roll back to this version' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
  const restored = page.getByTestId('version-3');
  await expect(restored).toContainText('restored version 1');
  await expect(restored).toContainText('Current');
  await expect(page.getByLabel('Value')).toHaveValue('Learn to code. Get placed.');
});
