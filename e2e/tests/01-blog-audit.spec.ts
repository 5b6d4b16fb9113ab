import { expect, test } from '@playwright/test';
import { expectDashboard, logIn, navLink } from './helpers';

test('admin logs in, sees the dashboard, creates and edits a blog, and finds both in the audit log', async ({
  page,
}) => {
  await logIn(page, 'admin@cohort.test');
  await expectDashboard(page);

  // The dashboard's four tabs, in order, with real figures.
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Home', 'Studies', 'Stories', 'Progress']);
  await expect(page.getByText('Learners', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Progress' }).click();
  await expect(page).toHaveURL(/tab=progress/);
  await expect(page.locator('.recharts-surface').first()).toBeVisible();

  // Blogs list from the navigation.
  await navLink(page, 'Blogs').click();
  await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
  await expect(page.getByTestId('list-total')).toContainText('of 60');
  await expect(page.locator('tbody tr')).toHaveCount(14);

  // Create: an empty form is refused field by field.
  await page
    .getByRole('link', { name: 'New' })
    .or(page.getByRole('button', { name: 'New' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'New blog', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();

  const title = `Journey blog ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Written by the Playwright journey.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: /^Blog #\d+$/, level: 1 })).toBeVisible();
  const heading = await page.getByRole('heading', { name: /^Blog #\d+$/, level: 1 }).textContent();
  const id = heading!.replace(/\D/g, '');

  // Edit it.
  await page.getByLabel('Title').fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(`${title} (edited)`);

  // The list shows it, searchable.
  await navLink(page, 'Blogs').click();
  await page.getByLabel('Search').fill('Journey blog');
  await page.getByLabel('Search').press('Enter');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('(edited)');

  // The audit log has the create and the update of this blog.
  await navLink(page, 'Audit log').click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const rows = page.locator('tbody tr').filter({ hasText: 'blog' }).filter({ hasText: id });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Update');
  await expect(rows.nth(1)).toContainText('Create');
  await rows.first().click();
  await expect(page.getByText(`${title} (edited)`).first()).toBeVisible();
});
