import { describe, expect, it } from 'vitest';

import { isActivePath } from './navigation';

describe('isActivePath', () => {
  it('marks the page and its sub-pages, the home page only itself', () => {
    expect(isActivePath('/services', '/services')).toBe(true);
    expect(isActivePath('/appointments/42', '/appointments')).toBe(true);
    expect(isActivePath('/appointments/42', '/appointments', true)).toBe(false);
    expect(isActivePath('/appointmentsx', '/appointments')).toBe(false);
    expect(isActivePath('/services', '/')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/services', '/services?lang=fr')).toBe(true);
  });
});
