import {
  type ApiRecord,
  appointmentResource,
  calls,
  isaTypeResource,
  notWorkingWarningResource,
  reactivationResource,
  strikeResource,
  subscriptionResource,
  userFlagCommentResource,
  userFlagResource,
  userResource,
} from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { AppTestRouter } from '../../../testing/router';
import { answer, recordAnswer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

/** The learner's own records on their page (decision 014): flags, strikes, warnings, reactivation, teams. */
const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
const learner = {
  id: 5,
  name: 'Asha Learner',
  email: 'asha@example.com',
  userStatus: 'Inactive',
  createdAt: at,
  updatedAt: at,
  version: 1,
};
type Sent = { method: string; path: string; body: unknown };
let sent: Sent[];
let flags: ApiRecord[];
let comments: ApiRecord[];
let warnings: ApiRecord[];
let strikes: ApiRecord[];
let mentorTeam: ApiRecord[];
let requests: ApiRecord[];

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sent = [];
  flags = [
    {
      id: 1,
      userId: 5,
      title: 'Missed three calls',
      description: 'Not answering since Monday.',
      status: 'Live',
      raisedByName: 'Meera Motivator',
      createdAt: at,
    },
  ];
  comments = [
    { id: 7, flagId: 1, userId: 5, comment: 'Left a voicemail.', authorName: 'Meera Motivator', createdAt: at },
  ];
  warnings = [{ id: 3, userId: 5, reason: 'No task submitted for 7 days', issuedAt: at, removedAt: null }];
  mentorTeam = [
    {
      id: 11,
      userId: 5,
      mentorId: 2,
      mentorName: 'Mo Mentor',
      mentorEmail: 'mo@cohort.test',
      role: 'manager',
      assignedByName: 'Test Admin',
      createdAt: at,
    },
  ];
  requests = [];
  strikes = [
    { id: 9, userId: 5, type: 'Cheating', reason: 'Copied task 14.', givenByName: 'Mo Mentor', createdAt: at },
  ];
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
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, path: url.pathname, body });
    switch (`${method} ${url.pathname}`) {
      case 'GET /admin/user/get/5':
      case 'GET /admin/user/details':
        return recordAnswer(userResource, learner);
      case 'GET /admin/user/flag/get':
        expect(url.searchParams.get('userId')).toBe('5');
        return recordsAnswer(userFlagResource, flags);
      case 'GET /admin/user/flag/comment/all':
        return recordsAnswer(userFlagCommentResource, comments);
      case 'GET /admin/user/strike':
        expect(url.searchParams.get('userId')).toBe('5');
        return recordsAnswer(strikeResource, strikes);
      case 'GET /admin/user/not-working-alert/warnings/history':
        return recordsAnswer(notWorkingWarningResource, warnings);
      case 'GET /admin/user/reactivation':
        return answer(calls.learnerRecords.reactivations, { data: requests, totalItems: requests.length });
      // The CRM and ratings panels (decision 022): not in the CRM, nothing rated.
      case 'GET /admin/user/crm/getLeadSummary':
        return answer(calls.crm.leadSummary, {
          userId: 5,
          excludeFromCrm: false,
          lead: null,
          counts: { calls: 0, connected: 0, last30Days: 0 },
          lastCallAt: null,
          recentCalls: [],
        });
      case 'GET /admin/user/appointment/ratings/all':
        return recordsAnswer(appointmentResource, []);
      case 'GET /admin/user/mentor-team/5':
        return answer(calls.learnerRecords.mentorTeam, {
          userId: 5,
          data: mentorTeam,
          totalItems: mentorTeam.length,
        } as never);
      case 'GET /admin/role/users':
        return answer(calls.roles.members, {
          data: [{ id: 2, name: 'Mo Mentor', email: 'mo@cohort.test', roleId: 5, status: 'Active' }],
          totalItems: 1,
        });
      case 'GET /admin/user/student/team/get':
        return answer(calls.learnerRecords.studentTeams, {
          userId: 5,
          data: [
            { id: 4, name: 'Team Falcon', project: 'Food delivery app', role: 'member', memberCount: 3, createdAt: at },
          ],
          totalItems: 1,
        });
      case 'GET /admin/user/student/team/details':
        expect(url.searchParams.get('teamId')).toBe('4');
        return answer(calls.learnerRecords.studentTeamDetails, {
          id: 4,
          name: 'Team Falcon',
          project: 'Food delivery app',
          batchId: null,
          createdAt: at,
          members: [{ userId: 5, name: 'Asha Learner', email: 'asha@example.com', role: 'member', joinedAt: at }],
          hiddenMembers: 2,
        });
      case 'DELETE /admin/user/mentor-team/11':
        mentorTeam = [];
        return jsonResponse(200, { message: 'Mentor team member deleted' });
      case 'POST /admin/user/reactivation/decide':
        requests = [
          { ...requests[0], status: body.status, decidedByName: 'Test Admin', decidedAt: at, decisionNote: body.note },
        ];
        return answer(calls.learnerRecords.decideReactivation, requests[0]);
      case 'POST /admin/user/flag/add':
        flags.push({ ...body, id: 2, status: 'Live', raisedByName: 'Tester', createdAt: at });
        return recordAnswer(userFlagResource, flags[flags.length - 1], 201);
      case 'POST /admin/user/flag/add-comment':
        comments.push({ ...body, id: 8, userId: 5, authorName: 'Tester', createdAt: at, statusChange: body.status });
        if (body.status) flags[0].status = body.status;
        return answer(calls.learnerRecords.addFlagComment, comments[comments.length - 1]);
      case 'DELETE /admin/user/flag/delete/1':
        flags = flags.filter((f) => f.id !== 1);
        return answer(calls.learnerRecords.deleteFlag, { message: 'Flag deleted' });
      case 'DELETE /admin/user/not-working-alert/warnings/remove':
        warnings = [{ ...warnings[0], removedAt: at, removedByName: 'Tester', removalReason: body.reason }];
        return answer(calls.learnerRecords.removeWarning, warnings[0]);
      case 'DELETE /admin/user/strike':
        strikes = [];
        return jsonResponse(200, { message: 'Strike deleted' });
      case 'POST /admin/user/reactivation':
        return recordAnswer(reactivationResource, { ...body, id: 4, status: 'Pending', createdAt: at }, 201);
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a learner's own records on their page", () => {
  it('raises a flag (checked first), threads comments, archives through a comment, deletes after confirming', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const raise = await screen.findByRole('form', { name: 'Raise a flag' }, { timeout: 5000 });
    expect(await screen.findByText('Left a voicemail.')).toBeTruthy();
    fireEvent.click(within(raise).getByRole('button', { name: 'Raise flag' }));
    expect(await within(raise).findByText('Reason is required')).toBeTruthy();
    expect(within(raise).getByText('Description is required')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(raise).getByLabelText('Reason'), { target: { value: 'Asked to pause the ISA' } });
    fireEvent.change(within(raise).getByLabelText('Description'), { target: { value: 'Family reasons.' } });
    fireEvent.click(within(raise).getByRole('button', { name: 'Raise flag' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/admin/user/flag/add',
          body: { userId: 5, title: 'Asked to pause the ISA', description: 'Family reasons.' },
        },
      ]),
    );

    const flag = await screen.findByLabelText('Flag: Missed three calls');
    const form = within(flag).getByRole('form', { name: 'Comment on this flag' });
    fireEvent.click(within(form).getByRole('button', { name: 'Comment and archive' }));
    expect(await within(form).findByText('Comment is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Comment'), { target: { value: 'Back on track.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Comment and archive' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        method: 'POST',
        path: '/admin/user/flag/add-comment',
        body: { flagId: 1, comment: 'Back on track.', status: 'Archived' },
      }),
    );
    expect(await within(flag).findByText(/archived the flag/)).toBeTruthy();

    fireEvent.click(within(flag).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this flag?' });
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete flag' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/admin/user/flag/delete/1' }));
  }, 20_000);

  it('removes a warning only with a reason, and keeps it listed as removed', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    expect(await screen.findByText('1 warning counts against this learner.', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the warning: No task submitted for 7 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this warning?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove warning' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Leave approved.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove warning' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'DELETE',
          path: '/admin/user/not-working-alert/warnings/remove',
          body: { id: 3, reason: 'Leave approved.' },
        },
      ]),
    );
    expect(await screen.findByText(/removed by Tester/)).toBeTruthy();
    expect(screen.getByText('0 warnings count against this learner; 1 removed.')).toBeTruthy();
  }, 20_000);

  it('asks to reactivate an inactive learner with a reason', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const form = await screen.findByRole('form', { name: 'Request reactivation' }, { timeout: 5000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Request reactivation' }));
    expect(await within(form).findByText('Reason is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Exams are over.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request reactivation' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST', path: '/admin/user/reactivation', body: { userId: 5, reason: 'Exams are over.' } },
      ]),
    );
  });

  it('a mentor gives strikes (type checked first) and removes one after confirming, with its id in the body', async () => {
    signInAs('MENTOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const form = await screen.findByRole('form', { name: 'Give a strike' }, { timeout: 5000 });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Left class early.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Give strike' }));
    expect(await within(form).findByText('Choose Cheating or Discipline')).toBeTruthy();
    expect(sent).toEqual([]);
    expect(await screen.findByText('Copied task 14.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the cheating strike' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this strike?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove strike' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: '/admin/user/strike', body: { id: 9 } }]));
    // A mentor may not remove warnings (the motivator does): no button for it.
    expect(screen.getByText('No task submitted for 7 days')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove the warning/ })).toBeNull();
  }, 20_000);

  it('a mentor assigns mentors (checked first), removes one after confirming, and sees the student teams', async () => {
    signInAs('MENTOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const form = await screen.findByRole('form', { name: 'Assign a mentor' }, { timeout: 5000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Assign mentor' }));
    expect(await within(form).findByText('Choose a mentor')).toBeTruthy();
    expect(within(form).getByText('Choose manager or member')).toBeTruthy();
    expect(sent).toEqual([]);

    expect(await screen.findByText('(mo@cohort.test)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Mo Mentor from the mentor team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this mentor?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove mentor' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'DELETE', path: '/admin/user/mentor-team/11', body: undefined }]),
    );
    expect(await screen.findByText('No mentors assigned.')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Show members' }));
    expect(await screen.findByText('and 2 more outside your learners')).toBeTruthy();
  }, 20_000);

  it('an admin decides a pending reactivation request with a note', async () => {
    requests = [
      {
        id: 4,
        userId: 5,
        reason: 'Exams are over.',
        status: 'Pending',
        requestedByName: 'Meera',
        createdAt: at,
        version: 1,
      },
    ];
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    const decide = await screen.findByLabelText('Decide this request', {}, { timeout: 5000 });
    fireEvent.click(within(decide).getByRole('button', { name: 'Reject' }));
    expect(await within(decide).findByText('Note is required')).toBeTruthy();
    fireEvent.change(within(decide).getByLabelText('Decision note'), { target: { value: 'Welcome back.' } });
    fireEvent.click(within(decide).getByRole('button', { name: 'Fulfil' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/admin/user/reactivation/decide',
          body: { id: 4, status: 'Fulfilled', note: 'Welcome back.', version: 1 },
        },
      ]),
    );
    expect(await screen.findByText(/Fulfilled by Test Admin/)).toBeTruthy();
  }, 20_000);
});
