import { describe, expect, it } from 'vitest';

import { describeDuration } from './duration';

describe('describeDuration', () => {
  it.each([
    [45, 'booking.duration.minutes', 0, 45],
    [60, 'booking.duration.hours', 1, 0],
    [150, 'booking.duration.hoursMinutes', 2, 30],
    [0, 'booking.duration.minutes', 0, 0],
  ])('%i min -> %s', (total, key, hours, minutes) => {
    expect(describeDuration(total)).toEqual({ key, values: { hours, minutes } });
  });
});
