import { calls, leadResource, userResource } from '@cohort/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, initialState } from '../../lib/store';
import { renderWithProviders } from '../../testing/render';
import { answer } from '../../testing/stub-call';
import { ReferenceSelect } from './reference-select';

/** Decision 038: a reference to a staff member is picked by name from the team members, never from the learners. */
const fetchMock = vi.fn<typeof fetch>();
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.pathname + url.search);
    if (url.pathname === '/admin/user/team-members') {
      return answer(calls.learners.teamMembers, {
        data: [{ id: 11, name: 'Mira Motivator', email: 'mira@cohort.test', role: 'MOTIVATOR' }],
        totalItems: 1,
      });
    }
    throw new Error(`unexpected ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  appStore.setState({
    ...initialState,
    token: 'tok',
    appLoaded: true,
    user: {
      id: 1,
      name: 'Ada',
      email: 'ada@cohort.test',
      role: 'ADMIN',
      roleId: 1,
      twoFactorEnabled: false,
      mustChangePassword: false,
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  appStore.setState(initialState);
});

describe('ReferenceSelect', () => {
  it("offers a lead's owner from the team members, by name, and sends the id", async () => {
    const owner = leadResource.fields.find((f) => f.name === 'ownerId')!;
    const onChange = vi.fn();
    renderWithProviders(<ReferenceSelect field={owner} value="" onChange={onChange} />);
    fireEvent.click(screen.getAllByLabelText(/Owner/)[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Mira Motivator (MOTIVATOR)' }));
    expect(onChange).toHaveBeenCalledWith('11');
    expect(asked.every((p) => p.startsWith('/admin/user/team-members'))).toBe(true);
  });

  it('asks for the id of a college or batch, which have no list here', () => {
    const batch = userResource.fields.find((f) => f.name === 'batchId')!;
    renderWithProviders(<ReferenceSelect field={batch} value="7" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Batch' })).toBeTruthy();
    expect(screen.getByText("The batch's id")).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
