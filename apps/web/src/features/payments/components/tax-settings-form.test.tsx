import { DEFAULT_TAX_RATES, PROVINCES, taxSettingsSchema, type TaxSettings } from '@eclat/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { TaxSettingsForm } from './tax-settings-form';

const settings: TaxSettings = {
  legalName: 'Éclat Cleaning Inc.',
  gstHstNumber: '123456789 RT0001',
  qstNumber: '',
  address: '',
  homeProvince: 'ON',
  rates: PROVINCES.map((province) => ({ province, taxes: [...DEFAULT_TAX_RATES[province]] })),
};

function api() {
  return answerApi((request) => {
    if (request.path !== '/admin/settings/taxes') return undefined;
    if (request.method === 'GET') return ok(taxSettingsSchema, settings);
    if (request.method === 'PUT') return { status: 200, body: request.body };
    return undefined;
  });
}

const puts = (sent: ApiRequest[]) => sent.filter((request) => request.method === 'PUT');
const taxesOf = (body: unknown, province: string) =>
  (body as TaxSettings).rates.find((entry) => entry.province === province)?.taxes;

/** Thirteen provinces' fields take seconds to appear in happy-dom on a busy 2-core machine. */
const FIRST_RENDER = { timeout: 20_000 };

function renderForm() {
  return renderScreen(<TaxSettingsForm />, {
    path: '/tax-settings',
    session: signedIn('owner@example.com', ['admin']),
  });
}

// Thirteen provinces' fields: the first render in happy-dom takes seconds on a shared machine.
describe('tax settings', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });

  it('shows each rate as a percent and sends it in thousandths of a percent', async () => {
    const sent = api();
    renderForm();
    const qst = await screen.findByRole('textbox', { name: /^Rate 2 \(%\).*Quebec$/ }, FIRST_RENDER);
    expect(qst).toHaveProperty('value', '9.975');
    const hst = screen.getByRole('textbox', { name: /^Rate 1 \(%\).*Ontario$/ });
    expect(hst).toHaveProperty('value', '13');
    const user = userEvent.setup();
    await user.clear(hst);
    await user.type(hst, '13.125');
    // The address receipts print (decision 054).
    await user.click(screen.getByRole('textbox', { name: /^Address/ }));
    await user.paste(' 1 Queen St W, Toronto ');
    await user.click(screen.getByRole('button', { name: 'Save the tax settings' }));
    await waitFor(() => {
      expect(puts(sent)).toHaveLength(1);
    });
    const body = puts(sent)[0]?.body;
    expect(taxesOf(body, 'ON')).toEqual([{ code: 'HST', rate: 13_125 }]);
    expect(taxesOf(body, 'QC')).toEqual([
      { code: 'GST', rate: 5_000 },
      { code: 'QST', rate: 9_975 },
    ]);
    expect(body).toMatchObject({
      legalName: 'Éclat Cleaning Inc.',
      address: '1 Queen St W, Toronto',
      homeProvince: 'ON',
    });
  });

  it('writes the rates the French way in French and reads them back', async () => {
    await initI18n('fr');
    const sent = api();
    renderForm();
    const qst = await screen.findByRole('textbox', { name: /^Taux 2 \(%\).*Québec$/ }, FIRST_RENDER);
    expect(qst).toHaveProperty('value', '9,975');
    const user = userEvent.setup();
    await user.clear(qst);
    await user.type(qst, '9,5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres des taxes' }));
    await waitFor(() => {
      expect(puts(sent)).toHaveLength(1);
    });
    expect(taxesOf(puts(sent)[0]?.body, 'QC')).toEqual([
      { code: 'GST', rate: 5_000 },
      { code: 'QST', rate: 9_500 },
    ]);
  });

  it('refuses a rate with more than three decimals, or above 50 %, and sends nothing', async () => {
    const sent = api();
    renderForm();
    const user = userEvent.setup();
    const hst = await screen.findByRole('textbox', { name: /^Rate 1 \(%\).*Ontario$/ }, FIRST_RENDER);
    await user.clear(hst);
    await user.type(hst, '13.0001');
    const gst = screen.getByRole('textbox', { name: /^Rate 1 \(%\).*Alberta$/ });
    await user.clear(gst);
    await user.type(gst, '51');
    await user.click(screen.getByRole('button', { name: 'Save the tax settings' }));
    expect(
      await screen.findByText('Enter a percent with at most three decimals, such as 9.975.'),
    ).toBeTruthy();
    expect(screen.getByText('A tax rate cannot be above 50%.')).toBeTruthy();
    expect(puts(sent)).toHaveLength(0);
  });
});
