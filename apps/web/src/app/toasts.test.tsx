import { TOAST_AUTO_CLOSE_MS } from '@cohort/domain/enums';
import { DEFAULT_THEME, MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_HEADER_HEIGHT, Toasts } from './toasts';

/** px of a Mantine size written as `calc(Xrem * var(--mantine-scale))`. */
const px = (size: string) => Number(/([\d.]+)rem/.exec(size)?.[1]) * 16;

describe('toasts (issue 18, finding 8)', () => {
  it('stay top-right for 5 s, starting below the header and the page action row', async () => {
    const { baseElement } = render(
      <MantineProvider env="test">
        <Toasts />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ message: 'Saved' });
    });
    await screen.findByText('Saved');
    const corner = baseElement.querySelector<HTMLElement>('.mantine-Notifications-root[data-position="top-right"]');
    expect(corner?.textContent).toContain('Saved');
    const top = Number.parseFloat(corner?.style.getPropertyValue('--toast-top') ?? '');
    // Below the header, the page's padding (md) and the page's first row: its h1's line box and
    // the action buttons (36 px) beside it.
    const h1 = DEFAULT_THEME.headings.sizes.h1;
    const titleRow = Math.max(px(h1.fontSize) * Number(h1.lineHeight), 36);
    expect(top).toBeGreaterThanOrEqual(APP_HEADER_HEIGHT + px(DEFAULT_THEME.spacing.md) + titleRow);
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
  });
});
