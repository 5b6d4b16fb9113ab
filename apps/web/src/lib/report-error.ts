import { frontendErrorResource } from '@cohort/domain';
import { api } from './api-client';
import { engineUrl } from './call';
import { appStore } from './store';

/**
 * Sends a rendering error to the console errors' create call with the current token,
 * bypassing the error toasts; a failure to report is ignored.
 */
export async function reportFrontendError(error: unknown, componentStack?: string | null): Promise<void> {
  const token = appStore.getState().token;
  if (!token) return;
  const err = error instanceof Error ? error : new Error(String(error));
  try {
    await api.post(
      engineUrl(frontendErrorResource, 'create'),
      {
        message: (err.message || err.name || 'Unknown error').slice(0, 2000),
        stack: err.stack?.slice(0, 20_000),
        componentStack: componentStack?.slice(0, 20_000) || undefined,
        url: window.location.href.slice(0, 2000),
        userAgent: navigator.userAgent.slice(0, 500),
      },
      { token, silent: true },
    );
  } catch {
    // reporting is best effort
  }
}
