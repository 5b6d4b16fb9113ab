import { expect, test } from '@playwright/test';
import { axeViolations, expectDashboard, logIn, navLink, sessionToken } from './helpers';

// Decision 022: a motivator reads a learner's interview ratings, puts them in the CRM (or finds
// them there) and logs a call; the CRM's and appointments' screens have no axe violations.
test("a motivator reads a learner's ratings and works them in the CRM", async ({ page }) => {
  await logIn(page, 'motivator@cohort.test');
  await expectDashboard(page);

  // One of the motivator's learners with a rated mock (the seed gives them some).
  const token = await sessionToken(page);
  const rated = await page.request.get('/admin/user/appointment/ratings/all', { headers: { token } });
  expect(rated.ok()).toBe(true);
  const userId = (await rated.json()).data[0].userId as number;

  await page.goto(`/learners/${userId}`);
  await expect(page.getByRole('heading', { name: /^Learner #\d+$/, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Interview ratings \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /^Communication \d out of 5$/ }).first()).toBeVisible();
  await expect(page.getByLabel(/^Overall \d+ out of 10$/).first()).toBeVisible();

  // The CRM panel: add them when they are not being worked, then log a call.
  await expect(page.getByRole('heading', { name: 'CRM', level: 2 })).toBeVisible();
  const add = page.getByRole('form', { name: /^(Add to CRM|Put back in CRM)$/ });
  const log = page.getByRole('form', { name: 'Log a call' });
  await expect(add.or(log)).toBeVisible();
  if (await add.isVisible()) {
    await add.getByRole('button', { name: /^(Add to CRM|Put back in CRM)$/ }).click();
    await expect(add.getByText('Follow up reason is required')).toBeVisible();
    await add.getByRole('textbox', { name: /Follow up date/ }).click();
    await page.locator('button[data-today="true"]').first().click();
    await add.getByLabel(/Follow up reason/).fill('Mock went well: talk about the Pro plan');
    await add.getByRole('button', { name: /^(Add to CRM|Put back in CRM)$/ }).click();
    // The lead says so, and the learner's own Follow Up Reason follows it.
    await expect(page.getByText(/^Reason: Mock went well: talk about the Pro plan$/)).toBeVisible();
    await expect(page.getByText('Mock went well: talk about the Pro plan', { exact: true })).toBeVisible();
  }
  const counts = page.getByLabel('Call counts');
  const before = Number((await counts.textContent())?.match(/^(\d+)/)?.[1] ?? 0);
  await log.getByLabel('Outcome', { exact: true }).click();
  await page.getByRole('option', { name: 'Connected' }).click();
  await log.getByLabel('Minutes').fill('9');
  await log.getByLabel('Call notes').fill('Booked the final mock');
  await log.getByRole('button', { name: 'Log call' }).click();
  await expect(counts).toContainText(`${before + 1} call`);
  await expect(page.getByRole('list', { name: 'Recent calls' }).getByText('Booked the final mock')).toBeVisible();
  // Once the toasts have gone (their own checks are the accessibility journey's).
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);

  // The screens behind them, from the navigation.
  await navLink(page, 'CRM leads').click();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await navLink(page, 'Appointments').click();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await navLink(page, 'Call history').click();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The learner's panels in dark mode too.
  await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  await page.goto(`/learners/${userId}`);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('list', { name: 'Recent calls' }).getByText('Booked the final mock')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /^Communication \d out of 5$/ }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
