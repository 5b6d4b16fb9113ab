import { expect, type Page, test } from '@playwright/test';
import { expectDashboard, logIn, navLink, pickNextMonthDay, sessionToken } from './helpers';

/** A learner the journey may move: no penalty yet and not in the queue. */
async function freshLearner(page: Page, skip: readonly number[] = []): Promise<{ id: number; name: string }> {
  const token = await sessionToken(page);
  const filters = [
    { field: 'placementPenaltyPaymentStatus', operator: '=', value: 'Not Required' },
    { field: 'placementQueue', operator: '=', value: false },
  ];
  const res = await page.request.get(
    `/admin/user/all?page_size=20&filters=${encodeURIComponent(JSON.stringify(filters))}`,
    { headers: { token, page_num: '1' } },
  );
  expect(res.status()).toBe(200);
  const rows = (await res.json()).data as { id: number; name: string }[];
  const pick = rows.find((r) => !skip.includes(r.id));
  if (!pick) throw new Error('no learner to move');
  return pick;
}

test('a plan is added to a learner and their deposit extended; a negotiator moves a learner through the penalty queue', async ({
  page,
}) => {
  // ADMIN sets a plan with an upfront deposit (Configuration > Plans).
  await logIn(page, 'admin@cohort.test');
  await expectDashboard(page);
  const planName = `Journey Pro ${Date.now() % 100000}`;
  await page.goto('/plans/new');
  await page.getByLabel(/^Name/).fill(planName);
  await page.getByLabel(/^Kind/).selectOption('Pro');
  await page.getByLabel(/^Price/).fill('19.99');
  await page.getByLabel(/^Currency/).selectOption('INR');
  await page.getByLabel(/^Duration/).fill('12');
  await page.getByRole('button', { name: /^(Save|Create)/ }).click();
  // Money is whole paise: 19.99 is refused on the field.
  await expect(page.getByText('Amounts are whole numbers of the smallest unit (paise, cents)')).toBeVisible();
  await page.getByLabel(/^Price/).fill('4999900');
  await page.getByLabel(/^Upfront deposit/).fill('500000');
  await page.getByLabel(/^Days to pay/).fill('10');
  await page.getByLabel(/^Offered/).check();
  await page.getByRole('button', { name: /^(Save|Create)/ }).click();
  await expect(page.getByText(planName).first()).toBeVisible();

  // A negotiator adds it to a learner from the learner's page.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await logIn(page, 'negotiator@cohort.test');
  await expectDashboard(page);
  const learner = await freshLearner(page);
  await page.goto(`/learners/${learner.id}`);
  await expect(page.getByRole('heading', { name: `Learner #${learner.id}`, level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Placement and plans' });
  await panel.getByRole('button', { name: 'Add plan' }).click();
  const add = page.getByRole('form', { name: 'Add a plan' });
  await add.getByRole('button', { name: 'Add plan' }).click();
  await expect(add.getByText('Choose a plan')).toBeVisible();
  await add.getByLabel(/^Plan/).first().click();
  await page.getByRole('option', { name: new RegExp(planName) }).click();
  await add.getByRole('button', { name: 'Add plan' }).click();
  // A learner already on a plan: the current one is ended first, on purpose (the form asks for
  // that tick before it sends). Otherwise the form closes once the plan is added. Either is
  // waited for, never read at an instant.
  const replace = add.getByRole('checkbox', { name: /End the current plan/ });
  await expect(async () => {
    expect((await add.count()) === 0 || (await replace.isVisible())).toBe(true);
  }).toPass();
  if ((await add.count()) > 0) {
    await replace.check();
    await add.getByRole('button', { name: 'Add plan' }).click();
  }
  await expect(add).toHaveCount(0);
  const subscription = panel.getByLabel(`Subscription to ${planName}`);
  await expect(subscription.getByText('₹49,999.00')).toBeVisible();
  await expect(subscription.getByText('Upfront deposit ₹5,000.00')).toBeVisible();
  await expect(subscription.getByText('Pending', { exact: true })).toBeVisible();
  const before = await subscription.getByText(/^expires /).textContent();

  // Extend the deposit: a day and a reason, then a confirmation.
  await subscription.getByRole('button', { name: 'Extend expiration' }).click();
  const extend = page.getByRole('form', { name: "Extend the deposit's expiration" });
  await extend.getByRole('button', { name: 'Extend expiration' }).click();
  await expect(extend.getByText('Reason is required')).toBeVisible();
  await pickNextMonthDay(page, extend.getByLabel(/^New expiry date/), 28);
  await extend.getByLabel(/^Reason/).fill('Salary arrives late this month');
  await extend.getByRole('button', { name: 'Extend expiration' }).click();
  await expect(extend.getByText('Extend this deposit?')).toBeVisible();
  await extend.getByRole('button', { name: 'Confirm extension' }).click();
  await expect(extend).toHaveCount(0);
  await expect(subscription.getByText(/^expires /)).not.toHaveText(before ?? '');
  await expect(subscription.getByText(/^expires 28th /)).toBeVisible();

  // The penalty: required (with its reason) from the learner's page...
  const flows = panel.getByRole('table', { name: 'Placement flows' });
  const penaltyRow = flows.getByRole('row').filter({ hasText: 'Placement penalty' });
  await penaltyRow.getByRole('button', { name: /^Require a penalty/ }).click();
  const require = page.getByRole('form', { name: 'Placement penalty: move to Required and Pending' });
  await require.getByRole('button', { name: 'Require a penalty' }).click();
  await expect(require.getByText('Choose the reason for the penalty')).toBeVisible();
  await require
    .getByLabel(/Penalty reason/)
    .first()
    .click();
  await page.getByRole('option', { name: 'Missed Interview' }).click();
  await require.getByRole('button', { name: 'Require a penalty' }).click();
  await expect(require).toHaveCount(0);
  await expect(penaltyRow.getByText('Required and Pending')).toBeVisible();
  await expect(penaltyRow.getByText('Missed Interview')).toBeVisible();

  // ...then worked from the queue: to a CIBIL check, then paid, and out of the queue.
  await navLink(page, 'Placement queue').click();
  await expect(page.getByRole('heading', { name: 'Placement queue', level: 1 })).toBeVisible();
  await page.getByLabel('Search learners by name').fill(learner.name);
  const row = page.locator('tbody tr').filter({ has: page.getByRole('link', { name: learner.name, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Required and Pending')).toBeVisible();
  await row.getByRole('button', { name: /^Send to CIBIL check/ }).click();
  const toCibil = page.getByRole('form', { name: 'Placement penalty: move to Pending CIBIL check' });
  await toCibil.getByRole('button', { name: 'Send to CIBIL check' }).click();
  await expect(toCibil).toHaveCount(0);
  await expect(row.getByText('Pending CIBIL check')).toBeVisible();
  await row.getByRole('button', { name: /^Record payment \(Placement penalty/ }).click();
  const paid = page.getByRole('form', { name: 'Placement penalty: move to Paid' });
  await paid.getByRole('button', { name: 'Record payment' }).click();
  await expect(paid).toHaveCount(0);
  await expect(row).toHaveCount(0);

  // Back on the learner's page the penalty is Paid, and only a new penalty can follow.
  await page.goto(`/learners/${learner.id}`);
  const after = page
    .getByRole('region', { name: 'Placement and plans' })
    .getByRole('table', { name: 'Placement flows' })
    .getByRole('row')
    .filter({ hasText: 'Placement penalty' });
  await expect(after.getByText('Paid', { exact: true })).toBeVisible();
  await expect(after.getByRole('button')).toHaveText([/^Require a penalty/]);
});
