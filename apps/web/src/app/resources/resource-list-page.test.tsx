import { blogResource, mailOutboxResource } from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, stubApi } from '../../features/roles/roles-test-utils';
import { appStore } from '../../lib/store';
import { renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { errorAnswer, recordAnswer, recordsAnswer } from '../../testing/stub-call';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
type ListAnswer = (url: URL) => Response;
let answerList: ListAnswer;

const blog = (id: number) => ({
  id,
  title: `Blog ${id}`,
  slug: `blog-${id}`,
  status: 'Live',
  publishedAt: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  version: 1,
});

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  answerList = () => recordsAnswer(blogResource, [blog(1)]);
  stubApi(fetchMock, (url) => {
    if (url.pathname === '/admin/blog/get') return answerList(url);
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

function listCalls(): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/admin/blog/get');
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([n]) => n.message);

describe('a list opened from a malformed link', () => {
  for (const bad of ['notjson', '%7B%22a%22%3A1%7D', '%5B1', '%5B%7B%22field%22%3A%22title%22%7D%5D', '%22x%22']) {
    it(`filters=${bad}: a notice and the list unfiltered, still logged in`, async () => {
      signInAs('ADMIN');
      renderWithProviders(<AppTestRouter url={`/blogs?filters=${bad}`} />);
      expect(await screen.findByText('Blog 1', {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByTestId('list-notice').textContent).toContain(
        'The filters in this link could not be read, so the list is shown unfiltered.',
      );
      expect(listCalls().every((u) => !u.searchParams.has('filters'))).toBe(true);
      expect(appStore.getState().token).toBe('tok');
      expect(toasts()).toEqual([]);
    });
  }

  it('filters on a field the list does not offer: checked with the domain parser, not sent', async () => {
    signInAs('ADMIN');
    const f = encodeURIComponent(JSON.stringify([{ field: 'bogus', operator: '=', value: 1 }]));
    renderWithProviders(<AppTestRouter url={`/blogs?filters=${f}&sort=bogus`} />);
    expect(await screen.findByText('Blog 1', {}, { timeout: 5000 })).toBeTruthy();
    const notice = screen.getByTestId('list-notice').textContent;
    expect(notice).toContain('This link filters blogs in a way this list does not offer');
    expect(notice).toContain('This link sorts by a column that cannot be sorted');
    expect(listCalls().every((u) => !u.searchParams.has('filters') && !u.searchParams.has('sort'))).toBe(true);
    expect(toasts()).toEqual([]);
  });

  it('size=100000 is not sent to the server and is explained', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/blogs?size=100000" />);
    expect(await screen.findByText('Blog 1', {}, { timeout: 5000 })).toBeTruthy();
    expect(listCalls().every((u) => u.searchParams.get('page_size') === '14')).toBe(true);
    expect(screen.getByTestId('list-notice').textContent).toContain('so this one shows 14 instead of 100,000.');
    expect(toasts()).toEqual([]);
  });
});

describe('list states', () => {
  it('a failed load shows the error with a retry, never "No blogs yet." or "Showing 0–0 of 0"', async () => {
    signInAs('ADMIN');
    answerList = () => errorAnswer(500, { message: 'Something went wrong. Please try again !!!', code: 'INTERNAL' });
    renderWithProviders(<AppTestRouter url="/blogs" />);
    expect(await screen.findByText('Blogs could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No blogs yet.')).toBeNull();
    expect(screen.queryByTestId('list-total')).toBeNull();
    answerList = () => recordsAnswer(blogResource, [blog(2)]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Blog 2')).toBeTruthy();
  });

  it('empty and no-match are told apart; no-match offers to clear the filters', async () => {
    signInAs('ADMIN');
    answerList = () => recordsAnswer(blogResource, []);
    const f = encodeURIComponent(JSON.stringify([{ field: 'title', operator: 'like', value: 'zzz' }]));
    renderWithProviders(<AppTestRouter url={`/blogs?filters=${f}`} />);
    expect(await screen.findByText('No blogs match these filters.')).toBeTruthy();
    expect(screen.queryByTestId('list-total')).toBeNull();
    fireEvent.click(within(screen.getByTestId('table-empty')).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No blogs yet.')).toBeTruthy();
  });

  // Issue 18, finding 16: an empty list says what it holds and offers the first action.
  it('an empty list says what it holds and offers its first action to a role that may take it', async () => {
    signInAs('ADMIN');
    answerList = () => recordsAnswer(blogResource, []);
    renderWithProviders(<AppTestRouter url="/blogs" />);
    const empty = await screen.findByTestId('table-empty', {}, { timeout: 5000 });
    expect(within(empty).getByText('No blogs yet.')).toBeTruthy();
    expect(within(empty).getByText('Posts written here are shown on the website once they are Live.')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'New blog' }).getAttribute('href')).toBe('/blogs/new');
  });

  it('a list nobody fills by hand says where its records come from, and offers no button', async () => {
    signInAs('ADMIN');
    stubApi(fetchMock, (url) =>
      url.pathname === '/admin/mail/outbox/get' ? recordsAnswer(mailOutboxResource, []) : undefined,
    );
    renderWithProviders(<AppTestRouter url="/mail-outbox" />);
    const empty = await screen.findByTestId('table-empty', {}, { timeout: 5000 });
    expect(within(empty).getByText('No mail waiting.')).toBeTruthy();
    expect(within(empty).getByText('Mail the product sends appears here.')).toBeTruthy();
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('a page past the end goes to the last page', async () => {
    signInAs('ADMIN');
    answerList = (url) => {
      const size = Number(url.searchParams.get('page_size'));
      const init = fetchMock.mock.calls.at(-1)?.[1];
      const page = Number((init?.headers as Record<string, string> | undefined)?.page_num ?? 1);
      const total = 30;
      const from = (page - 1) * size;
      const ids = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => from + i + 1);
      return recordsAnswer(blogResource, ids.map(blog), total);
    };
    renderWithProviders(<AppTestRouter url="/blogs?page=9999" />);
    expect(await screen.findByText('Blog 29', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('Showing 29–30 of 30');
    expect(screen.getByTestId('list-notice').textContent).toContain('There is no page 9999; this is the last page.');
    expect(screen.queryByText('No blogs yet.')).toBeNull();
  });

  it('the title opens the record, not only the id (finding 11)', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/blogs" />);
    const title = await screen.findByRole('link', { name: 'Blog 1' }, { timeout: 5000 });
    expect(title.getAttribute('href')).toBe('/blogs/1');
    expect(title.closest('td')?.getAttribute('title')).toBe('Blog 1');
  });
});

describe('the list asks only for the columns it shows (decision 021)', () => {
  it('the call names the visible columns; the chooser offers no field a list does not carry', async () => {
    signInAs('ADMIN');
    renderWithProviders(<AppTestRouter url="/blogs" />);
    expect(await screen.findByText('Blog 1')).toBeTruthy();
    const columns = listCalls().at(-1)?.searchParams.get('columns')?.split(',');
    expect(columns).toEqual(['id', 'title', 'authorName', 'status', 'tags', 'publishedAt', 'createdAt']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = await screen.findByRole('group', { name: 'Visible columns' });
    expect(within(chooser).getByLabelText('Author')).toBeTruthy();
    // The article's body is on the blog's own page, never in the list.
    expect(within(chooser).queryByLabelText('Content')).toBeNull();
    expect(within(chooser).queryByLabelText('Excerpt')).toBeNull();
  }, 20_000);
});

describe('the edit screen reads the record, not the list row (decision 021)', () => {
  it('opening a blog from the list shows its content, which the list row does not carry', async () => {
    signInAs('ADMIN');
    stubApi(fetchMock, (url) => {
      if (url.pathname === '/admin/blog/get') return answerList(url);
      if (url.pathname === '/admin/blog/get/1') {
        return recordAnswer(blogResource, {
          ...blog(1),
          authorName: null,
          tags: null,
          excerpt: null,
          content: 'The whole article',
        });
      }
      return undefined;
    });
    renderWithProviders(<AppTestRouter url="/blogs" />);
    fireEvent.click(await screen.findByRole('link', { name: 'Blog 1' }));
    expect(await screen.findByDisplayValue('The whole article')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/admin/blog/get/1'))).toBe(true);
  }, 20_000);
});
