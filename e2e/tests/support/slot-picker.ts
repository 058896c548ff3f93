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
  if (!(await dayButton.isVisible())) await scope.getByRole('button', { name: labels.nextMonth }).click();
  await dayButton.click();
  const time = scope.getByRole('button', { name: labels.time, exact: true });
  await expect(time).toBeEnabled();
  await time.click();
  return time;
}
