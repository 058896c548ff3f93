import { expect, type Locator, type Page } from '@playwright/test';

import { longDay } from './business-time.ts';

/**
 * In the slot picker inside `scope` (the page, or a card holding one): the day (after Next month when
 * it is not shown), then the time named `time`, checked to be bookable. Returns the time's button.
 */
export async function pickTime(
  scope: Page | Locator,
  day: string,
  language: 'en' | 'fr',
  labels: { nextMonth: string; time: string },
): Promise<Locator> {
  const dayButton = scope.getByRole('button', { name: longDay(day, language), exact: true }).first();
  // Month by month (a day after the demo team's weeks is two or three months on), once the calendar shows.
  await expect(scope.getByRole('button', { name: labels.nextMonth })).toBeVisible();
  for (let turn = 0; turn < 14 && !(await dayButton.isVisible()); turn += 1) {
    await scope.getByRole('button', { name: labels.nextMonth }).click();
  }
  await dayButton.click();
  const time = scope.getByRole('button', { name: labels.time, exact: true });
  await expect(time).toBeEnabled();
  await time.click();
  return time;
}
