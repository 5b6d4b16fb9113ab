import { MESSAGES } from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/render';
import { ApiError, api, downloadFile } from './api-client';
import { appStore, initialState } from './store';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const user = {
  id: 1,
  name: 'Ada',
  email: 'ada@cohort.test',
  role: 'ADMIN',
  roleId: 1,
  twoFactorEnabled: false,
  mustChangePassword: false,
};
const fetchMock = vi.fn<typeof fetch>();

function toasts(): string[] {
  return vi.mocked(notifications.show).mock.calls.map(([n]) => String(n.message));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  appStore.setState({ ...initialState, token: 'tok-123', user, appLoaded: true });
  localStorage.setItem('columns:blog', '["title"]');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends the token header, page_num and the query string', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [], totalItems: 0 }));
    await api.get('/admin/blog/get', { page: 3, query: { page_size: 14, filters: '[]', sort: undefined } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/admin/blog/get?page_size=14&filters=%5B%5D');
    const headers = init?.headers as Record<string, string>;
    expect(headers.token).toBe('tok-123');
    expect(headers.page_num).toBe('3');
  });

  it('parses a JSON answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 7, title: 'Hello' }));
    await expect(api.post('/admin/blog/add', { title: 'Hello' })).resolves.toEqual({ id: 7, title: 'Hello' });
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ title: 'Hello' });
  });
});

describe('error catalogue (spec §8)', () => {
  it('500 toasts the generic server text', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'boom', code: 'INTERNAL' }));
    const err = await failure(api.get('/admin/blog/get'));
    expect(err.status).toBe(500);
    expect(toasts()).toEqual(['Something went wrong. Please try again !!!']);
    expect(appStore.getState().token).toBe('tok-123');
  });

  it('401 marks the session expired, toasts "Token Expired. Login Again!!!" and logs out', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Session expired', code: 'UNAUTHORIZED' }));
    const err = await failure(api.get('/admin/blog/get'));
    expect(err.status).toBe(401);
    expect(toasts()).toEqual([MESSAGES.tokenExpired]);
    expect(toasts()).toEqual(['Token Expired. Login Again!!!']);
    const s = appStore.getState();
    expect(s.sessionExpired).toBe(true);
    expect(s.token).toBeNull();
    expect(s.user).toBeNull();
    expect(s.redirectTo).toBe('/');
    expect(localStorage.getItem('columns:blog')).toBeNull();
  });

  it('403 logs out with the same toast but does not mark the session expired', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'Forbidden', code: 'FORBIDDEN' }));
    await failure(api.put('/admin/blog/update/1', { version: 1 }));
    expect(toasts()).toEqual(['Token Expired. Login Again!!!']);
    expect(appStore.getState().token).toBeNull();
    expect(appStore.getState().sessionExpired).toBe(false);
    expect(appStore.getState().redirectTo).toBe('/');
  });

  it('401 on login shows the server text and does not log out', async () => {
    appStore.setState({ token: null, user: null });
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Invalid email or password' }));
    await failure(api.post('/auth/login/admin', { email: 'a@b.c', password: 'x' }, { token: null }));
    expect(toasts()).toEqual(['Invalid email or password']);
    // Only a session that existed can expire.
    expect(appStore.getState().sessionExpired).toBe(false);
    expect(appStore.getState().redirectTo).toBeNull();
    expect(localStorage.getItem('columns:blog')).toBe('["title"]');
  });

  it('403 on login (a learner account) shows the server text and does not log out', async () => {
    appStore.setState({ token: null, user: null });
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'Staff accounts only' }));
    await failure(api.post('/auth/login/admin', { email: 'a@b.c', password: 'x' }, { token: null }));
    expect(toasts()).toEqual(['Staff accounts only']);
    expect(appStore.getState().redirectTo).toBeNull();
  });

  it('401 on the logout call neither marks the session expired nor toasts', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Session expired' }));
    await failure(api.post('/admin/logout'));
    expect(toasts()).toEqual([]);
    expect(appStore.getState().sessionExpired).toBe(false);
    expect(appStore.getState().token).toBe('tok-123');
  });

  it('404 toasts the server text and redirects to the root path', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { message: 'Blog 99 not found', code: 'NOT_FOUND' }));
    await failure(api.get('/admin/blog/get/99'));
    expect(toasts()).toEqual(['Blog 99 not found']);
    expect(appStore.getState().redirectTo).toBe('/');
    expect(appStore.getState().token).toBe('tok-123');
  });

  it('no response toasts "Check your Connection"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await failure(api.get('/admin/blog/get'));
    expect(err.status).toBe(0);
    expect(toasts()).toEqual(['Check your Connection']);
    expect(appStore.getState().token).toBe('tok-123');
  });

  it('times out after 200000 ms with "Check your Connection"', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = failure(api.get('/admin/blog/get'));
    await vi.advanceTimersByTimeAsync(199_999);
    expect(toasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err.status).toBe(0);
    expect(toasts()).toEqual(['Check your Connection']);
  });

  it('400 toasts the server text and exposes the issues per field', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        message: 'Invalid input',
        code: 'BAD_REQUEST',
        issues: [
          { path: ['title'], message: 'Title is required' },
          { path: ['endsAt'], message: 'Ends at must be after starts at' },
          { path: ['title'], message: 'second message is ignored' },
        ],
      }),
    );
    const err = await failure(api.post('/admin/event/add', {}));
    expect(toasts()).toEqual(['Invalid input']);
    expect(err.fieldErrors()).toEqual({ title: 'Title is required', endsAt: 'Ends at must be after starts at' });
  });

  it.each([
    [409, 'This record was changed by someone else. Reload it and try again.'],
    [413, 'The file is too large'],
    [415, 'Unsupported file type'],
  ])('%i toasts the server text', async (status, message) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(status, { message }));
    const err = await failure(api.put('/admin/blog/update/1', { version: 1 }));
    expect(err.status).toBe(status);
    expect(toasts()).toEqual([message]);
    expect(appStore.getState().token).toBe('tok-123');
  });

  it('429 toasts the server text and keeps Retry-After', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { message: 'Too many attempts' }, { 'Retry-After': '30' }));
    const err = await failure(api.post('/auth/login/admin', {}, { token: null }));
    expect(toasts()).toEqual(['Too many attempts']);
    expect(err.retryAfter).toBe(30);
  });

  it('an answer without a message is still worded for people (never "Request failed (413)")', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>proxy</html>', { status: 413 }));
    await failure(api.post('/admin/blog/add', { title: 'x' }));
    fetchMock.mockResolvedValueOnce(new Response('', { status: 422 }));
    await failure(api.post('/admin/blog/add', { title: 'x' }));
    expect(toasts()).toEqual([
      'That is too large to send. Try a smaller file or less text.',
      'That could not be done. Try again, and if it keeps failing tell an administrator.',
    ]);
  });

  it('silent calls neither toast nor log out', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'nope' }));
    await failure(api.post('/admin/frontend-errors/add', { message: 'x' }, { silent: true }));
    expect(toasts()).toEqual([]);
    expect(appStore.getState().token).toBe('tok-123');
  });
});

describe('downloadFile', () => {
  it('collects the body, reports progress and reads the file name', async () => {
    const csv = 'id,title\n1,Hello\n';
    fetchMock.mockResolvedValueOnce(
      new Response(csv, {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="blog-2026.csv"' },
      }),
    );
    const progress: number[] = [];
    const { blob, filename } = await downloadFile('/admin/blog/download-csv', {
      query: { filters: '[{"field":"status","operator":"=","value":"Live"}]' },
      onProgress: (p) => progress.push(p.loaded),
    });
    expect(filename).toBe('blog-2026.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text).toBe(csv);
    expect(blob.type).toBe('text/csv');
    expect(progress.at(-1)).toBe(csv.length);
    expect(String(fetchMock.mock.calls[0][0])).toContain('/admin/blog/download-csv?filters=');
  });
});
