import { describe, expect, it } from 'vitest';

import { profileSetupHref, readReturnTo } from './profile-return';

describe('the way back from a first profile save', () => {
  it('goes back to checkout or the quote request, nowhere else', () => {
    expect(profileSetupHref('/checkout')).toBe('/profile?returnTo=%2Fcheckout');
    expect(readReturnTo('/checkout')).toBe('/checkout');
    expect(readReturnTo('/request-quote')).toBe('/request-quote');
    expect(readReturnTo('https://example.com')).toBeNull();
    expect(readReturnTo('/admin-dashboard')).toBeNull();
    expect(readReturnTo(null)).toBeNull();
  });
});
