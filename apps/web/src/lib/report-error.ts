import { api } from './api-client';
import { appStore } from './store';

/**
 * Sends a rendering error to the console errors' create call with the current token,
 * bypassing the error toasts; a failure to report is ignored. The error boundary is part of the
 * first paint, so the domain's definitions (zod and every schema) are loaded only when an error
 * is reported, not with it (e2e/tests/12-delivery.spec.ts holds the first paint's budget).
 */
export async function reportFrontendError(error: unknown, componentStack?: string | null): Promise<void> {
  const token = appStore.getState().token;
  if (!token) return;
  const err = error instanceof Error ? error : new Error(String(error));
  try {
    const [{ frontendErrorResource }, { engineUrl }] = await Promise.all([import('@cohort/domain'), import('./call')]);
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
