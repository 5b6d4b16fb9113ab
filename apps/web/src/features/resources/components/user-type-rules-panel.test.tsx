import { cardResource, userTypeCardResource, userTypeConditionResource, userTypeResource } from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AppTestRouter } from '../../../testing/router';
import { recordAnswer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
const stamp = { createdAt: at, updatedAt: at, version: 1 };
let posted: { path: string; body: unknown }[];
let conditions: Record<string, unknown>[];
let placed: Record<string, unknown>[];

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  posted = [];
  conditions = [
    {
      id: 1,
      userTypeId: 7,
      userTypeLabel: 'High scorers',
      field: 'totalPoints',
      operator: '>=',
      value: '3000',
      ...stamp,
    },
  ];
  placed = [
    { id: 4, userTypeId: 7, userTypeLabel: 'High scorers', cardId: 2, cardLabel: 'Top 10% this month', ...stamp },
  ];
  stubApi(fetchMock, (url, init) => {
    if (url.pathname === '/admin/usertype/get/7')
      return recordAnswer(userTypeResource, { id: 7, name: 'High scorers', description: null, priority: 40, ...stamp });
    if (url.pathname === '/admin/usertypecondition/get') return recordsAnswer(userTypeConditionResource, conditions);
    if (url.pathname === '/admin/usertypecard/get') return recordsAnswer(userTypeCardResource, placed);
    if (url.pathname === '/admin/card/get')
      return recordsAnswer(cardResource, [
        { id: 2, title: 'Top 10% this month', active: true, position: 1, ...stamp },
        { id: 3, title: 'Upgrade to Pro', active: true, position: 2, ...stamp },
        { id: 5, title: 'Summer hackathon', active: false, position: 3, ...stamp },
      ]);
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posted.push({ path: url.pathname, body });
      if (url.pathname === '/admin/usertypecondition/add') {
        const made = { id: 9, userTypeLabel: 'High scorers', ...body, ...stamp };
        conditions.push(made);
        return recordAnswer(userTypeConditionResource, made, 201);
      }
      if (url.pathname === '/admin/usertypecard/add') {
        const made = { id: 10, userTypeLabel: 'High scorers', cardLabel: 'Upgrade to Pro', ...body, ...stamp };
        placed.push(made);
        return recordAnswer(userTypeCardResource, made, 201);
      }
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.getAttribute('value'))
    .filter(Boolean);

describe("a user type's page", () => {
  it('lists its conditions and adds one with only the operators and values the learner field takes', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/user-types/7" />);
    const table = await screen.findByTestId('conditions', {}, { timeout: 5000 });
    expect(within(table).getByText('Total points')).toBeTruthy();
    expect(within(table).getByText('>= (at least)')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a condition' });

    // Nothing chosen: the form says so before any call.
    fireEvent.click(within(form).getByRole('button', { name: 'Add condition' }));
    expect(await within(form).findByText('Choose a learner field')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Learner field'), { target: { value: 'isaStatus' } });
    expect(optionsOf(within(form).getByLabelText('Operator'))).toEqual(['=', '!=']);
    expect(optionsOf(within(form).getByLabelText('Value'))).toContain('ISA Verified');
    fireEvent.change(within(form).getByLabelText('Operator'), { target: { value: '=' } });
    fireEvent.change(within(form).getByLabelText('Value'), { target: { value: 'ISA Verified' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add condition' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/admin/usertypecondition/add',
          body: { userTypeId: 7, field: 'isaStatus', operator: '=', value: 'ISA Verified' },
        },
      ]),
    );
    expect(await within(table).findByText('ISA Status')).toBeTruthy();

    // A number field takes the comparisons; its value is typed.
    fireEvent.change(within(form).getByLabelText('Learner field'), { target: { value: 'totalPoints' } });
    expect(optionsOf(within(form).getByLabelText('Operator'))).toEqual(['=', '!=', '>', '>=', '<', '<=']);
    expect(within(form).getByLabelText('Value').tagName).toBe('INPUT');
  });

  it('marketing places cards on it but does not write its conditions', async () => {
    signInAs('MARKETING');
    renderWithProviders(<AppTestRouter url="/user-types/7" />);
    expect(await screen.findByText('Top 10% this month', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a condition' })).toBeNull();
    const picker = screen.getByLabelText('Show a card');
    // Cards already shown are not offered again; hidden ones say so.
    await waitFor(() => expect(optionsOf(picker)).toEqual(['3', '5']));
    expect(within(picker).getByText('Summer hackathon (hidden)')).toBeTruthy();
    fireEvent.change(picker, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show card' }));
    await waitFor(() =>
      expect(posted).toEqual([{ path: '/admin/usertypecard/add', body: { userTypeId: 7, cardId: 3 } }]),
    );
    expect(await screen.findByText('Upgrade to Pro', { selector: 'p' })).toBeTruthy();
  });
});
