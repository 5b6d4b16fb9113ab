import { calls, websiteConfigurationResource } from '@cohort/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { answer } from '../../../testing/stub-call';
import { signInAs } from '../../roles/roles-test-utils';
import { ConfigurationHistoryPanel } from './configuration-history-panel';

const fetchMock = vi.fn<typeof fetch>();
/** Noon wherever the test runs: the staff member's own time zone. */
const savedAt = new Date(2026, 10, 27, 12, 0).toISOString();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  signInAs('ADMIN');
});
afterEach(() => vi.unstubAllGlobals());

// Issue 18, finding 10: a setting whose value is a date shows it as the spec writes dates.
describe("a website setting's history", () => {
  it('shows a date value and the moment it was saved in the spec style, never raw ISO', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(calls.configuration.history, {
        data: [
          { version: 2, value: '2027-01-12', changedByName: 'Ada', restoredFrom: null, createdAt: savedAt },
          { version: 1, value: '2027-01-05', changedByName: 'Ada', restoredFrom: null, createdAt: savedAt },
        ],
        totalItems: 2,
      }),
    );
    renderWithProviders(
      <ConfigurationHistoryPanel
        def={websiteConfigurationResource}
        id="4"
        record={{ id: 4, key: 'admissions.next.batch', value: '2027-01-12', version: 2 }}
      />,
    );
    const newest = await screen.findByTestId('version-2');
    expect(within(newest).getByText(/27th Nov 2026, 12:00 PM/)).toBeTruthy();
    expect(within(newest).getByText(/12th Jan 2027/)).toBeTruthy();
    expect(within(newest).getByText(/5th Jan 2027/)).toBeTruthy();
    expect(newest.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
