import { describe, expect, it } from 'vitest';
import { LOCALES } from '@eclat/shared';
import { renderText, TEXT_KINDS } from './templates.ts';

const ctx = { brandName: 'Éclat', timeZone: 'America/Toronto' };

describe('text templates', () => {
  it('says the visit in the recipient language, with the opt-out word', () => {
    const start = '2026-12-01T14:00:00.000Z';
    expect(renderText('booking-confirmation', { startsAt: start }, 'en', ctx).body).toBe(
      'Éclat: your cleaning is booked for Tue, Dec 1, 9:00 a.m. Reply STOP to opt out.',
    );
    expect(renderText('appointment-reminder', { startsAt: start }, 'fr', ctx).body).toBe(
      'Rappel Éclat : ménage le mar. 1 déc., 9 h 00. STOP = fin des textos',
    );
  });

  it('fits one segment for every kind, language and month (GSM-7 but for "août", which fits in UCS-2)', () => {
    const seen: string[] = [];
    for (const kind of TEXT_KINDS) {
      for (const locale of LOCALES) {
        for (let month = 0; month < 12; month += 1) {
          // The longest day and time: a Wednesday the 28th or so at 10:30 (the hour has two digits).
          const start = new Date(Date.UTC(2026, month, 28, 15, 30)).toISOString();
          const { body, length } = renderText(kind, { startsAt: start }, locale, ctx);
          expect(length.segments, body).toBe(1);
          const accentOutsideGsm = locale === 'fr' && month === 7;
          expect(length.encoding, body).toBe(accentOutsideGsm ? 'UCS-2' : 'GSM-7');
          seen.push(`${length.encoding} ${length.units}`);
        }
      }
    }
    expect(seen).toHaveLength(48);
  });
});
