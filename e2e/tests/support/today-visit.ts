import type { Page } from '@playwright/test';
import { todayIn } from '@eclat/shared';
import { BUSINESS_TIME_ZONE } from './business-time.ts';
import { onServerDatabase } from './accounts.ts';
import { moveVisitToDay } from '../../../apps/api/test/visit-day.ts';

/**
 * A visit of today for a test that records its steps (decision 063: a visit's steps start on its business
 * day), whatever the hour the tests run: 23:50 or 03:00 in Toronto, after closing, the day after a change of the
 * clocks. No booking makes one (a past time of today, or after closing, is refused to the office too), so
 * the test books a day of its own ahead as before, then moves the visit to today at the same business-local
 * time with the appointments repository's own update (`moveVisitToDay`) on the server's database (the test
 * server's unless `dataDir` is told). Returns the day and the instant it was read at.
 */
export async function moveToToday(
  appointmentId: string,
  dataDir?: string,
): Promise<{ day: string; readAt: Date }> {
  const readAt = new Date();
  const day = todayIn(BUSINESS_TIME_ZONE, readAt);
  await onServerDatabase((db) => moveVisitToDay(db, appointmentId, day, BUSINESS_TIME_ZONE), dataDir);
  return { day, readAt };
}

/**
 * The phone's "today" held at the instant the visit's day was read (`moveToToday`): the page's clock says
 * that instant (its timers keep running), so My Day opens on the visit's day and shows its step buttons
 * even when midnight passes during the test. The server keeps the real clock: after midnight the visit is
 * yesterday's, whose late steps it accepts.
 */
export async function holdPhoneOnDay(page: Page, readAt: Date): Promise<void> {
  await page.clock.setFixedTime(readAt);
}
