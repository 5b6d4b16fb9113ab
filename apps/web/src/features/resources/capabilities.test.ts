import { companyResource, orderResource, testimonialResource } from '@cohort/domain';
import { describe, expect, it } from 'vitest';
import { registrationByPath } from '../../app/resources/registry';
import { capabilitiesFor, defForRole } from './capabilities';
import { move } from './components/reorder-dialog';

describe('defForRole mirrors the server’s field permissions', () => {
  it('drops fields a role may not read and takes fields it may not set out of its forms', () => {
    const names = (role: Parameters<typeof defForRole>[1]) =>
      defForRole(companyResource, role).fields.map((f) => [f.name, Boolean(f.form)]);
    expect(names('MARKETING').map(([n]) => n)).not.toContain('contactEmail');
    expect(names('STRATEGIC_PARTNERSHIP')).toContainEqual(['contactEmail', false]);
    expect(names('HR')).toContainEqual(['contactEmail', true]);
    expect(names('ADMIN')).toContainEqual(['contactEmail', true]);
    // A definition without field rules is returned as it is.
    expect(defForRole(orderResource, 'MARKETING')).toBe(orderResource);
  });
});

describe('capabilities', () => {
  it('offers Reorder where the resource keeps an order and the role may reorder it', () => {
    const testimonials = registrationByPath(testimonialResource.path)!;
    expect(capabilitiesFor(testimonials, 'MARKETING').reorder).toBe(true);
    expect(capabilitiesFor(testimonials, 'MENTOR').reorder).toBe(false);
    expect(capabilitiesFor(registrationByPath('blog')!, 'MARKETING').reorder).toBe(false);
  });

  it('moves an item to a new place, leaving the others in order', () => {
    expect(move(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });
});
