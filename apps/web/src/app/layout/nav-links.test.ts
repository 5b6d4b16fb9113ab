import { describe, expect, it } from 'vitest';
import { navLinksFor } from './nav-links';

const labels = (role: Parameters<typeof navLinksFor>[0]) => navLinksFor(role).map((l) => l.label);

describe('navLinksFor', () => {
  it('gives ADMIN every screen in order', () => {
    expect(labels('ADMIN')).toEqual([
      'Dashboard',
      'Learners',
      'Blogs',
      'Events',
      'Audit log',
      'Roles',
      'Server errors',
      'Console errors',
      'Security',
    ]);
  });

  it('hides what the role may not list', () => {
    expect(labels('MARKETING')).toEqual(['Dashboard', 'Blogs', 'Events', 'Security']);
    expect(labels('MENTOR')).toEqual(['Dashboard', 'Learners', 'Events', 'Roles', 'Security']);
    expect(labels('HR')).toEqual(['Dashboard', 'Learners', 'Roles', 'Security']);
    expect(labels('MOTIVATOR')).toContain('Roles');
    expect(labels('NEGOTIATOR')).not.toContain('Roles');
  });

  it('gives a logged-out visitor nothing', () => {
    expect(labels(null)).toEqual([]);
  });
});
