import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/**
 * A text box whose value lives in the URL: typing updates the URL after a pause, and a
 * URL change made elsewhere (history back/forward, a link) replaces the text. Keystrokes
 * typed while the pause runs are never overwritten by the URL catching up.
 */
export function useUrlSearchText(
  urlValue: string | undefined,
  commit: (value: string | undefined) => void,
  delayMs = 350,
): [string, (next: string) => void] {
  const [text, setText] = useState(urlValue ?? '');
  // What the URL last held, as this hook wrote or saw it.
  const known = useRef(urlValue ?? '');
  const debounced = useDebouncedCallback((value: string) => {
    const trimmed = value.trim();
    known.current = trimmed;
    commit(trimmed || undefined);
  }, delayMs);

  useEffect(() => {
    const current = urlValue ?? '';
    if (current === known.current) return;
    known.current = current;
    debounced.cancel();
    setText(current);
  }, [urlValue, debounced]);

  const change = (next: string) => {
    setText(next);
    debounced(next);
  };
  return [text, change];
}
