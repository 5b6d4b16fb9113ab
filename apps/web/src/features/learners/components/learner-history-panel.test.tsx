import { type CallAnswer, calls, isaTypeResource, subscriptionResource, userResource } from '@cohort/domain';
import { ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { AppTestRouter } from '../../../testing/router';
import { answer, failure, recordAnswer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
const learner = { id: 5, name: 'Asha Learner', email: 'asha@example.com', createdAt: at, updatedAt: at, version: 4 };
/** A history entry as the declared answer carries it. */
type Entry = CallAnswer<typeof calls.learners.history>['data'][number];
const entry = (over: Partial<Entry> & Pick<Entry, 'id' | 'action' | 'changes'>): Entry => ({
  createdAt: at,
  entity: 'user',
  entityLabel: 'Learner',
  entityId: '5',
  actorId: 1,
  actorName: 'Test Admin',
  impersonatorId: null,
  impersonatorName: null,
  revertsAuditId: null,
  recordVersion: 4,
  note: null,
  ...over,
});
/** 9:30 in the morning wherever the test runs: the staff member's own time zone. */
const lastActivity = new Date(2026, 10, 27, 9, 30).toISOString();
let reverts: unknown[];
let name: string;

function entries() {
  return [
    entry({
      id: 31,
      action: 'updateDetails',
      changes: [
        { field: 'name', label: 'Name', before: 'Asha L', after: name, revertible: true, reason: null },
        {
          field: 'followUpDate',
          label: 'Follow Up Date',
          before: '2026-11-20',
          after: '2026-11-27',
          revertible: false,
          reason: 'Follow Up Date is set by its own action',
        },
        {
          field: 'lastActivity',
          label: 'Last Activity',
          before: null,
          after: lastActivity,
          revertible: false,
          reason: 'Last Activity is recorded, not set',
        },
        {
          field: 'totalPoints',
          label: 'Total points',
          before: 100,
          after: 600,
          revertible: false,
          reason: 'Total points is changed by its own action, not set directly, so it cannot be reverted here',
        },
      ],
    }),
    entry({
      id: 30,
      action: 'create',
      entity: 'message',
      entityLabel: 'Message',
      entityId: '9',
      recordVersion: null,
      actorName: 'Asha Learner',
      impersonatorId: 1,
      impersonatorName: 'Test Admin',
      changes: [
        {
          field: 'subject',
          label: 'Subject',
          before: null,
          after: 'Hello',
          revertible: false,
          reason: 'Only a change to a field can be reverted, not an addition or removal',
        },
      ],
    }),
    entry({
      id: 29,
      action: 'create',
      entity: 'learnerHold',
      entityLabel: 'Hold',
      entityId: '12',
      recordVersion: null,
      changes: [
        {
          field: 'holdTypeId',
          label: 'Hold type',
          before: null,
          after: 3,
          beforeLabel: null,
          afterLabel: 'Medical',
          reference: 'hold',
          revertible: false,
          reason: 'Only a change to a field can be reverted, not an addition or removal',
        },
        {
          field: 'raisedById',
          label: 'Placed by',
          before: null,
          after: 11,
          beforeLabel: null,
          afterLabel: 'Priya Owner',
          reference: 'person',
          revertible: false,
          reason: 'Only a change to a field can be reverted, not an addition or removal',
        },
      ],
    }),
  ];
}

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  reverts = [];
  name = 'Asha Learner';
  stubApi(fetchMock, (url, init) => {
    // The ISA panel (decision 017): a learner without an ISA.
    if (url.pathname === '/admin/isa/get') return recordsAnswer(isaTypeResource, []);
    // The placement panel: the learner's subscriptions and deposits (decision 018).
    if (url.pathname === '/admin/subscription/all' || url.pathname === '/admin/subscription/upfront-deposit')
      return recordsAnswer(subscriptionResource, []);
    if (url.pathname === '/admin/user/isa/get')
      return answer(calls.isa.get, {
        userId: Number(url.searchParams.get('userId')),
        isaStatus: 'Not Assigned',
        isa: null,
        allowed: ['assign'],
      });
    const method = init?.method ?? 'GET';
    if ((url.pathname === '/admin/user/get/5' || url.pathname === '/admin/user/details') && method === 'GET')
      return recordAnswer(userResource, { ...learner, name });
    if (url.pathname === '/admin/user/history') {
      expect(url.searchParams.get('userId')).toBe('5');
      return answer(calls.learners.history, { data: entries(), totalItems: 3 });
    }
    if (url.pathname === '/admin/user/history/revert' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      reverts.push(body);
      if (reverts.length > 1) {
        return failure(calls.learners.revert, 409, {
          message: 'Someone else changed this record. Load the latest version and try again.',
          code: 'CONFLICT',
        });
      }
      name = 'Asha L';
      return answer(calls.learners.revert, {
        auditId: 31,
        entity: 'user',
        entityId: '5',
        field: 'name',
        value: 'Asha L',
        version: 5,
      });
    }
    if (url.pathname.startsWith('/admin/card/') || url.pathname.startsWith('/admin/message/'))
      return jsonResponse(200, { data: [], totalItems: 0, userTypes: [], userId: 5 });
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a learner's history", { timeout: 20_000 }, () => {
  it('lists each change field by field, with who (and the admin behind an impersonation)', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const update = await screen.findByTestId('history-entry-31', {}, { timeout: 5000 });
    expect(within(update).getByText('Update details')).toBeTruthy();
    const nameRow = within(update).getByText('Name').closest('tr')!;
    expect(within(nameRow).getByText('Asha L')).toBeTruthy();
    expect(within(nameRow).getByText('Asha Learner')).toBeTruthy();
    expect(within(nameRow).getByRole('button', { name: 'Revert Name' })).toBeTruthy();
    const pointsRow = within(update).getByText('Total points').closest('tr')!;
    expect(within(pointsRow).queryByRole('button')).toBeNull();
    expect(within(pointsRow).getByText('Not revertible')).toBeTruthy();

    const created = screen.getByTestId('history-entry-30');
    expect(within(created).getByText(/Asha Learner, impersonated by Test Admin/)).toBeTruthy();
    expect(within(created).queryByText('Not revertible')).toBeNull();
  });

  // Issue 18, finding 10: never raw ISO text; a date as a date, a moment in full, in local time.
  it("shows changed dates in the spec's style, a day without a time", async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const update = await screen.findByTestId('history-entry-31', {}, { timeout: 5000 });
    const dayRow = within(update).getByText('Follow Up Date').closest('tr')!;
    expect(within(dayRow).getByText('20th Nov 2026')).toBeTruthy();
    expect(within(dayRow).getByText('27th Nov 2026')).toBeTruthy();
    const momentRow = within(update).getByText('Last Activity').closest('tr')!;
    expect(within(momentRow).getByText('27th Nov 2026, 09:30 AM')).toBeTruthy();
    expect(update.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('names the records a change refers to, linked to them: "Hold type: Medical", not 3 (decision 038)', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const hold = await screen.findByTestId('history-entry-29', {}, { timeout: 5000 });
    const typeRow = within(hold).getByText('Hold type').closest('tr')!;
    expect(within(typeRow).getByRole('link', { name: 'Medical' }).getAttribute('href')).toBe('/hold-types/3');
    expect(within(typeRow).queryByText('3')).toBeNull();
    const byRow = within(hold).getByText('Placed by').closest('tr')!;
    expect(within(byRow).getByText('Priya Owner')).toBeTruthy();
    expect(within(byRow).queryByText('11')).toBeNull();
  });

  it('reverts a field after a confirmation, with the record version; a stale one says so', async () => {
    signInAs('ADMIN');
    renderWithProviders(
      <ModalsProvider>
        <AppTestRouter url="/learners/5" />
      </ModalsProvider>,
    );
    const update = await screen.findByTestId('history-entry-31', {}, { timeout: 5000 });
    fireEvent.click(within(update).getByRole('button', { name: 'Revert Name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Name back?' });
    expect(within(dialog).getByText(/goes back from “Asha Learner” to “Asha L”/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(reverts).toEqual([{ auditId: 31, field: 'name', version: 4 }]));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Name is set back' })),
    );

    fireEvent.click(within(await screen.findByTestId('history-entry-31')).getByRole('button', { name: 'Revert Name' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Set Name back?' })).getByRole('button', { name: 'Revert' }),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Someone else changed this record. Load the latest version and try again.',
        }),
      ),
    );
  });
});
