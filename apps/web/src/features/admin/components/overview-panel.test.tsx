import { addDays, overviewSchema, type Overview, type OverviewPayments } from '@eclat/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { OverviewPanel } from './overview-panel';

const admin = signedIn('owner@example.com', ['admin']);
const MONDAY = '2026-11-23';
const FIRST = addDays(MONDAY, -77);

const money = (collectedCents: number): OverviewPayments => ({
  collectedCents,
  refundedCents: 1_000,
  outstandingCents: 7_120,
  failedCents: 0,
});

/** An overview as the API answers it; `withMoney`: payments on (each week's money), else off. */
function overview(withMoney: boolean): Overview {
  const week = (weekStart: string, index: number) => ({
    weekStart,
    visits: index,
    revenueCents: index * 10_000,
    cancellations: 0,
    ...(withMoney ? { payments: money(index === 11 ? 21_500 : index * 100) } : {}),
  });
  const weeks = Array.from({ length: 12 }, (_, index) => week(addDays(FIRST, 7 * index), index));
  const glance = (weekStart: string) => ({
    ...week(weekStart, 11),
    unassigned: 0,
    flagged: 0,
  });
  return overviewSchema.parse({
    timeZone: 'America/Toronto',
    today: '2026-11-27',
    thisWeek: glance(MONDAY),
    nextWeek: glance(addDays(MONDAY, 7)),
    failedEmails: 0,
    weeks,
    utilisation: [],
    topServices: [],
  });
}

function renderWith(body: Overview) {
  answerApi((request) => (request.path === '/admin/overview' ? ok(overviewSchema, body) : undefined));
  return renderScreen(<OverviewPanel />, { path: '/admin-dashboard', session: admin });
}

describe('the overview’s money', () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });

  it('shows this week’s four figures and, for the twelve weeks, a table of all four', async () => {
    renderWith(overview(true));
    const card = await screen.findByRole('region', { name: 'Payments this week' });
    const figures = within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Collected', '$215.00'],
      ['Refunded', '$10.00'],
      ['Outstanding', '$71.20'],
      ['Failed card payments', '$0.00'],
    ]);
    const table = screen.getByRole('table', { name: 'Collected per week' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week', 'Collected', 'Refunded', 'Outstanding', 'Failed card payments']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    const thisWeek = rows.at(-1);
    if (!thisWeek) throw new Error('no rows');
    expect(
      within(thisWeek)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$215.00', '$10.00', '$71.20', '$0.00']);
  });

  it('shows the same in French', async () => {
    await initI18n('fr');
    renderWith(overview(true));
    const card = await screen.findByRole('region', { name: 'Paiements de la semaine' });
    expect(within(card).getByText('Encaissé').nextElementSibling?.textContent.replace(/\s/g, ' ')).toBe(
      '215,00 $',
    );
  });

  it('shows nothing of it when payments are off (the weeks carry no money)', async () => {
    renderWith(overview(false));
    await screen.findByRole('region', { name: 'This week' });
    expect(screen.queryByRole('region', { name: 'Payments this week' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Collected per week' })).toBeNull();
  });
});
