import { expect, test } from '@playwright/test';
import { expectDashboard, logIn, navLink } from './helpers';

const csv = (model: string) =>
  Buffer.from(
    `Title,Model,Prompt\r\nJourney prompt A,gpt-4,Ask one question at a time\r\nJourney prompt B,${model},"Rate answers 1, 2 or 3"\r\n`,
  );

test('admin imports AI prompts: the dry run shows the bad row and adds nothing; the fixed file adds both', async ({
  page,
}) => {
  await logIn(page, 'admin@cohort.test');
  await expectDashboard(page);
  await navLink(page, 'AI prompts').click();
  await expect(page.getByRole('heading', { name: 'AI prompts', level: 1 })).toBeVisible();
  const search = page.getByLabel('Search');

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'prompts.csv', mimeType: 'text/csv', buffer: csv('gpt-5') });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('1 refused')).toBeVisible();
  await expect(dialog.getByText(/model: Choose gpt-3.5-turbo or gpt-4/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Add / })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await search.fill('Journey prompt');
  await expect(page.getByText('No AI prompts match these filters.')).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'prompts.csv', mimeType: 'text/csv', buffer: csv('gpt-4') });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('2 to add')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add 2 ai prompts' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tbody tr')).toHaveCount(2);
});
