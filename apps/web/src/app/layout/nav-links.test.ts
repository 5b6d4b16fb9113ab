import { describe, expect, it } from 'vitest';
import { navGroupsFor, navLinksFor } from './nav-links';

const labels = (role: Parameters<typeof navLinksFor>[0]) => navLinksFor(role).map((l) => l.label);
const groups = (role: Parameters<typeof navLinksFor>[0]) =>
  navGroupsFor(role).map((g) => [g.area, g.links.map((l) => l.label)]);

describe('navigation', () => {
  it('gives ADMIN every screen, grouped by area; bespoke pages register into their area', () => {
    expect(groups('ADMIN')).toEqual([
      [null, ['Dashboard']],
      [
        'Learners',
        [
          'Learners',
          'Messages',
          'Task submissions',
          'Flags',
          'Flag comments',
          'Strikes',
          'Not-working warnings',
          'Reactivation requests',
          'Holds',
          'Mail outbox',
          'Subscriptions',
          'Upfront deposits',
          'CRM leads',
          'Appointments',
        ],
      ],
      ['Content', ['Blogs', 'Events', 'Testimonials', 'Companies', 'Products', 'Orders']],
      ['Placements', ['Job roles', 'Placement queue']],
      [
        'Configuration',
        [
          'Plans',
          'Hold types',
          'ISA types',
          'Degrees',
          'Degree categories',
          'Locations',
          'AI prompts',
          'Website configuration',
          'Cards',
          'User types',
          'User type conditions',
          'User type cards',
        ],
      ],
      ['Support', ['Enquiries', 'Call history', 'Questions', 'Answers']],
      ['Administration', ['Audit log', 'Server errors', 'Console errors', 'Roles', 'Security']],
    ]);
  });

  it('hides what the role may not list, and areas left empty', () => {
    expect(labels('MARKETING')).toEqual([
      'Dashboard',
      'CRM leads',
      'Blogs',
      'Events',
      'Testimonials',
      'Companies',
      'Products',
      'Orders',
      'Plans',
      'Degrees',
      'Degree categories',
      'Locations',
      'Website configuration',
      'Cards',
      'User types',
      'User type conditions',
      'User type cards',
      'Enquiries',
      'Call history',
      'Security',
    ]);
    expect(groups('HR').map(([area]) => area)).toEqual([
      null,
      'Learners',
      'Content',
      'Placements',
      'Configuration',
      'Administration',
    ]);
    expect(labels('MENTOR')).toEqual(expect.arrayContaining(['Learners', 'Events', 'AI prompts', 'Roles', 'Security']));
    expect(labels('MENTOR')).not.toContain('Blogs');
    expect(labels('MOTIVATOR')).toContain('Roles');
    expect(labels('NEGOTIATOR')).not.toContain('Roles');
    // The placement queue is the negotiator's; roles that make no placement moves do not see it.
    expect(labels('NEGOTIATOR')).toContain('Placement queue');
    expect(labels('MOTIVATOR')).not.toContain('Placement queue');
    // Staff who talk to learners reach their messages; the rest do not.
    for (const role of ['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR'] as const) expect(labels(role)).toContain('Messages');
    for (const role of ['MARKETING', 'COLLEGE_ADMIN', 'KEY_ACCOUNT_MANAGER'] as const)
      expect(labels(role)).not.toContain('Messages');
  });

  it('gives a logged-out visitor nothing', () => {
    expect(labels(null)).toEqual([]);
  });
});
