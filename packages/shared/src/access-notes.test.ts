import { describe, expect, it } from 'vitest';
import { accessWindowOf, isAccessWindowOpen, looksLikeAccessCode } from './access-notes.ts';

const TZ = 'America/Toronto';
const visit = (start: string, end: string, more: { status?: string; step?: string } = {}) => ({
  appointmentDate: new Date(start),
  endsAt: new Date(end),
  status: more.status ?? 'confirmed',
  step: more.step ?? 'planned',
});

describe('the window a visit’s cleaner reads the access notes in (decision 065)', () => {
  it('opens at 00:00 business time the day before the visit and closes at its end', () => {
    // Thursday 3 December 2026, 10:00-12:00 in Toronto (UTC-5).
    const v = visit('2026-12-03T15:00:00Z', '2026-12-03T17:00:00Z');
    expect(accessWindowOf(v, TZ)).toEqual({
      opensAt: new Date('2026-12-02T05:00:00Z'),
      closesAt: new Date('2026-12-03T17:00:00Z'),
    });
    expect(isAccessWindowOpen(v, TZ, new Date('2026-12-02T04:59:59Z'))).toBe(false);
    expect(isAccessWindowOpen(v, TZ, new Date('2026-12-02T05:00:00Z'))).toBe(true);
    expect(isAccessWindowOpen(v, TZ, new Date('2026-12-03T16:59:59Z'))).toBe(true);
    expect(isAccessWindowOpen(v, TZ, new Date('2026-12-03T17:00:00Z'))).toBe(false);
  });

  it('takes the business day, not UTC’s, and the day before across a daylight-saving change', () => {
    // Monday 9 March 2026 at 20:00 Toronto is 00:00 UTC the 10th; clocks went forward on Sunday the 8th.
    const v = visit('2026-03-10T00:00:00Z', '2026-03-10T02:00:00Z');
    // The day before is Sunday 8 March, whose midnight is still at UTC-5.
    expect(accessWindowOf(v, TZ)?.opensAt).toEqual(new Date('2026-03-08T05:00:00Z'));
    // Monday 2 November 2026 09:00 (UTC-5); the day before, Sunday 1 November, began at UTC-4.
    const after = visit('2026-11-02T14:00:00Z', '2026-11-02T16:00:00Z');
    expect(accessWindowOf(after, TZ)?.opensAt).toEqual(new Date('2026-11-01T04:00:00Z'));
  });

  it('is closed for good once the visit is cancelled, completed or ended at the door', () => {
    const at = new Date('2026-12-03T15:30:00Z');
    for (const more of [
      { status: 'cancelled' },
      { status: 'completed' },
      { step: 'completed' },
      { step: 'noAccess' },
    ])
      expect(isAccessWindowOpen(visit('2026-12-03T15:00:00Z', '2026-12-03T17:00:00Z', more), TZ, at)).toBe(
        false,
      );
    expect(
      isAccessWindowOpen(visit('2026-12-03T15:00:00Z', '2026-12-03T17:00:00Z', { step: 'arrived' }), TZ, at),
    ).toBe(true);
  });
});

describe('comments that look like an access code', () => {
  it.each([
    'Door code 4521',
    'Alarm: 9 0 9 0 then off',
    'Le digicode est 4B52, clé 7781 sous le pot',
    'Code porte 12-34-56',
    'Lockbox #3321 by the garage',
    'boîte à clés 8080',
    'Alarme 1234*',
  ])('flags “%s”', (text) => {
    expect(looksLikeAccessCode(text)).toBe(true);
  });

  it.each([
    'Please call 416-555-0199 when you arrive',
    'Bring 3 extra towels',
    'The key is under the mat',
    'Apartment 1203',
    'Keycode', // a word, no digits
    '',
    null,
  ])('leaves “%s”', (text) => {
    expect(looksLikeAccessCode(text)).toBe(false);
  });
});
