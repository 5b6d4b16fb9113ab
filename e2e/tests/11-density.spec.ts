import { expect, test } from '@playwright/test';
import { expectDashboard, logIn } from './helpers';

// Issue 8, finding 11: a working day's lists at 1366x850, and on a 390 px phone.
test.use({ viewport: { width: 1366, height: 850 } });

test('a 14-row list fits with its pager on screen, one line a row, no page-wide sideways scroll', async ({ page }) => {
  await logIn(page, 'admin@cohort.test');
  await expectDashboard(page);
  await page.goto('/learners');
  await expect(page.locator('tbody tr')).toHaveCount(14);
  await expect(page.getByTestId('list-total')).toBeInViewport();
  const heights = await page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  for (const h of heights) expect(h).toBeLessThan(44);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The name opens the learner.
  const name = page.locator('tbody tr').first().getByRole('link').nth(1);
  await expect(name).toHaveAttribute('href', /^\/learners\/\d+$/);
});

test('on a phone the key column stays in view while the table scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'admin@cohort.test');
  await expectDashboard(page);
  await page.goto('/learners');
  const firstCell = page.locator('tbody tr').first().locator('td').first();
  await expect(firstCell).toBeVisible();
  const scroller = page
    .locator('[data-testid="data-table"]')
    .locator('xpath=ancestor::div[contains(@class, "ScrollContainer")][1]');
  await scroller.evaluate((el) => {
    el.scrollLeft = 400;
  });
  await expect(firstCell).toBeInViewport();
  const box = await firstCell.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
});
