import { TOAST_AUTO_CLOSE_MS } from '@cohort/domain/enums';
import { Notifications, useNotifications } from '@mantine/notifications';
import { type CSSProperties, useLayoutEffect, useState } from 'react';

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
/** Where the top-right toasts begin at least: below the header and a page's one-line action row. */
export const TOAST_TOP_PX = APP_HEADER_HEIGHT + PAGE_PADDING + PAGE_ACTION_ROW + GAP;

/**
 * Marks a row of a page's actions (and any header that stays on screen with actions or badges):
 * a toast shown while it is near the top of the screen starts below it, however tall it is
 * (a row that wrapped on a narrow screen).
 */
export const PAGE_ACTIONS_ATTRIBUTE = 'data-page-actions';

/** The toasts' top: below every marked row in the upper half of the screen, and never above the default. */
export function toastTop(): number {
  let top = TOAST_TOP_PX;
  for (const row of document.querySelectorAll(`[${PAGE_ACTIONS_ATTRIBUTE}]`)) {
    const { bottom, height } = row.getBoundingClientRect();
    // A row scrolled away, or low on the screen, is not under the toasts' corner.
    if (height > 0 && bottom > 0 && bottom <= window.innerHeight / 2) top = Math.max(top, Math.ceil(bottom) + GAP);
  }
  return top;
}

/**
 * Toasts top-right for 5 s (spec §9), started below the page's action row so they never cover
 * what the user reaches for next (issue 18, finding 8). The offset is measured when a toast
 * appears and set as a CSS variable that app/global.css applies to the top-right corner only
 * (every corner has its own container).
 */
export function Toasts() {
  const shown = useNotifications().notifications.length;
  const [top, setTop] = useState(TOAST_TOP_PX);
  useLayoutEffect(() => {
    if (shown > 0) setTop(toastTop());
  }, [shown]);
  return (
    <Notifications
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      style={{ '--toast-top': `${top}px` } as CSSProperties}
    />
  );
}
