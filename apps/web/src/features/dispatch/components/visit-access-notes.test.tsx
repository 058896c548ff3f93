import { visitAccessNotesSchema, type DispatchVisit } from '@eclat/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, fail, ok, type ApiAnswer, type ApiRequest } from '@/testing/api-answers';
import { DISPATCH_VISIT_ID, dispatchVisit } from '@/testing/dispatch-visit';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { VisitAccessNotes } from './visit-access-notes';

const cleaner = signedIn('emile@example.com', ['employee']);
const ID = DISPATCH_VISIT_ID;
const CUSTOMER = '7c1e2d3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f';

const visit = (status: DispatchVisit['status'] = 'confirmed'): DispatchVisit => dispatchVisit({ status });

const notes = ok(visitAccessNotesSchema, {
  appointmentId: ID,
  customerId: CUSTOMER,
  notes: {
    doorCode: 'Door 4711#',
    alarmCode: null,
    keys: 'Lockbox by the garage',
    pets: null,
    parking: null,
    other: null,
  },
  written: true,
  opensAt: '2030-04-01T04:00:00.000Z',
  closesAt: '2030-04-02T15:00:00.000Z',
});

let answer: ApiAnswer = notes;
let sent: ApiRequest[] = [];

const renderNotes = (status: DispatchVisit['status'] = 'confirmed') =>
  renderScreen(<VisitAccessNotes visit={visit(status)} />, { path: '/my-day', session: cleaner });

describe('a visit’s access notes on My Day', () => {
  beforeEach(async () => {
    answer = notes;
    sent = answerApi(() => answer);
    await initI18n('en');
  });

  it('asks for them only when the cleaner opens them (each reading is logged), then shows the written ones', async () => {
    renderNotes();
    const button = screen.getByRole('button', { name: 'Show access notes' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(sent).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByText('Door 4711#')).toBeTruthy();
    expect(screen.getByText('Lockbox by the garage')).toBeTruthy();
    expect(screen.getByText('Door code')).toBeTruthy();
    expect(screen.queryByText('Alarm code')).toBeNull();
    expect(sent.map((request) => request.path)).toEqual([`/appointments/${ID}/access-notes`]);
    const hide = screen.getByRole('button', { name: 'Hide access notes' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
  });

  it('says in words why they are not shown outside the window', async () => {
    answer = fail(403, 'ACCESS_NOTES_CLOSED');
    renderNotes();
    await userEvent.click(screen.getByRole('button', { name: 'Show access notes' }));
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(
        'Access notes are shown from the day before the visit until its end.',
      );
    });
  });

  it('is not offered on a visit that is over', () => {
    renderNotes('completed');
    expect(screen.queryByRole('button', { name: 'Show access notes' })).toBeNull();
  });
});
