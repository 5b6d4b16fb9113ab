import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

export const DEMO_PASSWORD = 'cohort-demo-2026';
export const STORE_KEY = 'cohort-admin-state';

export async function logIn(page: Page, email: string) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function expectDashboard(page: Page) {
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

export async function sessionToken(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORE_KEY);
  const token = raw ? (JSON.parse(raw).state?.token as string | null) : null;
  if (!token) throw new Error('no token in the persisted state');
  return token;
}

/** A TOTP code for the secret, `offsetSeconds` from now. */
export function totp(secret: string, offsetSeconds = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });
}

/** A link of the main navigation. */
export function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
}

/** The open date picker's calendar (not a select's list that may still be fading out). */
function calendarOf(page: Page): Locator {
  return page
    .locator('.mantine-Popover-dropdown:visible')
    .filter({ has: page.locator('[class*="calendarHeaderLevel"]') })
    .last();
}

/**
 * Opens a date picker with its field mid-screen: near the bottom edge the calendar flips
 * between above and below and never holds still long enough to be clicked.
 */
async function openCalendar(field: Locator) {
  await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await field.click();
}

/** A day in next month in a Mantine date picker (the field's dropdown opens on its month). */
export async function pickNextMonthDay(page: Page, field: Locator, day: number) {
  await openCalendar(field);
  const dropdown = calendarOf(page);
  await dropdown.locator('button[data-direction="next"]').first().click();
  await dropdown
    .locator('button:not([data-outside])', { hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Any day in a Mantine date picker: up to the decade, then the year, the month and the day. */
export async function pickDate(
  page: Page,
  field: Locator,
  { year, month, day }: { year: number; month: number; day: number },
) {
  await openCalendar(field);
  const dropdown = calendarOf(page);
  const level = dropdown.locator('[class*="calendarHeaderLevel"]').first();
  await level.click();
  await level.click();
  await dropdown.getByRole('button', { name: String(year), exact: true }).click();
  await dropdown.getByRole('button', { name: MONTHS[month - 1], exact: true }).click();
  await dropdown
    .locator('button:not([data-outside])', { hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
}

/** axe-core's WCAG 2.1 A/AA and best-practice violations on the page as it is, one line each. */
export async function axeViolations(page: Page, where = page.url()): Promise<string[]> {
  // A toast fading in or out is checked once it has settled: mid-transition its text is
  // partly transparent, and axe would measure a blend no reader ever sees for long.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.mantine-Notification-root')].every((el) => {
        for (let e: Element | null = el; e; e = e.parentElement) {
          if (getComputedStyle(e).opacity !== '1') return false;
        }
        return true;
      }),
    undefined,
    { timeout: 10_000 },
  );
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.nodes.length}x ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary?.split('\n')[1] ?? ''}`,
  );
}
