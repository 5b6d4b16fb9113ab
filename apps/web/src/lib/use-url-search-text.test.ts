import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUrlSearchText } from './use-url-search-text';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(initial: string | undefined) {
  const commit = vi.fn<(value: string | undefined) => void>();
  const hook = renderHook(({ url }) => useUrlSearchText(url, commit, 300), {
    initialProps: { url: initial },
  });
  return { commit, hook };
}

describe('useUrlSearchText', () => {
  it('starts from the URL and commits the trimmed text after the pause', () => {
    const { commit, hook } = setup('ada');
    expect(hook.result.current[0]).toBe('ada');
    act(() => hook.result.current[1]('  grace '));
    expect(hook.result.current[0]).toBe('  grace ');
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(commit).toHaveBeenCalledWith('grace');
  });

  it('commits undefined for blank text, so the URL drops the key', () => {
    const { commit, hook } = setup('ada');
    act(() => hook.result.current[1]('   '));
    act(() => vi.advanceTimersByTime(300));
    expect(commit).toHaveBeenCalledWith(undefined);
  });

  it('takes the URL value when it changes elsewhere (history back)', () => {
    const { commit, hook } = setup('ada');
    hook.rerender({ url: 'linus' });
    expect(hook.result.current[0]).toBe('linus');
    hook.rerender({ url: undefined });
    expect(hook.result.current[0]).toBe('');
    expect(commit).not.toHaveBeenCalled();
  });

  it('keeps keystrokes typed after its own commit while the URL catches up', () => {
    const { commit, hook } = setup(undefined);
    act(() => hook.result.current[1]('gr'));
    act(() => vi.advanceTimersByTime(300));
    expect(commit).toHaveBeenLastCalledWith('gr');
    act(() => hook.result.current[1]('grace'));
    // The router now reflects the first commit; the newer text must survive it.
    hook.rerender({ url: 'gr' });
    expect(hook.result.current[0]).toBe('grace');
    act(() => vi.advanceTimersByTime(300));
    expect(commit).toHaveBeenLastCalledWith('grace');
  });

  it('drops a pending commit when the URL moves elsewhere first', () => {
    const { commit, hook } = setup('ada');
    act(() => hook.result.current[1]('adal'));
    hook.rerender({ url: 'linus' });
    act(() => vi.advanceTimersByTime(300));
    expect(commit).not.toHaveBeenCalled();
    expect(hook.result.current[0]).toBe('linus');
  });
});
