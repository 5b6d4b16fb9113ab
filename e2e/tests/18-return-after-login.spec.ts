import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectDashboard, logIn } from './helpers';

// Issue 18, finding 1 (decision 036): logging out, and logging back in, keeps the place.

/** Logs in on the login page as it is (its address carries the page to return to). */
async function logInHere(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
}

test('a motivator logs out on a filtered list and on a learner, and each login brings them back', async ({
  page,
  browser,
}) => {
  await logIn(page, 'motivator@cohort.test');
  await expectDashboard(page);

  // The learners with a filter, as a shared link carries it.
  const filters = JSON.stringify([{ field: 'userStatus', operator: '=', value: 'Active' }]);
  await page.goto(`/learners?filters=${encodeURIComponent(filters)}`);
  await expect(page.getByRole('heading', { name: 'Learners', level: 1 })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const listUrl = page.url();
  const total = await page.getByTestId('list-total').textContent();

  // Logging out goes to the root path, which carries the list, filter and all.
  await logOut(page);
  const login = new URL(page.url());
  expect(login.pathname).toBe('/');
  expect(login.searchParams.get('next')).toBe(listUrl.slice(new URL(listUrl).origin.length));
  expect(await page.evaluate(() => localStorage.getItem('cohort-admin-state'))).not.toContain('"token":"');

  await logInHere(page, 'motivator@cohort.test');
  await expect(page.getByRole('heading', { name: 'Learners', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByTestId('list-total')).toHaveText(total ?? '');

  // A learner's page, left and found again.
  await page.locator('tbody tr').first().getByRole('link').first().click();
  const heading = page.getByRole('heading', { name: /^Learner #\d+$/, level: 1 });
  await expect(heading).toBeVisible();
  const learnerUrl = page.url();
  const name = await heading.textContent();
  await logOut(page);
  await logInHere(page, 'motivator@cohort.test');
  await expect(page.getByRole('heading', { name: name ?? '', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(learnerUrl);

  // The same link in a browser that was never logged in: the login leads to it.
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(learnerUrl);
    await logInHere(other, 'motivator@cohort.test');
    await expect(other.getByRole('heading', { name: name ?? '', level: 1 })).toBeVisible();
    await expect(other).toHaveURL(learnerUrl);
  } finally {
    await fresh.close();
  }

  // A link that would leave the console is not followed.
  await logOut(page);
  await page.goto(`/?next=${encodeURIComponent('//example.com/learners')}`);
  await logInHere(page, 'motivator@cohort.test');
  await expectDashboard(page);
  expect(new URL(page.url()).host).toBe(new URL(learnerUrl).host);
});
