import { dispatchBoardSchema, type DispatchVisit } from '@eclat/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { formatBusinessTime } from '@/lib/business-time';
import { initI18n } from '@/lib/i18n';
import { answerApi } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { DispatchBoard } from './dispatch-board';

const DAY = '2027-06-15';
const ZONE = 'America/Toronto';
const DORA = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
let counter = 0;

/** A visit 10:00–12:00 (EDT) on Dora's lane, with the times its cleaner recorded. */
function visit(
  customerLastName: string,
  arrivedAt: string | null,
  completedAt: string | null,
): DispatchVisit {
  counter += 1;
  return {
    appointmentId: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    customerId: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6',
    customerFirstName: 'Céleste',
    customerLastName,
    startsAt: '2027-06-15T14:00:00.000Z',
    endsAt: '2027-06-15T16:00:00.000Z',
    status: completedAt ? 'completed' : 'confirmed',
    address: '1450 Rue Peel Montréal',
    comments: null,
    services: 'Window Washing',
    employeeIds: [DORA],
    seriesId: null,
    needsTime: false,
    step: null,
    arrivedAt,
    completedAt,
  };
}

function renderBoard(visits: DispatchVisit[], locale: 'en' | 'fr' = 'en') {
  const board = dispatchBoardSchema.parse({
    view: 'day',
    from: DAY,
    to: DAY,
    timeZone: ZONE,
    bufferMinutes: 30,
    days: [
      {
        date: DAY,
        lanes: [{ employeeId: DORA, firstName: 'Dora', lastName: 'Dispatch', shifts: [], visits }],
        unassigned: [],
      },
    ],
  });
  renderScreen(<DispatchBoard board={board} locale={locale} />, {
    path: '/dispatch',
    session: signedIn('admin@example.com', ['admin']),
  });
}

const block = (lastName: string) => {
  const item = screen.getByText(new RegExp(`Céleste ${lastName}$`)).closest('li');
  if (!item) throw new Error(`no visit of ${lastName}`);
  return within(item);
};

describe('the dispatch board’s late and early marks (decision 063)', () => {
  beforeEach(() => {
    answerApi(() => undefined);
  });

  it('says in words who arrived late and left early, with the recorded times in the details', async () => {
    await initI18n('en');
    renderBoard([
      visit('Late', '2027-06-15T14:12:00.000Z', '2027-06-15T15:40:00.000Z'),
      visit('OnTime', '2027-06-15T14:05:00.000Z', '2027-06-15T15:55:00.000Z'),
      visit('Planned', null, null),
    ]);
    const late = block('Late');
    expect(late.getByText('Arrived 12 min late')).toBeTruthy();
    expect(late.getByText('Left 20 min early')).toBeTruthy();
    const arrived = formatBusinessTime('2027-06-15T14:12:00.000Z', ZONE, 'en');
    const done = formatBusinessTime('2027-06-15T15:40:00.000Z', ZONE, 'en');
    expect(late.getByText(`Arrived ${arrived} · Done ${done}`)).toBeTruthy();
    // Within ten minutes either way: the times, no mark.
    const onTime = block('OnTime');
    expect(onTime.queryByText(/late|early/)).toBeNull();
    expect(onTime.getByText(/^Arrived .* · Done /)).toBeTruthy();
    expect(block('Planned').queryByText(/Arrived|late|early/)).toBeNull();
  });

  it('in French', async () => {
    await initI18n('fr');
    renderBoard([visit('Retard', '2027-06-15T14:12:00.000Z', '2027-06-15T15:40:00.000Z')], 'fr');
    const late = block('Retard');
    expect(late.getByText('Arrivé(e) 12 min en retard')).toBeTruthy();
    expect(late.getByText('Parti(e) 20 min plus tôt')).toBeTruthy();
  });
});
