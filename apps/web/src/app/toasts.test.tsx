import { TOAST_AUTO_CLOSE_MS } from '@cohort/domain/enums';
import { DEFAULT_THEME, MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_HEADER_HEIGHT, PAGE_ACTIONS_ATTRIBUTE, Toasts } from './toasts';

/** px of a Mantine size written as `calc(Xrem * var(--mantine-scale))`. */
const px = (size: string) => Number(/([\d.]+)rem/.exec(size)?.[1]) * 16;

/** The console with a page whose action row ends at `bottom` px (jsdom lays nothing out). */
async function showToastOver(row?: { bottom: number }) {
  const { baseElement } = render(
    <MantineProvider env="test">
      {row && (
        <div
          {...{ [PAGE_ACTIONS_ATTRIBUTE]: '' }}
          ref={(el) => {
            if (el) mockBox(el, row.bottom);
          }}
        >
          <button type="button">Export CSV</button>
        </div>
      )}
      <Toasts />
    </MantineProvider>,
  );
  act(() => {
    notifications.show({ message: 'Saved' });
  });
  await screen.findByText('Saved');
  const corner = baseElement.querySelector<HTMLElement>('.mantine-Notifications-root[data-position="top-right"]');
  expect(corner?.textContent).toContain('Saved');
  return Number.parseFloat(corner?.style.getPropertyValue('--toast-top') ?? '');
}
function mockBox(el: HTMLElement, bottom: number) {
  el.getBoundingClientRect = () => ({ top: bottom - 40, bottom, height: 40 }) as DOMRect;
}
afterEach(() => act(() => cleanNotifications()));

describe('toasts (issue 18, finding 8)', () => {
  it('stay top-right for 5 s, starting below the header and a page action row', async () => {
    const top = await showToastOver();
    // Below the header, the page's padding (md) and the page's first row: its h1's line box and
    // the action buttons (36 px) beside it.
    const h1 = DEFAULT_THEME.headings.sizes.h1;
    const titleRow = Math.max(px(h1.fontSize) * Number(h1.lineHeight), 36);
    expect(top).toBeGreaterThanOrEqual(APP_HEADER_HEIGHT + px(DEFAULT_THEME.spacing.md) + titleRow);
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
  });

  it('start below a taller action row (wrapped on a narrow screen)', async () => {
    expect(await showToastOver({ bottom: 230 })).toBeGreaterThan(230);
  });

  it('ignore a row scrolled away or low on the screen', async () => {
    const lowest = await showToastOver({ bottom: window.innerHeight - 10 });
    expect(lowest).toBeLessThan(window.innerHeight / 2);
  });
});
