import { subscriptionResource } from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { recordsAnswer } from '../../testing/stub-call';
import { signInAs, stubApi } from '../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
let asked: URL[];

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  asked = [];
  stubApi(fetchMock, (url) => {
    if (url.pathname === '/admin/subscription/all') {
      asked.push(url);
      const data = [
        {
          id: 1,
          userId: 5,
          userLabel: 'Asha Learner',
          planId: 2,
          planLabel: 'Pro Placement',
          priceMinor: 4999900,
          currency: 'INR',
        },
        {
          id: 2,
          userId: 6,
          userLabel: 'Sam Learner',
          planId: 3,
          planLabel: 'Global Track',
          priceMinor: 150000,
          currency: 'USD',
        },
      ].map((s) => ({
        ...s,
        status: 'Active',
        startDate: '2026-01-01',
        endDate: '2027-01-01',
        depositStatus: null,
        createdAt: at,
        updatedAt: at,
        version: 1,
      }));
      return recordsAnswer(subscriptionResource, data, 2);
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('money in lists', () => {
  it('asks for the currency of the amounts it shows and writes each in its own currency', async () => {
    signInAs('NEGOTIATOR');
    renderWithProviders(<AppTestRouter url="/subscriptions" />);
    const asha = (await screen.findByText('Asha Learner', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(asha).getByText('₹49,999.00')).toBeTruthy();
    const sam = screen.getByText('Sam Learner').closest('tr') as HTMLElement;
    expect(within(sam).getByText('$1,500.00')).toBeTruthy();
    const columns = asked.at(-1)?.searchParams.get('columns')?.split(',') ?? [];
    expect(columns).toEqual(expect.arrayContaining(['priceMinor', 'currency']));
  }, 20_000);
});
