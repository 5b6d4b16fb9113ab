import { expect, test } from '@playwright/test';
import { expectDashboard, logIn, navLink } from './helpers';

test('a motivator filters their learners, opens one, adds points and a follow-up, and sees both in the history', async ({
  page,
}) => {
  await logIn(page, 'motivator@cohort.test');
  await expectDashboard(page);
  await navLink(page, 'Learners').click();
  await expect(page.getByRole('heading', { name: 'Learners', level: 1 })).toBeVisible();
  const all = await page.getByTestId('list-total').textContent();

  // Two of the spec's filters, as a shared link carries them.
  const filters = [
    { field: 'userStatus', operator: '=', value: 'Active' },
    { field: 'tasksSubmittedLast7Days', operator: '>', value: 0 },
  ];
  await page.goto(`/learners?filters=${encodeURIComponent(JSON.stringify(filters))}`);
  await expect(page.getByTestId('list-total')).not.toHaveText(all ?? '');
  await expect(page.locator('tbody tr').first()).toBeVisible();

  // The learner's page: their progress, and the motivator's actions.
  await page.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^Learner #\d+$/, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
  await expect(page.getByTestId('progress-summary')).toContainText('tasks submitted');
  const actions = page.getByRole('heading', { name: 'Actions' }).locator('..');
  await expect(actions.getByRole('button', { name: 'Add points' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'PAN verification' })).toHaveCount(0);

  // Points: checked before sending, then added.
  await actions.getByRole('button', { name: 'Add points' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add points' }).click();
  await expect(dialog.getByText('Enter a number of points')).toBeVisible();
  await dialog.getByLabel(/Points/).fill('25');
  await dialog.getByRole('button', { name: 'Add points' }).click();
  await expect(dialog).toHaveCount(0);

  // A follow-up for Friday.
  await actions.getByRole('button', { name: 'Follow-up' }).click();
  await page.getByRole('dialog').getByLabel('Follow-up Status').selectOption('In Progress');
  await page.getByRole('dialog').getByLabel('Follow Up Reason').fill('Asked for a call back');
  await page.getByRole('dialog').getByRole('button', { name: 'Follow-up' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Both changes are in the learner's history, named by what was done.
  const history = page.locator('[aria-label="History"]');
  await expect(history.getByText('Asked for a call back').first()).toBeVisible();
  await expect(history.getByText('Add points').first()).toBeVisible();
});
