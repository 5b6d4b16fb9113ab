import { blogResource, calls } from '@cohort/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AppTestRouter } from '../../../testing/router';
import { answer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';

// Decision 020: the export writes the columns shown, says how many rows have arrived while the
// file streams in, and can be cancelled (nothing is saved then).
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
let exportUrl: URL | undefined;
let push: ((text: string) => void) | undefined;
let end: (() => void) | undefined;
let cancelled: boolean;
const saved: string[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  exportUrl = undefined;
  cancelled = false;
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  stubApi(fetchMock, (url) => {
    if (url.pathname === '/admin/blog/get') {
      const blog = (id: number) => ({
        id,
        title: `Blog ${id}`,
        status: 'Live',
        createdAt: at,
        updatedAt: at,
        version: 1,
      });
      return recordsAnswer(blogResource, [blog(1), blog(2), blog(3), blog(4)]);
    }
    if (url.pathname === '/admin/blog/download-csv') {
      exportUrl = url;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text));
          end = () => controller.close();
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }
    if (url.pathname === '/admin/preferences') return answer(calls.preferences.get, {});
    return undefined;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Export CSV', () => {
  it('asks for the columns shown with the filters, counts rows as they arrive, and saves the file', async () => {
    signInAs('MARKETING');
    const f = encodeURIComponent(JSON.stringify([{ field: 'status', operator: '=', value: 'Live' }]));
    renderWithProviders(<AppTestRouter url={`/blogs?filters=${f}&sort=title`} />);
    await screen.findByText('Blog 1', {}, { timeout: 8000 });
    const shown = screen.getAllByRole('columnheader').map((h) => h.textContent);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exportUrl).toBeDefined());
    expect(exportUrl?.searchParams.get('filters')).toContain('Live');
    expect(exportUrl?.searchParams.get('sort')).toBe('title');
    const columns = exportUrl?.searchParams.get('columns')?.split(',') ?? [];
    expect(columns.length).toBe(shown.length);
    expect(columns).toContain('title');

    // The header and one row, the second row's CRLF split across two chunks.
    push?.('Title,Status\r\nBlog 1,Live\r\nBlog 2,Live\r');
    expect(await screen.findByText(/^1 of 4 rows/, {}, { timeout: 5000 })).toBeTruthy();
    push?.('\nBlog 3,Live\r\n');
    expect(await screen.findByText(/^3 of 4 rows/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Exported 3 of 4 rows' })).toBeTruthy();
    push?.('Blog 4,Live\r\n');
    end?.();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^blogs-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Export progress' })).toBeNull());
  }, 20_000);

  it('Cancel export stops the download and saves nothing', async () => {
    signInAs('MARKETING');
    renderWithProviders(<AppTestRouter url="/blogs" />);
    await screen.findByText('Blog 1', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exportUrl).toBeDefined());
    push?.('Title,Status\r\nBlog 1,Live\r\n');
    expect(await screen.findByText(/^1 of 4 rows/, {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Export progress' })).toBeNull());
    expect(cancelled).toBe(true);
    expect(saved).toEqual([]);
  }, 20_000);
});
