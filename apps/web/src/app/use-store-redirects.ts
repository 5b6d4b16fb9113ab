import type { AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { safeReturnPath } from '../lib/return-path';
import { appStore } from '../lib/store';

/**
 * Performs navigations requested from outside React (api client: logout, 404; login: the page
 * to return to) through the store's `redirectTo`. A request is an address with its query
 * (`/?next=…`, `/learners?filters=…`); anything but a same-origin path goes to the root path.
 */
export function useStoreRedirects(router: AnyRouter | null): void {
  useEffect(() => {
    if (!router) return;
    const go = (to: string | null) => {
      if (!to) return;
      appStore.getState().requestRedirect(null);
      void router.navigate({ href: safeReturnPath(to) ?? '/', replace: true });
    };
    go(appStore.getState().redirectTo);
    return appStore.subscribe((s, prev) => {
      if (s.redirectTo !== prev.redirectTo) go(s.redirectTo);
    });
  }, [router]);
}
