import { describe, expect, it } from 'vitest';

import en from '../../public/locales/en/translation.json';
import fr from '../../public/locales/fr/translation.json';

import { createTranslator } from './translator';

describe('createTranslator', () => {
  const tree = {
    nav: { home: 'Home' },
    hello: 'Hello {{name}}, {{ name }}!',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
  };

  it('reads dotted keys and fills placeholders', () => {
    const { t } = createTranslator('en', tree);
    expect(t('nav.home')).toBe('Home');
    expect(t('hello', { name: 'Ana' })).toBe('Hello Ana, Ana!');
    expect(t('hello', { name: { toString: () => 'x' } })).toBe('Hello {{name}}, {{ name }}!');
  });

  it('picks the plural form by the language’s rules: French counts 0 and 1 as one', () => {
    expect(createTranslator('en', tree).t('items', { count: 0 })).toBe('0 items');
    expect(createTranslator('en', tree).t('items', { count: 1 })).toBe('1 item');
    expect(createTranslator('fr', tree).t('items', { count: 0 })).toBe('0 item');
    expect(createTranslator('fr', tree).t('items', { count: 2 })).toBe('2 items');
    // CLDR "many" (French millions) falls back to "other".
    expect(createTranslator('fr', tree).t('items', { count: 1_000_000 })).toBe('1000000 items');
  });

  it('shows the default value, else the key, for a missing text; exists says which keys are there', () => {
    const translator = createTranslator('en', tree);
    expect(translator.t('nav.missing', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(translator.t('nav.missing')).toBe('nav.missing');
    expect(translator.t('nav')).toBe('nav');
    expect(translator.exists('nav.home')).toBe(true);
    expect(translator.exists('items')).toBe(true);
    expect(translator.exists('nav')).toBe(false);
    expect(translator.exists('nav.home.deeper')).toBe(false);
  });

  it('reads the real catalogues, plurals included, in both languages', () => {
    expect(createTranslator('en', en).t('feedback.starsLabel', { count: 1 })).toMatch(/1/);
    expect(createTranslator('fr', fr).t('services.duration', { count: 90 })).toMatch(/90/);
    expect(createTranslator('fr', fr).t('brand.name')).toBe('Éclat');
  });
});
