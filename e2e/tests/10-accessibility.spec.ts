import { expect, type Page, test } from '@playwright/test';
import { axeViolations, expectDashboard, logIn, sessionToken } from './helpers';

/** A list screen whose heading shows and whose rows have come. */
async function listLoaded(page: Page, heading: string) {
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

// Issue 8, finding 13: zero axe violations on every screen, in light and in dark mode.
const SCREENS: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/', ready: (p) => expectDashboard(p) },
  {
    path: '/?tab=studies',
    ready: (p) => expect(p.getByRole('tab', { name: 'Studies', selected: true })).toBeVisible(),
  },
  {
    path: '/?tab=stories',
    ready: (p) => expect(p.getByRole('tab', { name: 'Stories', selected: true })).toBeVisible(),
  },
  {
    path: '/?tab=progress',
    // The weekly chart, the ISA funnel and the placement payments.
    ready: (p) => expect(p.locator('.recharts-surface')).toHaveCount(3),
  },
  { path: '/blogs', ready: (p) => expect(p.locator('tbody tr').first()).toBeVisible() },
  { path: '/blogs/new', ready: (p) => expect(p.getByRole('heading', { name: 'New blog', level: 1 })).toBeVisible() },
  { path: '/blogs/1', ready: (p) => expect(p.getByRole('button', { name: 'Save' })).toBeVisible() },
  { path: '/events', ready: (p) => expect(p.locator('tbody tr').first()).toBeVisible() },
  { path: '/learners', ready: (p) => expect(p.locator('tbody tr').first()).toBeVisible() },
  { path: '/placement-queue', ready: (p) => listLoaded(p, 'Placement queue') },
  { path: '/plans', ready: (p) => listLoaded(p, 'Plans') },
  { path: '/subscriptions', ready: (p) => listLoaded(p, 'Subscriptions') },
  // ISA terms and the mail outbox (decision 017).
  { path: '/isa-types', ready: (p) => expect(p.locator('tbody tr').first()).toBeVisible() },
  {
    path: '/isa-types/new',
    ready: (p) => expect(p.getByRole('heading', { name: 'New ISA type', level: 1 })).toBeVisible(),
  },
  { path: '/mail-outbox', ready: (p) => listLoaded(p, 'Mail outbox') },
  { path: '/audit-log', ready: (p) => expect(p.locator('tbody tr').first()).toBeVisible() },
  { path: '/roles', ready: (p) => expect(p.locator('tbody tr').first()).toBeVisible() },
  { path: '/roles/5', ready: (p) => expect(p.getByRole('tab', { name: 'Members' })).toBeVisible() },
  { path: '/security', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
];

async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    test.describe.configure({ timeout: 120_000 });
    let page: Page;
    let loginViolations: string[];
    // One logged-in page for the screens (a failed check restarts the worker, which runs this again).
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      page = await (await browser.newContext()).newPage();
      await page.goto('/');
      await setScheme(page, scheme);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      loginViolations = await axeViolations(page, `${scheme} /login`);
      await logIn(page, 'admin@cohort.test');
      await expectDashboard(page);
    });
    test.afterAll(() => page.context().close());

    test(`the login page has no axe violations (${scheme})`, () => {
      expect(loginViolations).toEqual([]);
    });

    // Every screen the navigation offers an admin (the list above adds tabs, forms and records).
    test(`every screen in the navigation has no axe violations (${scheme})`, async () => {
      test.setTimeout(240_000);
      await setScheme(page, scheme);
      await page.goto('/');
      await expectDashboard(page);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const hrefs = [...new Set(await nav.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))]
        .filter((h): h is string => Boolean(h))
        .filter((h) => !SCREENS.some((screen) => screen.path === h));
      expect(hrefs.length).toBeGreaterThan(20);
      const found: string[] = [];
      for (const href of hrefs) {
        await page.goto(href);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...(await axeViolations(page, `${scheme} ${href}`)));
      }
      expect(found).toEqual([]);
    });

    // Learners' pages as the seed leaves them (seed-learner-records.ts): the first learner by id has
    // a flag with comments, the fifth a strike, the ninth not-working warnings; then an ISA to verify.
    test(`learner pages with flags, strikes, warnings and an ISA to verify have no axe violations (${scheme})`, async () => {
      await setScheme(page, scheme);
      const token = await sessionToken(page);
      const res = await page.request.get('/admin/user/all?sort=userId&page_size=14', {
        headers: { token, page_num: '1' },
      });
      expect(res.ok(), await res.text()).toBe(true);
      const ids = ((await res.json()) as { data: { id: number }[] }).data.map((r) => r.id);
      // And one whose ISA waits for staff to verify its video (its Verify and Reject moves).
      const waiting = await page.request.get(
        `/admin/user/all?page_size=1&filters=${encodeURIComponent(
          JSON.stringify([{ field: 'isaStatus', operator: '=', value: 'ISA Acceptance Video Uploaded' }]),
        )}`,
        { headers: { token, page_num: '1' } },
      );
      const [isaLearner] = ((await waiting.json()) as { data: { id: number }[] }).data;
      expect(isaLearner).toBeTruthy();
      for (const id of [ids[0], ids[4], ids[8], isaLearner.id]) {
        await page.goto(`/learners/${id}`);
        await expect(page.getByRole('heading', { name: `Learner #${id}`, level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        expect(await axeViolations(page, `${scheme} /learners/${id}`)).toEqual([]);
      }
    });

    for (const screen of SCREENS) {
      test(`${screen.path} has no axe violations (${scheme})`, async () => {
        await setScheme(page, scheme);
        await page.goto(screen.path);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await screen.ready(page);
        expect(await axeViolations(page, `${scheme} ${screen.path}`)).toEqual([]);
      });
    }
  });
}

test('keyboard: skip link, login landmark, the column chooser keeps focus, dialogs name their close button; toasts clear the header', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await logIn(page, 'admin@cohort.test');
  await expectDashboard(page);
  await page.goto('/blogs');
  await expect(page.locator('tbody tr').first()).toBeVisible();

  // The first Tab reaches the skip link; Enter puts focus on the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // Tab moves inside the open column chooser instead of closing it.
  await page.getByRole('button', { name: 'Columns' }).click();
  const group = page.getByRole('group', { name: 'Visible columns' });
  await expect(group).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(group).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(group).toBeHidden();

  // A dialog's first focus is a named control.
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Save as a new view…' }).click();
  await page.getByRole('dialog', { name: 'Save this view' }).getByLabel('Name').fill('Mine');
  await page.getByRole('button', { name: 'Save view', exact: true }).click();
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect(box?.y ?? 0).toBeGreaterThanOrEqual(60);
  await page.keyboard.press('Escape');

  await page.goto('/roles');
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const focused = await page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent ?? el?.textContent ?? '';
  });
  expect(focused.trim()).not.toBe('');
});
