import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { appStore } from '../lib/store';

/** Keeps isMobileView in the store in step with the viewport; the store bumps viewChangeCounter on a flip. */
export function useMobileViewSync(): void {
  const isMobile = useMediaQuery(`(max-width: ${em(767)})`, appStore.getState().isMobileView, {
    getInitialValueInEffect: false,
  });
  useEffect(() => {
    if (isMobile !== undefined) appStore.getState().setMobileView(isMobile);
  }, [isMobile]);
}
