import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Root } from './root';

// Issue 8, finding 15: toasts stay top-right (spec §9) without covering the header.

describe('toasts', () => {
  it('sit top-right below the header, so they never cover the user name or Log out', async () => {
    render(<Root />);
    const container = await vi.waitFor(() => {
      const el = document.querySelector<HTMLElement>('.mantine-Notifications-root[data-position="top-right"]');
      if (!el) throw new Error('no toast container yet');
      return el;
    });
    expect(container.style.top).toBe('68px');
  });
});
