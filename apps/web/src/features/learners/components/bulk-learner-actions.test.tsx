import { calls, userResource } from '@cohort/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { AppTestRouter } from '../../../testing/router';
import { answer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';

// Decision 020: rows chosen across pages (or every match, Gmail style) and the three bulk
// calls of the learner list, each with its form, a confirmation naming the count, progress and result.
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
let sent: { path: string; body: Record<string, unknown> }[];
let release: (() => void) | undefined;
/** The last line the server sends; default: the result. */
let ending: unknown;

const learner = (id: number) => ({ id, userId: id, name: `Learner ${id}`, createdAt: at, updatedAt: at, version: 1 });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sent = [];
  release = undefined;
  ending = undefined;
  stubApi(fetchMock, async (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url.pathname.endsWith('-multiple')) {
      sent.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
      // The console asks for progress; the server reports a line per slice, the result last.
      expect(new Headers(init?.headers).get('Accept')).toContain('application/x-ndjson');
      const line = (v: unknown) => new TextEncoder().encode(`${JSON.stringify(v)}\n`);
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(line({ done: 0, total: 3 }));
          controller.enqueue(line({ done: 1, total: 3 }));
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          controller.enqueue(line({ done: 3, total: 3 }));
          controller.enqueue(line(ending ?? { result: { updated: 3, unchanged: 0 } }));
          controller.close();
        },
      });
      return new Response(stream, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
    }
    if (url.pathname === '/admin/user/all') {
      const page = Number(new Headers(init?.headers).get('page_num') ?? 1);
      const ids = Array.from({ length: 14 }, (_, i) => (page - 1) * 14 + i + 1).filter((id) => id <= 30);
      return recordsAnswer(userResource, ids.map(learner), 30);
    }
    if (url.pathname === '/admin/user/team-members') {
      const role = url.searchParams.get('role');
      const people = [
        { id: 9, name: 'Meera', email: 'm@cohort.test', role: 'MOTIVATOR' },
        { id: 7, name: 'Hari', email: 'h@cohort.test', role: 'HR' },
      ].filter((p) => !role || p.role === role);
      return answer(calls.learners.teamMembers, { data: people, totalItems: people.length });
    }
    return jsonResponse(500, { message: `unexpected ${url.pathname}` });
  });
});
afterEach(() => vi.unstubAllGlobals());

const row = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

async function openLearners() {
  renderWithProviders(<AppTestRouter url="/learners" />);
  await screen.findByText('Learner 1', {}, { timeout: 8000 });
}

describe('choosing learners and acting on them', () => {
  it('rows chosen on two pages are kept; Assign motivator goes to exactly them, with progress and the result', async () => {
    signInAs('ADMIN');
    await openLearners();
    fireEvent.click(row('Learner 1'));
    fireEvent.click(row('Learner 2'));
    expect(screen.getByTestId('selection-bar').textContent).toContain('2 learners selected.');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Learner 15', {}, { timeout: 5000 });
    fireEvent.click(row('Learner 15'));
    expect(screen.getByTestId('selection-bar').textContent).toContain('3 learners selected.');
    // Back on page 1 the first two are still chosen.
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Learner 1', {}, { timeout: 5000 });
    expect((row('Learner 1') as HTMLInputElement).checked).toBe(true);
    expect((row('Learner 3') as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Assign motivator' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/the 3 learners you chose/)).toBeTruthy();
    // Only motivators are offered.
    await within(dialog).findByRole('option', { name: 'Meera (MOTIVATOR)' });
    expect(within(dialog).queryByRole('option', { name: 'Hari (HR)' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Motivator/), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign motivator for 3' }));
    expect(within(dialog).getByText('Make Meera (MOTIVATOR) the motivator of 3 learners?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, change 3' }));
    // While the server works: a bar showing how far it is, and nothing can be sent twice.
    expect(await within(dialog).findByRole('progressbar', { name: 'Assign motivator: 1 of 3' })).toBeTruthy();
    expect(within(dialog).getByText(/1 of 3 learners changed/)).toBeTruthy();
    await waitFor(() =>
      expect(sent).toEqual([
        { path: '/admin/user/motivator/add-multiple', body: { motivatorId: 9, userIds: [1, 2, 15] } },
      ]),
    );
    release?.();
    expect(await within(dialog).findByText('3 learners now have this motivator.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Done: the choice is let go.
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull());
  }, 20_000);

  it('a whole page chosen offers every match; Change status then sends the filters, not ids', async () => {
    signInAs('ADMIN');
    await openLearners();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    const bar = screen.getByTestId('selection-bar');
    expect(bar.textContent).toContain('14 learners selected.');
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all 30 learners that match' }));
    expect(screen.getByTestId('selection-bar').textContent).toContain('All 30 learners that match are selected.');
    expect((row('Learner 14') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status for 30' }));
    expect(await within(dialog).findByText('Choose the status')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Status/), { target: { value: 'Inactive' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status for 30' }));
    expect(within(dialog).getByText('Set the status of 30 learners to Inactive?')).toBeTruthy();
    // Back changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status for 30' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, change 30' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { path: '/admin/user/status/update-multiple', body: { userStatus: 'Inactive', filters: '[]' } },
      ]),
    );
    release?.();
    expect(await within(dialog).findByText('3 learners changed status.')).toBeTruthy();
  }, 20_000);

  it('unchoosing one of every match leaves the rest of the page; clearing lets all go', async () => {
    signInAs('ADMIN');
    await openLearners();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 30 learners that match' }));
    fireEvent.click(row('Learner 3'));
    expect(screen.getByTestId('selection-bar').textContent).toContain('13 learners selected.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('selection-bar')).toBeNull();
    expect((row('Learner 1') as HTMLInputElement).checked).toBe(false);
  }, 20_000);

  it('a mentor, who may do none of them, gets no checkboxes', async () => {
    signInAs('MENTOR');
    await openLearners();
    expect(screen.queryByRole('checkbox', { name: 'Select Learner 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
  }, 20_000);

  it('a motivator may change status but not assign owners or motivators', async () => {
    signInAs('MOTIVATOR');
    await openLearners();
    fireEvent.click(row('Learner 1'));
    expect(screen.getByRole('button', { name: 'Change status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign motivator' })).toBeNull();
  }, 20_000);

  it('a change the server undid after it began is reported, and the dialog stays open to try again', async () => {
    ending = { status: 500, error: { message: 'Something went wrong. Please try again !!!', code: 'INTERNAL' } };
    signInAs('ADMIN');
    await openLearners();
    fireEvent.click(row('Learner 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Status/), { target: { value: 'Inactive' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status for 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, change 1' }));
    await within(dialog).findByRole('progressbar', { name: 'Change status: 1 of 3' });
    release?.();
    // Back to the form: nothing was kept, and the choice can be sent again.
    expect(await within(dialog).findByRole('button', { name: 'Change status for 1' })).toBeTruthy();
    const { notifications } = await import('@mantine/notifications');
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Something went wrong. Please try again !!!' }),
      ),
    );
  }, 20_000);
});
