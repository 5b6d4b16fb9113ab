import { expect, test } from '@playwright/test';
import { expectDashboard, logIn, navLink } from './helpers';

test('marketing reorders testimonials by keyboard; the list reads in the new order', async ({ page }) => {
  await logIn(page, 'marketing@cohort.test');
  await expectDashboard(page);
  await navLink(page, 'Testimonials').click();
  await expect(page.getByRole('heading', { name: 'Testimonials', level: 1 })).toBeVisible();
  const firstName = async () => (await page.locator('tbody tr').first().locator('td').nth(1).textContent())?.trim();
  // Read once the rows have come (the loading skeleton has rows of its own, with empty cells).
  await expect(page.getByTestId('list-total')).toBeVisible();
  const before = await firstName();

  await page.getByRole('button', { name: 'Reorder' }).click();
  const dialog = page.getByRole('dialog');
  const items = dialog.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const top = (await items.first().getAttribute('aria-label'))!.split(',')[0];
  expect(top).toBe(before);
  // Keyboard only: focus the first row, move it down twice.
  await items.first().focus();
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('Alt+ArrowDown');
  await expect(dialog.getByRole('status')).toHaveText(`${top} moved to position 3 of ${await items.count()}`);
  await expect(items.nth(2)).toHaveAttribute('aria-label', new RegExp(`^${top}, position 3`));
  await expect(items.nth(2)).toBeFocused();
  await dialog.getByRole('button', { name: 'Save order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tbody tr').nth(2).locator('td').nth(1)).toHaveText(top);
  expect(await firstName()).not.toBe(top);
});
