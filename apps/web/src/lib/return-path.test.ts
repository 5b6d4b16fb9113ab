import { describe, expect, it } from 'vitest';
import { isLoginAddress, loginHref, returnPathOf, safeReturnPath } from './return-path';

// Decision 036: only same-origin relative paths are followed after a login.
const HOSTILE = [
  '//evil.com',
  '//evil.com/learners',
  '///evil.com',
  'https://evil.com',
  'http://evil.com/learners',
  'HTTPS://evil.com',
  '/\\evil.com',
  '/\\/evil.com',
  '\\\\evil.com',
  '/..//evil.com',
  '/learners/..//evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  ' /learners',
  'learners',
  '',
  '/',
];

describe('safeReturnPath', () => {
  it.each(HOSTILE)('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
    expect(loginHref(value)).toBe('/');
    expect(returnPathOf(`/?next=${encodeURIComponent(value)}`)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
    expect(safeReturnPath(['/learners'])).toBeNull();
  });

  it('keeps a console path with its query and hash', () => {
    expect(safeReturnPath('/learners/2016')).toBe('/learners/2016');
    expect(safeReturnPath('/learners/2016?tab=isa#flags')).toBe('/learners/2016?tab=isa#flags');
    const filters = encodeURIComponent('[{"field":"userStatus","operator":"=","value":"Active"}]');
    expect(safeReturnPath(`/learners?filters=${filters}&page=2`)).toBe(`/learners?filters=${filters}&page=2`);
    expect(safeReturnPath('/?tab=studies')).toBe('/?tab=studies');
  });
});

describe('returnPathOf and loginHref', () => {
  it('carries the page in the login address and reads it back', () => {
    const href = loginHref('/learners/2016?tab=isa');
    expect(href).toBe('/?next=%2Flearners%2F2016%3Ftab%3Disa');
    expect(isLoginAddress(href)).toBe(true);
    expect(returnPathOf(href)).toBe('/learners/2016?tab=isa');
  });

  it('reads a page from its own address, and nothing from the root path', () => {
    expect(returnPathOf('/learners/2016?tab=isa')).toBe('/learners/2016?tab=isa');
    expect(returnPathOf('/')).toBeNull();
    expect(loginHref(null)).toBe('/');
  });

  it('unwraps a login address carried inside a login address', () => {
    expect(returnPathOf(`/?next=${encodeURIComponent(loginHref('/blogs?page=2'))}`)).toBe('/blogs?page=2');
  });

  it('knows the login address from any other', () => {
    expect(isLoginAddress('/')).toBe(true);
    expect(isLoginAddress('/?next=%2Fblogs')).toBe(true);
    expect(isLoginAddress('/?tab=studies')).toBe(false);
    expect(isLoginAddress('/blogs')).toBe(false);
  });
});
