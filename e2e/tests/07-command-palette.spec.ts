import { expect, test } from '@playwright/test';
import { expectDashboard, logIn } from './helpers';

test('the command palette jumps to a screen and finds a record by its title (Ctrl+K)', async ({ page }) => {
  await logIn(page, 'marketing@cohort.test');
  await expectDashboard(page);

  await page.keyboard.press('Control+K');
  const search = page.getByPlaceholder('Jump to a screen or find a record by name, email, phone or id…');
  await expect(search).toBeFocused();
  await search.fill('testim');
  await page.getByRole('button', { name: /Testimonials\s*Screen/ }).click();
  await expect(page.getByRole('heading', { name: 'Testimonials', level: 1 })).toBeVisible();

  await page.keyboard.press('Control+K');
  await expect(search).toBeFocused();
  await search.fill('Resume rev');
  await page.getByRole('button', { name: /Resume review\s*Product/ }).click();
  await expect(page.getByRole('heading', { name: /^Product #\d+$/, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Resume review');
});
