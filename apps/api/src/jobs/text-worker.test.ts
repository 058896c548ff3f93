import { describe, expect, it } from 'vitest';
import { fromLocal } from '@eclat/shared';
import { textSendableAt } from './text-worker.ts';

const TZ = 'America/Toronto';
const QUIET = { from: 21, until: 8 };
const local = (date: string, hour: number, minute = 0) => fromLocal(date, hour, minute, TZ);

/** Quiet hours (decision 067): no text from 21:00 to 08:00 business time unless it is about today's visit. */
describe('textSendableAt', () => {
  it('sends at once between 08:00 and 21:00', () => {
    const now = local('2026-06-10', 8);
    expect(textSendableAt(now, local('2026-06-15', 10), TZ, QUIET)).toEqual(now);
    const evening = local('2026-06-10', 20, 59);
    expect(textSendableAt(evening, local('2026-06-15', 10), TZ, QUIET)).toEqual(evening);
  });

  it('defers a text decided at 23:50 to 08:00 the next day, and one at 02:00 to 08:00 the same day', () => {
    expect(textSendableAt(local('2026-06-10', 23, 50), local('2026-06-15', 10), TZ, QUIET)).toEqual(
      local('2026-06-11', 8),
    );
    expect(textSendableAt(local('2026-06-10', 21), local('2026-06-15', 10), TZ, QUIET)).toEqual(
      local('2026-06-11', 8),
    );
    expect(textSendableAt(local('2026-06-11', 2), local('2026-06-15', 10), TZ, QUIET)).toEqual(
      local('2026-06-11', 8),
    );
  });

  it("sends at once in the quiet hours a text about today's visit", () => {
    const early = local('2026-06-11', 7, 45);
    expect(textSendableAt(early, local('2026-06-11', 9), TZ, QUIET)).toEqual(early);
    // Tomorrow's visit at 23:00 is not today's: 08:00.
    expect(textSendableAt(local('2026-06-10', 23), local('2026-06-11', 9), TZ, QUIET)).toEqual(
      local('2026-06-11', 8),
    );
  });

  it('keeps 08:00 local across the daylight-saving changes (a 25-hour and a 23-hour night)', () => {
    // 2026-11-01: clocks go back at 02:00 in Toronto; 2026-03-08: forward.
    const fallBack = textSendableAt(local('2026-10-31', 22), local('2026-11-05', 10), TZ, QUIET);
    expect(fallBack).toEqual(local('2026-11-01', 8));
    expect(fallBack.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    const springForward = textSendableAt(local('2026-03-07', 22), local('2026-03-12', 10), TZ, QUIET);
    expect(springForward.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // The day after the change, 23:50 still waits until 08:00.
    expect(
      textSendableAt(local('2026-11-02', 23, 50), local('2026-11-06', 10), TZ, QUIET).toISOString(),
    ).toBe('2026-11-03T13:00:00.000Z');
  });

  it('sends whatever the hour with SMS_QUIET_HOURS=off', () => {
    const night = local('2026-06-10', 23, 50);
    expect(textSendableAt(night, local('2026-06-15', 10), TZ, null)).toEqual(night);
  });
});
