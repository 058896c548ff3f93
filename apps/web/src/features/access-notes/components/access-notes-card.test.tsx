import {
  accessNoteReadSchema,
  accessNotesSchema,
  slotsResponseSchema,
  type AccessNotes,
} from '@eclat/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { AccessNotesCard } from './access-notes-card';

const EMAIL = 'cora@example.com';
const session = signedIn(EMAIL, ['customer']);
const CUSTOMER = '7c1e2d3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f';
const VISIT = '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10';

const empty: AccessNotes = {
  customerId: CUSTOMER,
  notes: { doorCode: null, alarmCode: null, keys: null, pets: null, parking: null, other: null },
  updatedAt: null,
};

let sent: ApiRequest[] = [];

function answerWith(reads: unknown[]) {
  sent = answerApi((request) => {
    if (request.path === '/customers/me/access-notes' && request.method === 'GET')
      return ok(accessNotesSchema, empty);
    if (request.path === '/customers/me/access-notes' && request.method === 'PUT')
      return ok(accessNotesSchema, {
        ...empty,
        notes: { ...empty.notes, doorCode: 'Door 4711#' },
        updatedAt: '2026-12-01T14:00:00.000Z',
      });
    if (request.path === '/customers/me/access-notes/reads')
      return ok(accessNoteReadSchema.array(), accessNoteReadSchema.array().parse(reads));
    if (request.path === '/slots')
      return ok(slotsResponseSchema, {
        date: '2026-11-28',
        timeZone: 'America/Toronto',
        durationMinutes: 60,
        bookableUntil: '2027-01-28',
        minNoticeHours: 24,
        slots: [],
      });
    return 'pending';
  });
}

describe('the access notes on the customer’s profile', () => {
  beforeEach(() => {
    answerWith([]);
  });

  it('saves what the customer wrote, each field labelled', async () => {
    await initI18n('en');
    renderScreen(<AccessNotesCard email={EMAIL} />, { path: '/profile', session });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Door code' }), 'Door 4711#');
    for (const name of ['Alarm code', 'Keys', 'Pets', 'Parking', 'Other'])
      expect(screen.getByRole('textbox', { name })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save access notes' }));
    await waitFor(() => {
      expect(sent.some((request) => request.method === 'PUT')).toBe(true);
    });
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ doorCode: 'Door 4711#', alarmCode: '' });
    expect(await screen.findByText('Nobody has read your access notes yet.')).toBeTruthy();
  });

  it('lists who read them, when and for which visit, in French too', async () => {
    answerWith([
      {
        readAt: '2026-12-03T13:12:00.000Z',
        readerFirstName: 'Émile',
        byOffice: false,
        appointmentId: VISIT,
        visitStartsAt: '2026-12-03T15:00:00.000Z',
      },
    ]);
    await initI18n('fr');
    renderScreen(<AccessNotesCard email={EMAIL} />, { path: '/profile', session });
    expect(
      await screen.findByText(
        'Émile a lu vos notes d’accès le jeudi 3 décembre 2026 à 08 h 12, pour votre visite du jeudi 3 décembre 2026.',
      ),
    ).toBeTruthy();
  });
});
