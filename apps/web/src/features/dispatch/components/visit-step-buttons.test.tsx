import { visitStepsSchema, type DispatchVisit } from '@eclat/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, fail, ok, type ApiAnswer, type ApiRequest } from '@/testing/api-answers';
import { DISPATCH_VISIT_ID, dispatchVisit } from '@/testing/dispatch-visit';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { VisitStepButtons } from './visit-step-buttons';

const cleaner = signedIn('emile@example.com', ['employee']);
const ID = DISPATCH_VISIT_ID;

const visit = (step: DispatchVisit['step']): DispatchVisit => dispatchVisit({ step });

const recorded = ok(visitStepsSchema, { appointmentId: ID, current: null, steps: [] });

function renderButtons(step: DispatchVisit['step'] = null) {
  return renderScreen(<VisitStepButtons visit={visit(step)} bufferMinutes={0} date="2030-04-02" />, {
    path: '/my-day',
    session: cleaner,
  });
}

/** What the API answers to a step, set by each test; the requests sent. */
let answer: ApiAnswer = recorded;
let sent: ApiRequest[] = [];

describe('the next visit’s buttons on My Day', () => {
  beforeEach(async () => {
    answer = recorded;
    sent = answerApi(() => answer);
    await initI18n('en');
  });

  it('sends "On my way" with the minutes shown (20 without a travel buffer) and a key', async () => {
    renderButtons();
    expect(screen.getByRole('textbox', { name: /Minutes until I arrive/ })).toBe(
      screen.getByDisplayValue('20 min'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'On my way' }));
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    const [request] = sent as [ApiRequest];
    expect(request.path).toBe(`/appointments/${ID}/steps`);
    expect(request.body).toMatchObject({ step: 'onTheWay', etaMinutes: 20 });
    expect((request.body as { key: string }).key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('asks what happened before "Could not get in", and sends nothing until confirmed with a reason', async () => {
    renderButtons({
      step: 'arrived',
      at: '2030-04-02T13:05:00.000Z',
      byFirstName: 'Émile',
      etaMinutes: null,
    });
    expect(screen.getByRole('button', { name: 'Done' })).toHaveProperty('disabled', false);
    await userEvent.click(screen.getByRole('button', { name: 'Could not get in' }));
    await screen.findByRole('dialog', { name: 'Could not get in?' });
    const confirm = screen.getByRole('button', { name: 'Confirm: could not get in' });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: /What happened\?/ }), 'Door locked, no answer');
    expect(sent).toHaveLength(0);
    await userEvent.click(confirm);
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    expect(sent[0]?.body).toMatchObject({ step: 'noAccess', note: 'Door locked, no answer' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('says a refusal in words: another cleaner’s visit', async () => {
    answer = fail(403, 'NOT_YOUR_VISIT');
    renderButtons({ step: 'onTheWay', at: '2030-04-02T12:40:00.000Z', byFirstName: 'Émile', etaMinutes: 20 });
    await userEvent.click(screen.getByRole('button', { name: 'Arrived' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This visit is not yours: only the cleaner on it (or the office) can record its steps.',
    );
    expect(screen.getByRole('button', { name: 'Arrived' })).toHaveProperty('disabled', false);
  });

  it('says a step before the visit’s day with that day (STEP_TOO_EARLY)', async () => {
    answer = fail(409, 'STEP_TOO_EARLY');
    renderButtons();
    await userEvent.click(screen.getByRole('button', { name: 'On my way' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This visit is on Tuesday, April 2, 2030. Its steps can be recorded from that day.',
    );
  });
});
