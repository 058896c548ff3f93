import type { MyDay } from '@eclat/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi } from '@/testing/api-answers';
import { dispatchVisit } from '@/testing/dispatch-visit';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { DayRoute } from './day-route';

const DAY = '2030-04-02';

const day: MyDay = {
  date: DAY,
  timeZone: 'America/Toronto',
  bufferMinutes: 0,
  employeeId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  firstName: 'Émile',
  lastName: 'Crew',
  shifts: [],
  visits: [dispatchVisit({ address: '48 Rue Saint Paul, Montréal' })],
};

function renderDay(today: string) {
  renderScreen(<DayRoute day={day} locale="en" today={today} />, {
    path: '/my-day',
    session: signedIn('emile@example.com', ['employee']),
  });
}

describe('My Day’s next visit and its buttons (decision 063)', () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });

  it('today: the next visit first, with its address, a maps link in a new tab and the step buttons', () => {
    renderDay(DAY);
    const next = screen.getByRole('region', { name: 'Next visit' });
    expect(next.textContent).toContain('48 Rue Saint Paul, Montréal');
    const maps = screen.getAllByRole('link', { name: 'Open in maps: 48 Rue Saint Paul, Montréal' })[0];
    expect(maps?.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=48%20Rue%20Saint%20Paul%2C%20Montr%C3%A9al',
    );
    expect(maps?.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'On my way' })).toBeTruthy();
  });

  it('another day: the route without step buttons; a day ahead says they come on the day', () => {
    renderDay('2030-04-01');
    expect(screen.queryByRole('region', { name: 'Next visit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'On my way' })).toBeNull();
    expect(screen.getByText(/show on the day of the visit/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in maps: 48 Rue Saint Paul, Montréal' })).toBeTruthy();
  });

  it('a day past: no step buttons either', () => {
    renderDay('2030-04-03');
    expect(screen.queryByRole('button', { name: 'On my way' })).toBeNull();
    expect(screen.queryByText(/show on the day of the visit/)).toBeNull();
  });
});
