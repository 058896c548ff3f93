import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { emailJobSchema, renderEmail } from './email-message.ts';
import type { SeriesConfirmationData, SeriesVisitNoticeData } from './templates/series.ts';

const ctx = { brandName: 'Éclat', publicUrl: 'https://book.eclat.example', timeZone: 'America/Toronto' };
const HOST = 'book.eclat.example';

// A weekly series on Tuesdays at 10:00 in Toronto, across the end of daylight-saving time
// (2026-11-01): 10:00 is 14:00Z in October and 15:00Z in November.
const VISIT_IDS = [
  '0a6f7d0e-1c2b-4d3e-8f4a-5b6c7d8e9f01',
  '0a6f7d0e-1c2b-4d3e-8f4a-5b6c7d8e9f02',
  '0a6f7d0e-1c2b-4d3e-8f4a-5b6c7d8e9f03',
  '0a6f7d0e-1c2b-4d3e-8f4a-5b6c7d8e9f04',
] as const;
const SERIES_ID = '7c1e2d3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f';

function seriesData(overrides: Partial<SeriesConfirmationData> = {}): SeriesConfirmationData {
  return {
    seriesId: SERIES_ID,
    customerFirstName: 'Amélie',
    customerLastName: 'Tremblay',
    frequency: 'weekly',
    weekday: 2,
    hour: 10,
    services: [
      { title: 'Deep Cleaning', price: 289 },
      { title: 'Window Washing', price: 50 },
    ],
    fullPrice: 339,
    pricePerVisit: 288.15,
    discountPercent: 15,
    firstVisitDiscounted: false,
    address: '48 Palmerston Avenue',
    comments: 'The cat hides under the bed.',
    visits: [
      {
        appointmentId: VISIT_IDS[0],
        startsAt: '2026-10-27T14:00:00.000Z',
        endsAt: '2026-10-27T17:00:00.000Z',
        needsTime: false,
        revision: 0,
        totalPrice: 339,
      },
      {
        appointmentId: VISIT_IDS[1],
        startsAt: '2026-11-03T15:00:00.000Z',
        endsAt: '2026-11-03T18:00:00.000Z',
        needsTime: false,
        revision: 2,
        totalPrice: 288.15,
      },
      {
        appointmentId: VISIT_IDS[2],
        startsAt: '2026-11-10T15:00:00.000Z',
        endsAt: '2026-11-10T18:00:00.000Z',
        needsTime: true,
        revision: 0,
        totalPrice: 288.15,
      },
      {
        appointmentId: VISIT_IDS[3],
        startsAt: '2026-11-17T15:00:00.000Z',
        endsAt: '2026-11-17T18:00:00.000Z',
        needsTime: false,
        revision: 0,
        totalPrice: 288.15,
      },
    ],
    ...overrides,
  };
}

function noticeData(overrides: Partial<SeriesVisitNoticeData> = {}): SeriesVisitNoticeData {
  return {
    kind: 'moved',
    seriesId: SERIES_ID,
    appointmentId: VISIT_IDS[1],
    customerFirstName: 'Amélie',
    customerLastName: 'Tremblay',
    startsAt: '2026-11-05T19:00:00.000Z',
    endsAt: '2026-11-05T22:00:00.000Z',
    previousStartsAt: '2026-11-03T15:00:00.000Z',
    services: [{ title: 'Deep Cleaning', price: 289 }],
    totalPrice: 245.65,
    address: '48 Palmerston Avenue',
    revision: 3,
    ...overrides,
  };
}

const confirmation = (data: SeriesConfirmationData, locale: 'en' | 'fr') =>
  renderEmail(
    emailJobSchema.parse({
      to: 'a@example.com',
      locale,
      message: { template: 'series-confirmation', data },
    }),
    ctx,
  );
const notice = (data: SeriesVisitNoticeData, locale: 'en' | 'fr') =>
  renderEmail(
    emailJobSchema.parse({ to: 'a@example.com', locale, message: { template: 'series-visit-notice', data } }),
    ctx,
  );

function parseCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent').map((component) => ({
    event: new ICAL.Event(component),
    sequence: component.getFirstPropertyValue('sequence'),
    status: component.getFirstPropertyValue('status'),
  }));
  return { method: calendar.getFirstPropertyValue('method'), events };
}

describe('series confirmation', () => {
  it('gives the rhythm, the price with the saving and the first visits, in English', () => {
    const email = confirmation(seriesData(), 'en');
    expect(email.subject).toBe('Your weekly Éclat cleaning is booked: Tuesdays at 10:00 a.m.');
    expect(email.text).toContain('Hello Amélie,');
    expect(email.text).toContain('Schedule: Every week on Tuesday at 10:00 a.m.');
    expect(email.text).toContain('Where: 48 Palmerston Avenue');
    expect(email.text).toContain('Services:\n  - Deep Cleaning: $289.00\n  - Window Washing: $50.00');
    expect(email.text).toContain('Price per visit: $288.15 (15% off $339.00: you save $50.85 per visit)');
    expect(email.text).toContain(
      'The first visit is at the full price ($339.00); the discount applies from the second visit on.',
    );
    expect(email.text).toContain('https://book.eclat.example/my-appointments');
    expect(email.text).toContain('To skip or move one visit, change all future visits, pause or cancel');
    expect(email.text).toContain(`Reference: ${SERIES_ID}`);
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain('href="https://book.eclat.example/my-appointments"');
    expect(email.html).toContain('<p>To skip or move one visit, change all future visits, pause or cancel');
  });

  it('keeps 10:00 business time for the visits before and after the daylight-saving change', () => {
    const en = confirmation(seriesData(), 'en');
    expect(en.text).toContain('  - Tuesday, October 27, 2026 at 10:00 a.m. – 1:00 p.m.: $339.00');
    expect(en.text).toContain('  - Tuesday, November 3, 2026 at 10:00 a.m. – 1:00 p.m.: $288.15');
    expect(en.text).toContain('  - Tuesday, November 17, 2026 at 10:00 a.m. – 1:00 p.m.: $288.15');
    const fr = confirmation(seriesData(), 'fr');
    expect(fr.text).toContain('  - mardi 27 octobre 2026 à 10 h 00 – 13 h 00\u00a0: 339,00\u00a0$');
    expect(fr.text).toContain('  - mardi 3 novembre 2026 à 10 h 00 – 13 h 00\u00a0: 288,15\u00a0$');
  });

  it('marks the visit no cleaner could take, in both languages', () => {
    const en = confirmation(seriesData(), 'en');
    expect(en.text).toContain(
      '  - Tuesday, November 10, 2026 at 10:00 a.m. – 1:00 p.m.: $288.15\n    Needs a time: no cleaner is free then. We will contact you, or you can move this visit from My Appointments.',
    );
    expect(en.text.match(/Needs a time/g)).toHaveLength(1);
    expect(en.html).toContain('Needs a time: no cleaner is free then.');
    const fr = confirmation(seriesData(), 'fr');
    expect(fr.text).toContain(
      '  - mardi 10 novembre 2026 à 10 h 00 – 13 h 00\u00a0: 288,15\u00a0$\n    Heure à déterminer\u00a0: aucun membre de l’équipe n’est libre à ce moment.',
    );
  });

  it('renders in French with the rhythm of each frequency', () => {
    const email = confirmation(
      seriesData({ frequency: 'every2Weeks', pricePerVisit: 305.1, discountPercent: 10 }),
      'fr',
    );
    expect(email.subject).toBe('Votre ménage Éclat aux 2 semaines est réservé\u00a0: le mardi à 10 h 00');
    expect(email.text).toContain('Bonjour Amélie,');
    expect(email.text).toContain('Fréquence\u00a0: Toutes les 2 semaines, le mardi à 10 h 00');
    expect(email.text).toContain(
      'Prix par visite\u00a0: 305,10\u00a0$ (rabais de 10\u00a0% sur 339,00\u00a0$\u00a0: vous économisez 33,90\u00a0$ par visite)',
    );
    expect(email.text).toContain('La première visite est au plein tarif (339,00\u00a0$)');
    expect(email.html).toContain('<html lang="fr">');
    expect(confirmation(seriesData({ frequency: 'every4Weeks', weekday: 5, hour: 14 }), 'en').subject).toBe(
      'Your every-4-weeks Éclat cleaning is booked: Fridays at 2:00 p.m.',
    );
    expect(confirmation(seriesData({ frequency: 'every4Weeks', weekday: 7, hour: 9 }), 'fr').text).toContain(
      'Toutes les 4 semaines, le dimanche à 9 h 00',
    );
    expect(confirmation(seriesData({ frequency: 'every2Weeks' }), 'en').text).toContain(
      'Every 2 weeks on Tuesday at 10:00 a.m.',
    );
  });

  it('says nothing of a saving without a discount, nor of the first visit when it is discounted too', () => {
    const none = confirmation(seriesData({ discountPercent: 0, pricePerVisit: 339 }), 'en');
    expect(none.text).toContain('Price per visit: $339.00\n');
    expect(none.text).not.toContain('you save');
    expect(none.text).not.toContain('full price');
    const firstToo = confirmation(seriesData({ firstVisitDiscounted: true }), 'en');
    expect(firstToo.text).toContain('you save $50.85 per visit');
    expect(firstToo.text).not.toContain('full price');
  });

  it('escapes what the customer wrote in the HTML part and keeps it as written in the text part', () => {
    const email = confirmation(
      seriesData({
        customerFirstName: 'Zoé <b>',
        address: '12 "Main" <Street>',
        comments: '<script>alert("x")</script>\nRing twice',
      }),
      'en',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>Ring twice');
    expect(email.html).toContain('12 &quot;Main&quot; &lt;Street&gt;');
    expect(email.html).toContain('<p>Hello Zoé &lt;b&gt;,</p>');
    expect(email.text).toContain('Your comments: <script>alert("x")</script>\nRing twice');
    expect(email.text).toContain('Where: 12 "Main" <Street>');
  });

  it('attaches one calendar file with an event per placed visit, its UID and its revision', () => {
    const email = confirmation(seriesData(), 'en');
    expect(email.attachments).toHaveLength(1);
    const [file] = email.attachments;
    expect(file?.filename).toBe('series.ics');
    expect(file?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const { method, events } = parseCalendar(file?.content ?? '');
    expect(method).toBe('PUBLISH');
    expect(events.map(({ event }) => event.uid)).toEqual([
      `${VISIT_IDS[0]}@${HOST}`,
      `${VISIT_IDS[1]}@${HOST}`,
      `${VISIT_IDS[3]}@${HOST}`,
    ]);
    expect(events.map(({ sequence }) => sequence)).toEqual([0, 2, 0]);
    expect(events.map(({ status }) => status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED']);
    expect(events.map(({ event }) => event.startDate.toJSDate().toISOString())).toEqual([
      '2026-10-27T14:00:00.000Z',
      '2026-11-03T15:00:00.000Z',
      '2026-11-17T15:00:00.000Z',
    ]);
    expect(events[0]?.event.endDate.toJSDate().toISOString()).toBe('2026-10-27T17:00:00.000Z');
    expect(events[0]?.event.description).toContain(
      'Local time (America/Toronto): Tuesday, October 27, 2026 at 10:00 a.m.',
    );
    expect(events[1]?.event.description).toContain(
      'Local time (America/Toronto): Tuesday, November 3, 2026 at 10:00 a.m.',
    );
    expect(events[0]?.event.location).toBe('48 Palmerston Avenue');
    expect(events[0]?.event.summary).toBe('Éclat cleaning');
  });

  it('uses the same UID as the one-off invitation would, so later notices update the same event', () => {
    const { events } = parseCalendar(confirmation(seriesData(), 'fr').attachments[0]?.content ?? '');
    const moved = parseCalendar(notice(noticeData(), 'fr').attachments[0]?.content ?? '');
    expect(moved.events[0]?.event.uid).toBe(events[1]?.event.uid);
    expect(events[0]?.event.summary).toBe('Ménage Éclat');
  });

  it('attaches no calendar file when no visit has a time yet, and says so', () => {
    const data = seriesData();
    const email = confirmation(
      { ...data, visits: data.visits.map((visit) => ({ ...visit, needsTime: true })) },
      'en',
    );
    expect(email.attachments).toEqual([]);
    expect(email.text).toContain('None of these visits has a time yet, so no calendar file is attached');
    expect(email.text).not.toContain('The calendar file attached');
  });

  it('refuses data outside its bounds', () => {
    const data = seriesData();
    const parse = (value: unknown) =>
      emailJobSchema.safeParse({
        to: 'a@example.com',
        locale: 'en',
        message: { template: 'series-confirmation', data: value },
      }).success;
    expect(parse(data)).toBe(true);
    expect(parse({ ...data, weekday: 0 })).toBe(false);
    expect(parse({ ...data, weekday: 8 })).toBe(false);
    expect(parse({ ...data, hour: 24 })).toBe(false);
    expect(parse({ ...data, frequency: 'once' })).toBe(false);
    expect(parse({ ...data, visits: [] })).toBe(false);
    expect(parse({ ...data, visits: Array.from({ length: 13 }, () => data.visits[0]) })).toBe(false);
    expect(parse({ ...data, services: [] })).toBe(false);
  });
});

describe('series visit notice', () => {
  it('tells of a visit that needs a new time, with no calendar file', () => {
    const data = noticeData({
      kind: 'flagged',
      previousStartsAt: null,
      startsAt: '2026-11-10T15:00:00.000Z',
      endsAt: '2026-11-10T18:00:00.000Z',
    });
    const en = notice(data, 'en');
    expect(en.subject).toBe('One visit of your recurring cleaning needs a new time');
    expect(en.text).toContain('No cleaner is free on Tuesday, November 10, 2026 at 10:00 a.m.');
    expect(en.text).toContain('You can also move the visit yourself from My Appointments.');
    expect(en.text).toContain('Planned: Tuesday, November 10, 2026 at 10:00 a.m. – 1:00 p.m.');
    expect(en.text).toContain('Total: $245.65');
    expect(en.html).toContain('>Move this visit</a>');
    expect(en.html).toContain('href="https://book.eclat.example/my-appointments"');
    expect(en.attachments).toEqual([]);
    const fr = notice(data, 'fr');
    expect(fr.subject).toBe('Une visite de votre ménage récurrent doit être replanifiée');
    expect(fr.text).toContain('Aucun membre de l’équipe n’est libre le mardi 10 novembre 2026 à 10 h 00');
    expect(fr.text).toContain('Date prévue\u00a0: mardi 10 novembre 2026 à 10 h 00 – 13 h 00');
    expect(fr.attachments).toEqual([]);
  });

  it('tells of a skipped visit and cancels its calendar event', () => {
    const data = noticeData({
      kind: 'skipped',
      previousStartsAt: null,
      startsAt: '2026-11-03T15:00:00.000Z',
      endsAt: '2026-11-03T18:00:00.000Z',
    });
    const en = notice(data, 'en');
    expect(en.subject).toBe('Visit of Tuesday, November 3, 2026 skipped');
    expect(en.text).toContain('The rest of your recurring cleaning continues as planned.');
    const fr = notice(data, 'fr');
    expect(fr.subject).toBe('Visite du mardi 3 novembre 2026 annulée');
    expect(fr.text).toContain('Le reste de votre ménage récurrent se poursuit comme prévu.');
    for (const email of [en, fr]) {
      expect(email.attachments).toHaveLength(1);
      const [file] = email.attachments;
      expect(file?.filename).toBe('cancellation.ics');
      expect(file?.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      const { method, events } = parseCalendar(file?.content ?? '');
      expect(method).toBe('CANCEL');
      expect(events).toHaveLength(1);
      expect(events[0]?.event.uid).toBe(`${VISIT_IDS[1]}@${HOST}`);
      expect(events[0]?.status).toBe('CANCELLED');
      expect(events[0]?.sequence).toBe(3);
      expect(events[0]?.event.startDate.toJSDate().toISOString()).toBe('2026-11-03T15:00:00.000Z');
    }
  });

  it('tells of a moved visit and publishes its event again at the new time, with a higher SEQUENCE', () => {
    const en = notice(noticeData(), 'en');
    expect(en.subject).toBe(
      'Visit moved from Tuesday, November 3, 2026 at 10:00 a.m. to Thursday, November 5, 2026 at 2:00 p.m.',
    );
    expect(en.text).toContain('When: Thursday, November 5, 2026 at 2:00 p.m. – 5:00 p.m.');
    expect(en.text).toContain('to Thursday, November 5, 2026 at 2:00 p.m.; the other visits do not change.');
    const fr = notice(noticeData(), 'fr');
    expect(fr.subject).toBe(
      'Visite déplacée du mardi 3 novembre 2026 à 10 h 00 au jeudi 5 novembre 2026 à 14 h 00',
    );
    for (const email of [en, fr]) {
      expect(email.attachments).toHaveLength(1);
      const [file] = email.attachments;
      expect(file?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
      const { method, events } = parseCalendar(file?.content ?? '');
      expect(method).toBe('PUBLISH');
      expect(events).toHaveLength(1);
      expect(events[0]?.event.uid).toBe(`${VISIT_IDS[1]}@${HOST}`);
      expect(events[0]?.sequence).toBe(3);
      expect(events[0]?.status).toBe('CONFIRMED');
      expect(events[0]?.event.startDate.toJSDate().toISOString()).toBe('2026-11-05T19:00:00.000Z');
      expect(events[0]?.event.endDate.toJSDate().toISOString()).toBe('2026-11-05T22:00:00.000Z');
    }
    const unknownBefore = notice(noticeData({ previousStartsAt: null }), 'en');
    expect(unknownBefore.subject).toBe('Visit moved to Thursday, November 5, 2026 at 2:00 p.m.');
  });

  it('escapes the address and the name in the HTML part', () => {
    const email = notice(
      noticeData({ customerFirstName: '<img src=x>', address: '<script>x</script>' }),
      'fr',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(email.text).toContain('Où\u00a0: <script>x</script>');
  });
});
