import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations, expectDashboard, logIn, pickDate, pickNextMonthDay } from './helpers';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const PDF = path.join(FIXTURES, 'isa-signed.pdf');
/** 4 seconds of VP8 (ffmpeg's test pattern), 20 KB, with cues: a player can seek in it. */
const VIDEO = path.join(FIXTURES, 'isa-acceptance.webm');

async function chooseFile(page: Page, button: Locator, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

test('an admin assigns an ISA, uploads the signed PDF and the video, plays and seeks it, resends the link into the outbox, verifies and extends it, and puts the learner on hold', async ({
  page,
}) => {
  // The whole ISA outcome in one journey: longer than the default minute.
  test.setTimeout(120_000);
  await logIn(page, 'admin@cohort.test');
  await expectDashboard(page);

  // The terms, on their own screen (Configuration).
  const typeName = `Journey ISA ${Date.now()}`;
  await page.goto('/isa-types/new');
  await page.getByLabel(/^Name/).fill(typeName);
  await page.getByLabel(/^Share of salary/).fill('12.5');
  await page.getByLabel(/^Currency/).selectOption('INR');
  await page.getByLabel(/^Monthly cap/).fill('2500000');
  await page.getByLabel(/^Total cap/).fill('30000000');
  await page.getByLabel(/^Duration/).fill('24');
  await page.getByLabel(/^Minimum salary/).fill('50000000');
  await page.getByLabel('Offered').check();
  await page.getByRole('button', { name: /^(Save|Create)/ }).click();
  await expect(page.getByText(typeName).first()).toBeVisible();

  // A learner without an ISA, not on hold.
  const filters = [
    { field: 'isaStatus', operator: '=', value: 'Not Assigned' },
    { field: 'onHold', operator: '=', value: false },
  ];
  await page.goto(`/learners?filters=${encodeURIComponent(JSON.stringify(filters))}`);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^Learner #\d+$/, level: 1 })).toBeVisible();

  const panel = page.getByRole('region', { name: 'Income-share agreement' });
  await expect(panel.getByLabel('ISA status: Not Assigned')).toBeVisible();

  // Assign: the type is asked for first.
  const assign = panel.getByRole('form', { name: 'Assign ISA' });
  await assign.getByRole('button', { name: 'Assign ISA' }).click();
  await expect(assign.getByText('Choose an ISA type')).toBeVisible();
  await assign
    .getByLabel(/ISA type/)
    .first()
    .click();
  await page.getByRole('option', { name: new RegExp(typeName) }).click();
  await assign.getByRole('button', { name: 'Assign ISA' }).click();
  await expect(panel.getByLabel('ISA status: Documents Not Submitted')).toBeVisible();
  await expect(panel.getByText(typeName)).toBeVisible();

  // The signed documents, then the acceptance video: each moves the status.
  await chooseFile(page, panel.getByRole('button', { name: 'Upload documents' }), PDF);
  await expect(panel.getByLabel('ISA status: ISA Submitted')).toBeVisible();
  await chooseFile(page, panel.getByRole('button', { name: 'Upload acceptance video' }), VIDEO);
  await expect(panel.getByLabel('ISA status: ISA Acceptance Video Uploaded')).toBeVisible();

  // The document opens from its link (a ticketed URL: no token header needed).
  const href = await panel.getByRole('link', { name: 'View document' }).getAttribute('href');
  expect(href).toContain('/admin/user/isa/get-document-file');
  const doc = await page.request.get(href ?? '');
  expect(doc.status()).toBe(200);
  expect(doc.headers()['content-type']).toBe('application/pdf');
  expect((await doc.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The video plays in the page and seeks.
  const video = panel.getByLabel('ISA acceptance video', { exact: true });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(4);
  const seeked = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no seeked event')), 10_000);
        v.addEventListener(
          'seeked',
          () => {
            clearTimeout(timer);
            resolve(v.currentTime);
          },
          { once: true },
        );
        v.currentTime = 2.5;
      }),
  );
  expect(seeked).toBeCloseTo(2.5, 1);
  // Its address (with the ticket the <video> uses) serves byte ranges.
  const src = await video.getAttribute('src');
  const part = await page.request.get(src ?? '', { headers: { Range: 'bytes=100-199' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toMatch(/^bytes 100-199\/\d+$/);
  expect((await part.body()).length).toBe(100);

  // Resend the link: without SMTP here the mail waits in the outbox, which shows it.
  await panel.getByRole('button', { name: 'Resend ISA link' }).click();
  const sent = panel.getByRole('status');
  await expect(sent.getByText('Queued')).toBeVisible();
  await sent.getByRole('link', { name: 'See it in the outbox' }).click();
  await expect(page.getByText('Your income-share agreement').first()).toBeVisible();
  await expect(page.getByText(/\/isa\/\d+/).first()).toBeVisible();
  await page.goBack();
  await expect(panel.getByLabel('ISA status: ISA Acceptance Video Uploaded')).toBeVisible();

  // Verify: green, and the moves that remain are extend and termination.
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByLabel('ISA status: ISA Verified')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Request termination' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Verify' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Resend ISA link' })).toHaveCount(0);

  // Later, extended: a new expiry date (dates only move later), shown in the spec's format.
  const year = new Date().getFullYear() + 3;
  const extend = panel.getByRole('form', { name: 'Extend ISA' });
  await pickDate(page, extend.getByLabel(/^New expiry date/), { year, month: 3, day: 15 });
  await extend.getByRole('button', { name: 'Extend' }).click();
  await expect(panel.locator('p', { hasText: `15th Mar ${year}` })).toBeVisible();
  await expect(panel.getByLabel('ISA status: ISA Verified')).toBeVisible();

  // On hold: the page says so at once, and the list's "On Hold" filter finds the learner.
  const learnerId = Number(new URL(page.url()).pathname.split('/').pop());
  const holds = page.getByRole('region', { name: /^Holds/ });
  await expect(holds.getByText('Not on hold')).toBeVisible();
  const hold = holds.getByRole('form', { name: 'Put on hold' });
  await hold.getByLabel(/^Hold type/).click();
  await page.getByRole('option', { name: 'Medical' }).click();
  await pickNextMonthDay(page, hold.getByLabel(/^Until/), 20);
  await hold.getByLabel('Reason').fill('Surgery, with a doctor’s note');
  await hold.getByRole('button', { name: 'Put on hold' }).click();
  await expect(holds.getByText(/^On hold until 20th /)).toBeVisible();
  await expect(holds.getByText('Surgery, with a doctor’s note')).toBeVisible();
  // The page as staff leave it, its status badges included (a green ISA Verified, an orange hold): no axe violations.
  expect(await axeViolations(page)).toEqual([]);
  const onHold = [
    { field: 'userId', operator: '=', value: learnerId },
    { field: 'onHold', operator: '=', value: true },
  ];
  await page.goto(`/learners?filters=${encodeURIComponent(JSON.stringify(onHold))}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
});
