import { blogResource, STALE_VERSION_MESSAGE } from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { api } from '../../../lib/api-client';
import { appStore, initialState } from '../../../lib/store';
import { renderWithProviders } from '../../../testing/render';
import { TestRouter } from '../../../testing/router';
import { errorAnswer, recordAnswer } from '../../../testing/stub-call';
import { ResourceEditor } from './resource-editor';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const v1: ApiRecord = {
  id: 9,
  version: 1,
  title: 'Original title',
  content: 'Body',
  authorName: 'Ada',
  excerpt: null,
  tags: null,
  status: 'Live',
  publishedAt: null,
};
const v2: ApiRecord = { ...v1, version: 2, authorName: 'Grace' };

function Harness() {
  const [record, setRecord] = useState<ApiRecord>(v1);
  return (
    <ResourceEditor
      def={blogResource}
      mode="update"
      record={record}
      saving={false}
      save={(payload) => api.put<ApiRecord>('/admin/blog/update/9', payload)}
      reloadLatest={() => setRecord(v2)}
      onCancel={() => {}}
    />
  );
}

function sentBodies() {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
}

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  appStore.setState({ ...initialState, token: 'tok', appLoaded: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResourceEditor (update)', () => {
  it('validates on the client with the resource schema and sends nothing when invalid', async () => {
    renderWithProviders(<TestRouter component={Harness} />);
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the changed fields with the version', async () => {
    fetchMock.mockResolvedValueOnce(recordAnswer(blogResource, { ...v1, version: 2, title: 'New title' }));
    renderWithProviders(<TestRouter component={Harness} />);
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'New title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBodies()[0]).toEqual({ title: 'New title', version: 1 });
    await waitFor(() =>
      expect(vi.mocked(notifications.show).mock.calls.map(([n]) => n.message)).toContain('Blog saved'),
    );
  });

  it('puts server 400 issues on their fields', async () => {
    fetchMock.mockResolvedValueOnce(
      errorAnswer(400, {
        message: 'Invalid input',
        code: 'BAD_REQUEST',
        issues: [{ path: ['tags'], message: 'Too many tags' }],
      }),
    );
    renderWithProviders(<TestRouter component={Harness} />);
    fireEvent.change(await screen.findByLabelText(/^Tags/), { target: { value: 'a,b,c' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too many tags')).toBeTruthy();
  });

  it('on 409 keeps the edits, offers the latest version and saves on top of it', async () => {
    fetchMock
      .mockResolvedValueOnce(errorAnswer(409, { message: STALE_VERSION_MESSAGE, code: 'CONFLICT' }))
      .mockResolvedValueOnce(recordAnswer(blogResource, { ...v2, version: 3, title: 'Mine' }));
    renderWithProviders(<TestRouter component={Harness} />);
    const title = (await screen.findByLabelText(/^Title/)) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(STALE_VERSION_MESSAGE)).toBeTruthy();
    expect(title.value).toBe('Mine');
    // One message: the toast says exactly what the alert says, and both point at the button.
    const toasts = vi.mocked(notifications.show).mock.calls.map(([n]) => n.message);
    expect(toasts).toEqual([STALE_VERSION_MESSAGE]);
    expect(screen.getByTestId('conflict-alert').textContent).toBe(`${STALE_VERSION_MESSAGE}Load latest version`);
    expect(STALE_VERSION_MESSAGE).toMatch(/load the latest version/);
    expect(STALE_VERSION_MESSAGE).not.toMatch(/reload/i);

    fireEvent.click(screen.getByRole('button', { name: 'Load latest version' }));
    await waitFor(() => expect((screen.getByLabelText(/^Author/) as HTMLInputElement).value).toBe('Grace'));
    expect(title.value).toBe('Mine');
    expect(screen.queryByText(STALE_VERSION_MESSAGE)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sentBodies()[1]).toEqual({ title: 'Mine', version: 2 });
  });
});
