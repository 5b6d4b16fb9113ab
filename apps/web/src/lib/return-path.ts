/**
 * The page to return to after a login (decision 036). It travels in the login page's URL,
 * `/?next=/learners/2016?tab=isa`, never in local storage: logging out and a rendering error
 * clear storage (spec §4, §8), and a shared link opened in a fresh browser has none.
 */

/** The query parameter of the root path that carries the page to return to. */
export const NEXT_PARAM = 'next';

const BASE = 'http://console.invalid';

/**
 * A same-origin path (with its query and hash), normalised, or null: anything that could leave
 * the console (`//evil.com`, `/\evil.com`, `https://…`, `javascript:…`, a path that resolves
 * to `//…`) is refused, and so is the root path itself (it needs no return).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 8000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read a backslash as a slash and drop tabs and newlines: `/\evil.com` is `//evil.com`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/..//evil.com` resolves to `//evil.com`.
  if (path.startsWith('//') || path === '/') return null;
  return path;
}

/**
 * The page an address asks for once logged in: the address itself, or, for the login page's
 * own address (`/?next=…`), the page it carries. Null for the Dashboard.
 */
export function returnPathOf(href: string): string | null {
  let current: string | null = href;
  // A login address inside a login address (an error on the login page) is unwrapped.
  for (let depth = 0; current !== null && depth < 4; depth++) {
    let url: URL;
    try {
      url = new URL(current, BASE);
    } catch {
      return null;
    }
    if (url.origin !== BASE) return null;
    if (url.pathname !== '/' || !url.searchParams.has(NEXT_PARAM)) return safeReturnPath(current);
    current = safeReturnPath(url.searchParams.get(NEXT_PARAM));
  }
  return null;
}

/** The login page's address that returns to `path` (the root path alone when there is none). */
export function loginHref(path: string | null): string {
  const next = path === null ? null : safeReturnPath(path);
  return next ? `/?${new URLSearchParams({ [NEXT_PARAM]: next })}` : '/';
}

/** The address shown now (the console runs on browser history). */
export function currentHref(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** True for the login page's own address: the root path with nothing but (at most) `next`. */
export function isLoginAddress(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href, BASE);
  } catch {
    return false;
  }
  return url.origin === BASE && url.pathname === '/' && [...url.searchParams.keys()].every((k) => k === NEXT_PARAM);
}
