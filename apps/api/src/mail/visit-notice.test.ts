import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { visitNoticeData } from '../../test/factories.ts';
import { emailJobSchema, renderEmail } from './email-message.ts';
import {
  VISIT_NOTICE_AUDIENCES,
  VISIT_NOTICE_KINDS,
  type VisitNoticeData,
  type VisitNoticeKind,
} from './templates/visit-notice.ts';

const ctx = { brandName: 'Éclat', publicUrl: 'https://book.eclat.example', timeZone: 'America/Toronto' };
const VISIT = '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10';
const SERIES = '7c1e2d3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f';

/** A one-off visit moved from Tuesday 9:00 to Thursday 14:00 (Toronto), told to its customer. */
const data = visitNoticeData;

/** What each kind needs beyond the moved sample. */
const KIND_FIELDS: Record<VisitNoticeKind, Partial<VisitNoticeData>> = {
  confirmed: { previousStartsAt: null },
  moved: {},
  cancelled: { previousStartsAt: null, cancelledBy: 'business' },
  flagged: { previousStartsAt: null, seriesId: SERIES },
  assigned: { previousStartsAt: null },
  unassigned: { previousStartsAt: null },
};
const AUDIENCE_KINDS = {
  customer: ['confirmed', 'moved', 'cancelled', 'flagged'],
  employee: ['moved', 'cancelled', 'assigned', 'unassigned'],
} as const;

const render = (value: VisitNoticeData, locale: 'en' | 'fr') =>
  renderEmail(
    emailJobSchema.parse({ to: 'a@example.com', locale, message: { template: 'visit-notice', data: value } }),
    ctx,
  );

function calendarOf(email: ReturnType<typeof render>) {
  const [file] = email.attachments;
  if (!file) return undefined;
  const calendar = new ICAL.Component(ICAL.parse(file.content) as unknown[]);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no event');
  return {
    contentType: file.contentType,
    method: calendar.getFirstPropertyValue('method'),
    uid: new ICAL.Event(vevent).uid,
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    url: vevent.getFirstPropertyValue('url'),
  };
}

describe('visit notice', () => {
  it('renders every kind for its audience in both languages, one-off and series, with the right calendar file', () => {
    for (const audience of VISIT_NOTICE_AUDIENCES) {
      for (const kind of AUDIENCE_KINDS[audience]) {
        for (const seriesId of kind === 'flagged' ? [SERIES] : [null, SERIES]) {
          const value = data({ ...KIND_FIELDS[kind], kind, audience, seriesId, recipientFirstName: 'Noé' });
          const [en, fr] = [render(value, 'en'), render(value, 'fr')];
          const label = `${audience} ${kind} ${seriesId ? 'series' : 'one-off'}`;
          for (const [email, lang, hello] of [
            [en, 'en', 'Hello Noé,'],
            [fr, 'fr', 'Bonjour Noé,'],
          ] as const) {
            expect(email.subject, label).not.toBe('');
            expect(email.text, label).toContain(hello);
            expect(email.html, label).toContain(`<html lang="${lang}">`);
            expect(email.text, label).toContain(VISIT);
            const calendar = calendarOf(email);
            const method = { flagged: undefined, cancelled: 'CANCEL', unassigned: 'CANCEL' }[kind as string];
            if (kind === 'flagged') {
              expect(calendar, label).toBeUndefined();
            } else {
              expect(calendar?.method, label).toBe(method ?? 'PUBLISH');
              expect(calendar?.contentType, label).toBe(
                `text/calendar; charset=utf-8; method=${method ?? 'PUBLISH'}`,
              );
              expect(calendar?.uid, label).toBe(`${VISIT}@book.eclat.example`);
              expect(calendar?.sequence, label).toBe(2);
              expect(calendar?.status, label).toBe(method ? 'CANCELLED' : 'CONFIRMED');
            }
          }
          expect(en.subject, label).not.toBe(fr.subject);
          // A series visit says the rest of the series is unchanged; a one-off says nothing of a series.
          if (seriesId === null) {
            expect(en.text, label).not.toMatch(/series|recurring/i);
            expect(fr.text, label).not.toMatch(/série|récurrent/i);
          } else if (kind !== 'unassigned' && !(audience === 'employee' && kind === 'cancelled')) {
            expect(en.text, label).toMatch(/other visits|rest of your|the others/);
            expect(fr.text, label).toMatch(/autres visites|reste de votre|les autres/);
          }
        }
      }
    }
  });

  it('refuses a kind its audience does not get, a cancellation without who, a move without where from', () => {
    const parse = (value: object) =>
      emailJobSchema.safeParse({
        to: 'a@example.com',
        locale: 'en',
        message: { template: 'visit-notice', data: value },
      }).success;
    expect(parse(data())).toBe(true);
    expect(parse(data({ kind: 'assigned', audience: 'customer', previousStartsAt: null }))).toBe(false);
    expect(parse(data({ kind: 'confirmed', audience: 'employee', previousStartsAt: null }))).toBe(false);
    expect(parse(data({ kind: 'flagged', audience: 'customer', previousStartsAt: null }))).toBe(false);
    expect(parse(data({ kind: 'cancelled', previousStartsAt: null }))).toBe(false);
    expect(parse(data({ previousStartsAt: null }))).toBe(false);
    expect(VISIT_NOTICE_KINDS).toHaveLength(6);
  });

  it('tells the customer of a confirmation, a move and a cancellation of a one-off visit', () => {
    const confirmed = render(data({ kind: 'confirmed', previousStartsAt: null }), 'en');
    expect(confirmed.subject).toBe(
      'Your Éclat cleaning on Thursday, March 11, 2027 at 1:00 p.m. is confirmed',
    );
    expect(confirmed.text).toContain('Total: $289.00');
    expect(render(data({ kind: 'confirmed', previousStartsAt: null }), 'fr').subject).toBe(
      'Votre ménage Éclat du jeudi 11 mars 2027 à 13 h 00 est confirmé',
    );
    const moved = render(data(), 'en');
    expect(moved.subject).toBe(
      'Visit moved from Tuesday, March 9, 2027 at 9:00 a.m. to Thursday, March 11, 2027 at 1:00 p.m.',
    );
    expect(moved.text).toContain('To move or cancel a visit, go to My Appointments.');
    const byUs = data({ kind: 'cancelled', cancelledBy: 'business', previousStartsAt: null });
    expect(render(byUs, 'en').subject).toBe('Your cleaning of Thursday, March 11, 2027 is cancelled');
    expect(render(byUs, 'en').text).toContain('we had to cancel your cleaning of');
    expect(render(byUs, 'fr').subject).toBe('Votre ménage du jeudi 11 mars 2027 est annulé');
    expect(render(byUs, 'fr').text).toContain('nous avons dû annuler votre ménage du');
    const byThem = { ...byUs, cancelledBy: 'customer' as const };
    expect(render(byThem, 'en').text).toContain('As you asked, your cleaning of');
    expect(render(byThem, 'fr').text).toContain('Comme vous l’avez demandé');
    // A series visit cancelled by its customer is skipped; by the business, cancelled.
    expect(render({ ...byThem, seriesId: SERIES }, 'en').subject).toBe(
      'Visit of Thursday, March 11, 2027 skipped',
    );
    expect(render({ ...byUs, seriesId: SERIES }, 'en').text).toContain(
      'Only this visit is cancelled: the rest of your recurring cleaning continues as planned.',
    );
  });

  it('speaks to the cleaner: the customer, the address and the time, never a price', () => {
    const base = { audience: 'employee' as const, recipientFirstName: 'Dan', previousStartsAt: null };
    const assigned = render(data({ ...base, kind: 'assigned' }), 'en');
    expect(assigned.subject).toBe('New visit: Amélie Tremblay, Thursday, March 11, 2027 at 1:00 p.m.');
    expect(assigned.text).toContain('Hello Dan,');
    expect(assigned.text).toContain('Customer: Amélie Tremblay');
    expect(assigned.text).toContain('Where: 48 Palmerston Avenue');
    expect(assigned.text).toContain('When: Thursday, March 11, 2027 at 1:00 p.m. – 4:00 p.m.');
    expect(assigned.text).toContain('https://book.eclat.example/employee-schedule');
    expect(calendarOf(assigned)?.url).toBe('https://book.eclat.example/employee-schedule');
    const fr = render(data({ ...base, kind: 'unassigned' }), 'fr');
    expect(fr.subject).toBe('Visite retirée de votre horaire\u00a0: Amélie Tremblay, jeudi 11 mars 2027');
    expect(fr.text).toContain('ne vous est plus confiée');
    const moved = render(data({ audience: 'employee', recipientFirstName: 'Dan' }), 'fr');
    expect(moved.subject).toBe(
      'Visite déplacée\u00a0: Amélie Tremblay, du mardi 9 mars 2027 à 9 h 00 au jeudi 11 mars 2027 à 13 h 00',
    );
    const cancelled = render(data({ ...base, kind: 'cancelled', cancelledBy: 'customer' }), 'en');
    expect(cancelled.text).toContain('is cancelled by the customer: you do not need to go.');
    for (const email of [assigned, fr, moved, cancelled]) {
      expect(email.text).not.toMatch(/\$|Total|289/);
      expect(email.html).not.toMatch(/\$|289/);
    }
  });

  it('escapes the names and the address in the HTML part', () => {
    const email = render(
      data({
        customerFirstName: '<img src=x>',
        address: '<script>x</script>',
        audience: 'employee',
        recipientFirstName: 'Dan',
      }),
      'fr',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});

describe('feedback request', () => {
  it('asks how it went, with the link to Submit Feedback, in both languages', () => {
    const job = (locale: 'en' | 'fr') =>
      emailJobSchema.parse({
        to: 'a@example.com',
        locale,
        message: {
          template: 'feedback-request',
          data: { appointmentId: VISIT, customerFirstName: 'Amélie', startsAt: '2027-03-09T14:00:00.000Z' },
        },
      });
    const en = renderEmail(job('en'), ctx);
    expect(en.subject).toBe('How was your Éclat cleaning?');
    expect(en.text).toContain('Hello Amélie,');
    expect(en.text).toContain('your cleaning of Tuesday, March 9, 2027');
    expect(en.text).toContain('\nhttps://book.eclat.example/submit-feedback\n');
    expect(en.html).toContain('href="https://book.eclat.example/submit-feedback"');
    expect(en.attachments).toEqual([]);
    const fr = renderEmail(job('fr'), ctx);
    expect(fr.subject).toBe('Comment s’est passé votre ménage Éclat?');
    expect(fr.text).toContain('votre ménage du mardi 9 mars 2027');
    expect(fr.html).toContain('<html lang="fr">');
  });
});
