import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingScreen, MOTIVATIONAL_QUOTES, pickQuote } from './loading-screen';

describe('LoadingScreen', () => {
  it('holds about 21 quotes and picks one at random', () => {
    expect(MOTIVATIONAL_QUOTES.length).toBe(21);
    expect(pickQuote(() => 0)).toBe(MOTIVATIONAL_QUOTES[0]);
    expect(pickQuote(() => 0.9999)).toBe(MOTIVATIONAL_QUOTES[20]);
  });

  it('shows an animated loader and never a quote', () => {
    const { container } = render(
      <MantineProvider env="test">
        <LoadingScreen />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
    for (const q of MOTIVATIONAL_QUOTES) expect(container.textContent).not.toContain(q);
  });
});
