import { expect, test } from '@playwright/test';
import { expectDashboard, logIn, navLink, sessionToken } from './helpers';

test('a session revoked elsewhere ends with the expired toast alone and the root path, carrying the page', async ({
  page,
  request,
}) => {
  await logIn(page, 'marketing@cohort.test');
  await expectDashboard(page);
  const token = await sessionToken(page);

  // Revoke the browser's session from outside, as another tab's logout would.
  const res = await request.post('/admin/logout', { headers: { token } });
  expect(res.status()).toBe(200);

  await navLink(page, 'Blogs').click();
  await expect(page.getByText('Token Expired. Login Again!!!')).toBeVisible();
  // The root path, with the page for the login after it (decision 036).
  await expect(page).toHaveURL(/\/\?next=%2Fblogs$/);
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  // One message, the catalogue's toast: the login page adds no banner of its own (issue 18, finding 16).
  await expect(page.getByText('Token Expired. Login Again!!!')).toHaveCount(1);
  await expect(page.getByText('Session expired')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('cohort-admin-state'))).not.toContain(token);
});
