import { frontendErrorResource } from '@cohort/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, initialState } from '../lib/store';
import { recordAnswer } from '../testing/stub-call';

import { AppErrorBoundary } from './error-boundary';

function Broken({ message = 'kaboom' }: { message?: string }): never {
  throw new Error(message);
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(recordAnswer(frontendErrorResource, { id: 1 }, 201));
  vi.stubGlobal('fetch', fetchMock);
  // React logs caught render errors; keep the output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.history.replaceState(null, '', '/blogs?page=2');
  const user = {
    id: 1,
    name: 'Ada',
    email: 'ada@cohort.test',
    role: 'ADMIN',
    roleId: 1,
    twoFactorEnabled: false,
    mustChangePassword: false,
  };
  appStore.setState({ ...initialState, token: 'tok-abc', user, appLoaded: true });
  localStorage.setItem('columns:blog', '["title"]');
  localStorage.setItem('twoFactorVerified', 'true');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AppErrorBoundary', () => {
  it('shows the error page with the spec texts', () => {
    render(
      <MantineProvider env="test">
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeTruthy();
    expect(screen.getByText("It's not you it's us. Something broke on our our side")).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Click Here' });
    expect(link.getAttribute('href')).toBe('/blogs?page=2');
  });

  it('clears all local storage and drops the token', () => {
    render(
      <MantineProvider env="test">
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </MantineProvider>,
    );
    expect(localStorage.getItem('columns:blog')).toBeNull();
    expect(localStorage.getItem('twoFactorVerified')).toBeNull();
    expect(appStore.getState().token).toBeNull();
    expect(appStore.getState().user).toBeNull();
  });

  it('reports the error with the token it had, without toasts', async () => {
    render(
      <MantineProvider env="test">
        <AppErrorBoundary>
          <Broken message="kaboom-reported" />
        </AppErrorBoundary>
      </MantineProvider>,
    );
    // The report loads the domain's definitions first (they stay out of the first paint), so it
    // is sent a moment later; an earlier test's report may still arrive here, hence by message.
    const reports = () =>
      fetchMock.mock.calls.filter(([, init]) => JSON.parse(String(init?.body)).message === 'kaboom-reported');
    await vi.waitFor(() => expect(reports()).toHaveLength(1));
    const [url, init] = reports()[0];
    expect(url).toBe('/admin/frontend-errors/add');
    expect((init?.headers as Record<string, string> | undefined)?.token).toBe('tok-abc');
    const body = JSON.parse(String(init?.body));
    expect(body.message).toBe('kaboom-reported');
    expect(body.url).toContain('/blogs?page=2');
    expect(typeof body.componentStack).toBe('string');
  });

  it('renders children when nothing fails', () => {
    render(
      <MantineProvider env="test">
        <AppErrorBoundary>
          <p>all good</p>
        </AppErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('all good')).toBeTruthy();
    expect(appStore.getState().token).toBe('tok-abc');
  });
});
