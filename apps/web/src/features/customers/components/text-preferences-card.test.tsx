import { TEXT_CONSENT_WORDING, textPreferencesSchema, type TextPreferences } from '@eclat/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, fail, ok, type ApiAnswer } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { TextPreferencesCard } from './text-preferences-card';

const EMAIL = 'cora@example.com';
const none: TextPreferences = {
  mobile: null,
  consentedAt: null,
  consentWording: null,
  stopped: false,
  reminderBy: 'both',
  confirmationBy: 'both',
};

/** The catalogues are served by the stand-in network: it is set up before the language is loaded. */
async function renderCard(locale: 'en' | 'fr', answer: (method: string, body: unknown) => ApiAnswer) {
  const sent = answerApi((request) =>
    request.path.endsWith('/customers/me/text-preferences')
      ? answer(request.method, request.body)
      : undefined,
  );
  await initI18n(locale);
  renderScreen(<TextPreferencesCard email={EMAIL} />, {
    path: '/profile',
    session: signedIn(EMAIL, ['customer']),
  });
  return sent;
}

describe('the text messages card of the profile', () => {
  it('sends the number with the consent box, the language it was shown in and the choices (French)', async () => {
    const sent = await renderCard('fr', (method, body) =>
      method === 'GET'
        ? ok(textPreferencesSchema, none)
        : ok(textPreferencesSchema, {
            ...none,
            mobile: '+15145550100',
            consentedAt: '2030-04-02T13:00:00.000Z',
            consentWording: TEXT_CONSENT_WORDING.fr,
            confirmationBy: (body as { confirmationBy: 'text' }).confirmationBy,
          }),
    );
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Numéro de cellulaire/ }),
      '514 555-0100',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: TEXT_CONSENT_WORDING.fr }));
    const confirmations = screen.getByRole('radiogroup', { name: 'Confirmations de réservation' });
    await userEvent.click(within(confirmations).getByRole('radio', { name: 'Texto' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les réglages des textos' }));
    await waitFor(() => {
      expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
    });
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({
      mobile: '514 555-0100',
      consent: true,
      consentLocale: 'fr',
      reminderBy: 'both',
      confirmationBy: 'text',
    });
    expect(await screen.findByText(/Vous avez accepté les textos le/)).toBeDefined();
  });

  it("shows the server's refusal of the number and of a missing consent beside their fields (English)", async () => {
    await renderCard('en', (method) =>
      method === 'GET'
        ? ok(textPreferencesSchema, none)
        : fail(400, 'VALIDATION_ERROR', [
            { path: 'body.mobile', message: 'profile.errors.mobile' },
            { path: 'body.consent', message: 'profile.errors.textConsent' },
          ]),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /Mobile number/ }), '555-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save text settings' }));
    expect(await screen.findByText('Enter a valid mobile number, e.g. 514 555-0100.')).toBeDefined();
    expect(screen.getByText('Tick the box to agree to texts, or remove the number.')).toBeDefined();
  });
});
