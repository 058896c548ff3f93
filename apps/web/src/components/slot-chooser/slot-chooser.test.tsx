import { slotDaysResponseSchema, slotsResponseSchema, type Slots } from '@eclat/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { formatCalendarDay } from '@/lib/business-time';
import { initI18n } from '@/lib/i18n';
import { answerApi, ok } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { SlotChooser } from './slot-chooser';
import { useSlotChooser, type SlotChooserOptions } from './use-slot-chooser';

const SERVICE_ID = '0b6f1f5e-3c1d-4a57-9a7e-2f1d6c1b8a01';
const TODAY = '2030-03-11';
const DAY = '2030-03-12';
// Toronto is at UTC-4 on 12 March 2030: 09:00 there is 13:00Z.
const AT = (hour: number) => `2030-03-12T${String(hour + 4).padStart(2, '0')}:00:00.000Z`;

const slots: Slots['slots'] = [
  { hour: 9, startsAt: AT(9), available: true, reason: null },
  { hour: 10, startsAt: AT(10), available: false, reason: 'full' },
  { hour: 11, startsAt: AT(11), available: false, reason: 'notice' },
  { hour: 12, startsAt: AT(12), available: false, reason: 'full' },
];

/** The API of the times: one visit of an hour; every day has the same four times. */
function api() {
  return answerApi(({ method, path, query }) => {
    if (method === 'GET' && path === '/slots')
      return ok(slotsResponseSchema, {
        date: query.get('date') ?? DAY,
        timeZone: 'America/Toronto',
        durationMinutes: 60,
        bookableUntil: '2030-06-01',
        minNoticeHours: 24,
        slots,
      });
    if (method === 'GET' && path === '/slots/days')
      return ok(slotDaysResponseSchema, {
        from: query.get('from') ?? TODAY,
        to: query.get('to') ?? TODAY,
        timeZone: 'America/Toronto',
        durationMinutes: 60,
        bookableUntil: '2030-06-01',
        minNoticeHours: 24,
        days: [],
      });
    return undefined;
  });
}

/** A screen that chooses a time, and shows which one it would book. */
function Chooser(options: Partial<SlotChooserOptions>) {
  const chooser = useSlotChooser({ today: TODAY, serviceIds: [SERVICE_ID], ...options });
  return (
    <>
      <SlotChooser chooser={chooser} today={TODAY} />
      <output data-testid="chosen">{chooser.chosen ?? ''}</output>
    </>
  );
}

function renderChooser(options: Partial<SlotChooserOptions> = {}) {
  return renderScreen(<Chooser initial={{ date: DAY, selected: null }} {...options} />, {
    path: '/choose',
    session: signedIn('ana@example.com'),
  });
}

const chosen = () => screen.getByTestId('chosen').textContent;

describe('SlotChooser', () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });

  it('shows the times of the day and chooses a free one', async () => {
    api();
    renderChooser();
    const nine = await screen.findByRole('button', { name: '09:00' });
    await userEvent.setup().click(nine);
    expect(nine.getAttribute('aria-pressed')).toBe('true');
    expect(chosen()).toBe(AT(9));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a full time cannot be booked, and does not choose it', async () => {
    api();
    renderChooser();
    const ten = await screen.findByRole('button', { name: '10:00, full: fully booked' });
    await userEvent.setup().click(ten);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This time is now fully booked. Please choose another time.',
    );
    expect(ten.getAttribute('aria-pressed')).toBe('false');
    expect(chosen()).toBe('');
  });

  it('lets the visit being moved keep an hour that is full only because of it', async () => {
    api();
    renderChooser({ ownVisits: [{ appointmentDate: AT(12), endsAt: AT(14) }] });
    const user = userEvent.setup();
    const noon = await screen.findByRole('button', { name: '12:00' });
    await user.click(noon);
    expect(noon.getAttribute('aria-pressed')).toBe('true');
    expect(chosen()).toBe(AT(12));
    // An hour the visit does not overlap is still full.
    await user.click(screen.getByRole('button', { name: '10:00, full: fully booked' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(chosen()).toBe('');
  });

  it('never refuses the visit its own time, even when it is too soon to book it now', async () => {
    api();
    renderChooser({ initial: { date: DAY, selected: AT(11) }, keptStart: AT(11) });
    await screen.findByRole('button', { name: '11:00, too soon: bookings need more notice' });
    expect(chosen()).toBe(AT(11));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('forgets the time when another day is chosen', async () => {
    api();
    const days: (string | null)[] = [];
    renderChooser({
      initial: { date: DAY, selected: AT(9) },
      onDateChange: (day) => {
        days.push(day);
      },
    });
    expect((await screen.findByRole('button', { name: '09:00' })).getAttribute('aria-pressed')).toBe('true');
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: formatCalendarDay('2030-03-13', 'en') }));
    expect(days).toEqual(['2030-03-13']);
    await waitFor(() => {
      expect(chosen()).toBe('');
    });
    expect(screen.getByRole('button', { name: '09:00' }).getAttribute('aria-pressed')).toBe('false');
  });
});
