import {
  visitChecklistSchema,
  type VisitChecklist as Checklist,
  type VisitChecklistItem,
} from '@eclat/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { VisitChecklist } from './visit-checklist';

const cleaner = signedIn('emile@example.com', ['employee']);
const ID = '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10';
const VACUUM = '0b6f3c1a-2d4e-4f5a-8b9c-1d2e3f4a5b6c';
const WINDOWS = '1c7a4d2b-3e5f-4a6b-9c0d-2e3f4a5b6c7d';

const item = (itemId: string, textEn: string, textFr: string): VisitChecklistItem => ({
  itemId,
  serviceTitle: 'Deep Cleaning',
  textEn,
  textFr,
  ticked: false,
  note: null,
  answeredAt: null,
  answeredByFirstName: null,
  answeredByOffice: false,
});

let checklist: Checklist;
let sent: ApiRequest[] = [];

/** The API as the server: an answer changes the item and answers the whole checklist. */
function serve() {
  sent = answerApi((request) => {
    if (request.method === 'PUT') {
      const itemId = request.path.split('/').at(-1);
      const body = request.body as { ticked: boolean; note?: string };
      checklist = {
        ...checklist,
        items: checklist.items.map((row) =>
          row.itemId === itemId
            ? { ...row, ticked: body.ticked, note: body.ticked ? null : (body.note ?? null) }
            : row,
        ),
      };
    }
    return ok(visitChecklistSchema, checklist);
  });
}

const writes = () => sent.filter((request) => request.method === 'PUT');

describe('the next visit’s checklist on My Day', () => {
  beforeEach(() => {
    checklist = {
      appointmentId: ID,
      takenAt: null,
      items: [
        item(VACUUM, 'Vacuum the floors', 'Passer l’aspirateur'),
        item(WINDOWS, 'Clean the windows', 'Laver les fenêtres'),
      ],
    };
    serve();
  });

  it('ticks an item with a big checkbox, and lists what is still to answer before Done', async () => {
    await initI18n('en');
    renderScreen(<VisitChecklist appointmentId={ID} locale="en" />, { path: '/my-day', session: cleaner });
    const missing = await screen.findByRole('status');
    expect(missing.textContent).toContain('2 items to tick, or to note why not, before Done');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vacuum the floors' }));
    await waitFor(() => {
      expect(writes()).toHaveLength(1);
    });
    expect(writes()[0]).toMatchObject({
      path: `/appointments/${ID}/checklist/${VACUUM}`,
      body: { ticked: true },
    });
    await waitFor(() => {
      expect(screen.getByRole('checkbox', { name: 'Vacuum the floors' })).toHaveProperty('checked', true);
    });
    const left = screen.getByRole('status');
    expect(left.textContent).toContain('1 item to tick');
    expect(within(left).getByText('Clean the windows')).toBeTruthy();
  });

  it('an unticked item takes a note saying why, in French too; then nothing is left to answer', async () => {
    await initI18n('fr');
    checklist = {
      ...checklist,
      items: checklist.items.map((row) => ({ ...row, ticked: row.itemId === VACUUM })),
    };
    serve();
    renderScreen(<VisitChecklist appointmentId={ID} locale="fr" />, { path: '/my-day', session: cleaner });
    await userEvent.click(
      await screen.findByRole('button', { name: /Pas fait \? Ajouter une note : Laver les fenêtres/ }),
    );
    const note = screen.getByRole('textbox', { name: /Pourquoi ce n’est pas fait \? Laver les fenêtres/ });
    expect(screen.getByRole('button', { name: 'Enregistrer la note' })).toHaveProperty('disabled', true);
    await userEvent.type(note, 'Pas d’échelle');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    await waitFor(() => {
      expect(writes()).toHaveLength(1);
    });
    expect(writes()[0]?.body).toEqual({ ticked: false, note: 'Pas d’échelle' });
    await screen.findByText(/Pas d’échelle/);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing for a visit without a checklist', async () => {
    await initI18n('en');
    checklist = { ...checklist, items: [] };
    serve();
    const { container } = renderScreen(<VisitChecklist appointmentId={ID} locale="en" />, {
      path: '/my-day',
      session: cleaner,
    });
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    expect(container.textContent).not.toContain('Checklist');
  });
});
