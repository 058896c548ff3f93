import { serviceChecklistSchema, type ServiceChecklist } from '@eclat/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { ServiceChecklistEditor } from './service-checklist-editor';

const admin = signedIn('admin@example.com', ['admin']);
const SERVICE = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const VACUUM = '0b6f3c1a-2d4e-4f5a-8b9c-1d2e3f4a5b6c';
const WINDOWS = '1c7a4d2b-3e5f-4a6b-9c0d-2e3f4a5b6c7d';

let stored: ServiceChecklist;
let sent: ApiRequest[] = [];

describe('the admin’s checklist of a service', () => {
  beforeEach(async () => {
    stored = {
      serviceId: SERVICE,
      items: [
        { itemId: VACUUM, textEn: 'Vacuum the floors', textFr: 'Passer l’aspirateur' },
        { itemId: WINDOWS, textEn: 'Clean the windows', textFr: 'Laver les fenêtres' },
      ],
    };
    sent = answerApi((request) => {
      if (request.method === 'PUT') {
        const body = request.body as { items: { itemId?: string; textEn: string; textFr: string }[] };
        stored = {
          serviceId: SERVICE,
          items: body.items.map((item, index) => ({
            itemId: item.itemId ?? `2d8b5e3c-4f6a-4b7c-8d1e-3f4a5b6c7d${String(10 + index)}`,
            ...item,
          })),
        };
      }
      return ok(serviceChecklistSchema, stored);
    });
    await initI18n('en');
  });

  it('moves an item with the keyboard, removes one after a confirmation, adds one and saves the list in order', async () => {
    renderScreen(<ServiceChecklistEditor serviceId={SERVICE} />, { path: '/edit-service/x', session: admin });
    const moveUp = await screen.findByRole('button', { name: 'Move up item 2' });
    expect(screen.getByRole('button', { name: 'Move up item 1' })).toHaveProperty('disabled', true);
    moveUp.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: /Item 1 in English/ })).toHaveProperty(
      'value',
      'Clean the windows',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove item 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this item?' });
    expect(dialog.textContent).toContain('Vacuum the floors');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the item' }));
    await waitFor(() => {
      expect(screen.queryByRole('textbox', { name: /Item 2 in English/ })).toBeNull();
    });

    await userEvent.click(screen.getByRole('button', { name: 'Add an item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save the checklist' }));
    // An empty item is said before anything is sent.
    expect((await screen.findAllByText('Fill in every item in English and in French.')).length).toBe(1);
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /Item 2 in English/ }), 'Bins');
    await userEvent.type(screen.getByRole('textbox', { name: /Item 2 in French/ }), 'Poubelles');
    await userEvent.click(screen.getByRole('button', { name: 'Save the checklist' }));
    await waitFor(() => {
      expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
    });
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({
      items: [
        { itemId: WINDOWS, textEn: 'Clean the windows', textFr: 'Laver les fenêtres' },
        { textEn: 'Bins', textFr: 'Poubelles' },
      ],
    });
  }, 20_000);
});
