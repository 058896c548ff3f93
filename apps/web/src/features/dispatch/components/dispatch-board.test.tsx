import { assignmentSchema, dispatchBoardSchema, type DispatchBoard as Board } from '@eclat/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { DispatchBoard } from './dispatch-board';

const DORA = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const SOFIA = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const VISIT = 'c0ffee00-1234-4abc-8def-0123456789ab';
const CUSTOMER = 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6';
const DAY = '2027-06-15';

/** The day's board with the visit in `employeeId`'s lane. */
function boardWith(employeeId: string | null): Board {
  const visit = {
    appointmentId: VISIT,
    customerId: CUSTOMER,
    customerFirstName: 'Céleste',
    customerLastName: 'Board',
    startsAt: '2027-06-15T14:00:00.000Z',
    endsAt: '2027-06-15T16:00:00.000Z',
    status: 'confirmed' as const,
    address: '1450 Rue Peel Montréal',
    comments: null,
    services: 'Window Washing',
    employeeIds: employeeId ? [employeeId] : [],
    seriesId: null,
    needsTime: false,
    step: null,
    arrivedAt: null,
    completedAt: null,
  };
  const lane = (id: string, firstName: string, lastName: string) => ({
    employeeId: id,
    firstName,
    lastName,
    shifts: [],
    visits: employeeId === id ? [visit] : [],
  });
  return dispatchBoardSchema.parse({
    view: 'day',
    from: DAY,
    to: DAY,
    timeZone: 'America/Toronto',
    bufferMinutes: 30,
    days: [
      {
        date: DAY,
        lanes: [lane(DORA, 'Dora', 'Dispatch'), lane(SOFIA, 'Sofia', 'Nguyen')],
        unassigned: [],
      },
    ],
  });
}

/** The board as the route draws it, with a way for the test to hand it the next answer of the server. */
let drawBoard: (board: Board) => void = () => undefined;
function Harness() {
  const [board, setBoard] = useState(() => boardWith(DORA));
  useEffect(() => {
    drawBoard = setBoard;
  }, []);
  return <DispatchBoard board={board} locale="en" />;
}

function laneOf(name: string) {
  const lane = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!lane) throw new Error(`no lane ${name}`);
  return within(lane);
}

const moves = (sent: ApiRequest[]) =>
  sent.filter((request) => request.method === 'PUT' && request.path === `/appointments/${VISIT}/assignments`);

/** Gives the visit to Sofia from its menu; returns once the server's yes has been handled. */
async function moveToSofia(sent: ApiRequest[]) {
  const user = userEvent.setup();
  await user.click(laneOf('Dora Dispatch').getByRole('button', { name: 'Assign to…' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sofia Nguyen' }));
  await waitFor(() => {
    expect(moves(sent)).toHaveLength(1);
  });
  const button = laneOf('Dora Dispatch').getByRole('button', { name: 'Assign to…' });
  await waitFor(() => {
    expect(button.hasAttribute('disabled')).toBe(false);
  });
}

describe('The dispatch board after a reassignment', () => {
  let sent: ApiRequest[] = [];

  beforeEach(async () => {
    sent = answerApi((request) =>
      request.method === 'PUT'
        ? ok(assignmentSchema.array(), [
            {
              appointmentId: VISIT,
              employeeId: SOFIA,
              employeeFirstName: 'Sofia',
              employeeLastName: 'Nguyen',
            },
          ])
        : undefined,
    );
    await initI18n('en');
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('puts the keyboard on the visit in its new lane, however long the new board took to come', async () => {
    renderScreen(<Harness />, { path: '/dispatch', session: signedIn('admin@example.com', ['admin']) });
    await moveToSofia(sent);
    // The board's new answer arrives late (a loaded server): eleven seconds after the move.
    const later = Date.now() + 11_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    act(() => {
      drawBoard(boardWith(SOFIA));
    });
    expect(document.activeElement).toBe(laneOf('Sofia Nguyen').getByRole('button', { name: 'Assign to…' }));
  });

  it('leaves the focus alone when the next board does not have the visit', async () => {
    renderScreen(<Harness />, { path: '/dispatch', session: signedIn('admin@example.com', ['admin']) });
    await moveToSofia(sent);
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    // Another day's board (the admin moved on), then that day again with the visit: nothing jumps.
    act(() => {
      drawBoard({ ...boardWith(null), days: [{ date: DAY, lanes: [], unassigned: [] }] });
    });
    act(() => {
      drawBoard(boardWith(SOFIA));
    });
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
