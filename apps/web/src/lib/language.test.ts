import { describe, expect, it } from 'vitest';

import { pickInitialLanguage } from './language';

describe('pickInitialLanguage', () => {
  it('prefers the stored choice', () => {
    expect(pickInitialLanguage('fr', ['en-CA'])).toBe('fr');
    expect(pickInitialLanguage('en', ['fr-CA'])).toBe('en');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(pickInitialLanguage('de', ['fr-CA'])).toBe('fr');
  });

  it('takes the first supported browser language, region dropped', () => {
    expect(pickInitialLanguage(null, ['de-DE', 'fr-CA', 'en-US'])).toBe('fr');
    expect(pickInitialLanguage(undefined, ['FR'])).toBe('fr');
  });

  it('falls back to English', () => {
    expect(pickInitialLanguage(null, [])).toBe('en');
    expect(pickInitialLanguage(null, ['es-MX', 'de'])).toBe('en');
  });
});
