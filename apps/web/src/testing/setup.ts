import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { misfits } from './stub-call';

// jsdom lacks what Mantine measures with.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};
if (!('fonts' in document)) {
  // Mantine's autosize textarea listens for font loading.
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

afterEach(() => {
  // A stub that is not its call's declared answer fails the test that used it (testing/stub-call.ts).
  const misfit = misfits.splice(0);
  if (misfit.length) throw new Error(misfit.join('\n'));
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});
