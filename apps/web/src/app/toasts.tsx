import { TOAST_AUTO_CLOSE_MS } from '@cohort/domain/enums';
import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';

/** The console's header (app/layout/app-layout.tsx). */
export const APP_HEADER_HEIGHT = 60;
/** The page's padding above its first row (AppShell `padding="md"`). */
const PAGE_PADDING = 16;
/**
 * A page's first row: its title (an h1, 34 px at line height 1.3 = 44 px) with its actions on the
 * right (Export CSV, Change status, New: 36 px buttons), a little room for the badges beside them.
 */
const PAGE_ACTION_ROW = 48;
const GAP = 10;
/** Where the top-right toasts begin: below the header and the page's own action row. */
export const TOAST_TOP_PX = APP_HEADER_HEIGHT + PAGE_PADDING + PAGE_ACTION_ROW + GAP;

/**
 * Toasts top-right for 5 s (spec §9), started below the page's action row so they never cover
 * what the user reaches for next (issue 18, finding 8). The offset is a CSS variable that
 * app/global.css applies to the top-right corner only (every corner has its own container).
 */
export function Toasts() {
  return (
    <Notifications
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      style={{ '--toast-top': `${TOAST_TOP_PX}px` } as CSSProperties}
    />
  );
}
