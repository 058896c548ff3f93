import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  accessNoteReadSchema,
  accessNotesSchema,
  appointmentSchema,
  appointmentsPageSchema,
  flaggedCommentSchema,
  visitAccessNotesSchema,
} from '@eclat/shared';
import { todayIn } from '../../lib/time-zone.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { testConfig, useTestApp, type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeEmployee, signedIn, type Headers } from '../../../test/factories.ts';
import { visitWithCleaner as visitOnItsDay } from '../../../test/field-visit.ts';

/**
 * Access notes (issue 30 §5, decision 065): written by the customer, sealed in the database, read by the
 * office and by the visit's cleaner within the window only, each reading logged and shown to the customer;
 * another employee gets 403 wherever the notes (or the comments that held them) could appear.
 */

let app: TestApp;
useTestApp((built) => {
  app = built;
});

const TZ = testConfig().businessTimeZone;
let days = 5;
const HOUR = 60 * 60 * 1000;

const NOTES = {
  doorCode: 'Door 4711#',
  alarmCode: 'Alarm 9090 then OFF',
  keys: 'Spare key in the lockbox by the garage',
  pets: 'Biscuit the cat, keep the bedroom closed',
  parking: 'Visitor spot 12',
  other: '',
};

/** A confirmed visit some days ahead (outside its window), booked by the admin, with its own cleaner on it. */
async function visitWithCleaner(options: { comments?: string; firstName?: string } = {}) {
  days += 1;
  return visitOnItsDay(app, { daysAhead: days, ...options });
}

/** Moves the visit in time relative to now (the window is about the clock, not the booking rules). */
async function placeVisit(appointmentId: string, startFromNowMs: number, lengthMs = 2 * HOUR) {
  const start = new Date(Date.now() + startFromNowMs);
  await app.db.execute(
    sql`update appointments set appointment_date = ${start.toISOString()}::timestamptz,
          ends_at = ${new Date(start.getTime() + lengthMs).toISOString()}::timestamptz where id = ${appointmentId}`,
  );
}

const writeNotes = (headers: Headers, body: object = NOTES) =>
  call(app, 'PUT', '/customers/me/access-notes', headers, body);
const readVisitNotes = (headers: Headers, appointmentId: string) =>
  call(app, 'GET', `/appointments/${appointmentId}/access-notes`, headers);

async function readingsOf(customerId: string): Promise<number> {
  const { rows } = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from access_note_reads where customer_id = ${customerId}`,
  );
  return rows[0]?.n ?? 0;
}

describe('the customer writes the notes of their place', () => {
  it('reads them back; the database holds only ciphertext with its key id', async () => {
    const who = await makeCustomer(app);
    const empty = await call(app, 'GET', '/customers/me/access-notes', who.headers);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(accessNotesSchema.parse(empty.json())).toMatchObject({
      updatedAt: null,
      notes: { doorCode: null },
    });

    const saved = await writeNotes(who.headers);
    expect(saved.statusCode, saved.body).toBe(200);
    const back = accessNotesSchema.parse(
      (await call(app, 'GET', '/customers/me/access-notes', who.headers)).json(),
    );
    expect(back.notes).toEqual({ ...NOTES, other: null });

    const { rows } = await app.db.execute<{ key_id: string; iv: Buffer; sealed: Buffer; whole: string }>(
      sql`select key_id, iv, sealed, n::text as whole from access_notes n where customer_id = ${who.customerId}`,
    );
    const [row] = rows;
    expect(row?.key_id).toMatch(/^[0-9a-f]{16}$/);
    expect(row?.iv.length).toBe(12);
    for (const secret of ['4711', '9090', 'lockbox', 'Biscuit', 'Visitor']) {
      expect(row?.sealed.toString('latin1')).not.toContain(secret);
      expect(row?.whole).not.toContain(secret);
    }
  });

  it('refuses a field beyond its limit or an unknown field (400), and a caller without a profile (404)', async () => {
    const who = await makeCustomer(app);
    expect((await writeNotes(who.headers, { doorCode: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await writeNotes(who.headers, { safeCombination: '1234' })).statusCode).toBe(400);
    const nobody = await signedIn(app, ['customer']);
    expect((await writeNotes(nobody.headers)).statusCode).toBe(404);
    expect((await call(app, 'PUT', '/customers/me/access-notes', {}, NOTES)).statusCode).toBe(401);
  });

  it('sealed with a key this server does not hold: 503, never shown as empty; written again, they open', async () => {
    const who = await makeCustomer(app);
    await writeNotes(who.headers);
    await app.db.execute(
      sql`update access_notes set key_id = 'ffffffffffffffff' where customer_id = ${who.customerId}`,
    );
    const locked = await call(app, 'GET', '/customers/me/access-notes', who.headers);
    expect(locked.statusCode).toBe(503);
    expect(locked.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await writeNotes(who.headers, { parking: 'Visitor spot 12' })).statusCode).toBe(200);
    const back = await call(app, 'GET', '/customers/me/access-notes', who.headers);
    expect(accessNotesSchema.parse(back.json()).notes.parking).toBe('Visitor spot 12');
  });
});

describe('who reads them, and when', () => {
  it('the cleaner on the visit within its window; logged; the customer sees who, when, which visit', async () => {
    const { visit, who, cleaner } = await visitWithCleaner({ firstName: 'Émile' });
    await writeNotes(who.headers);
    await placeVisit(visit.appointmentId, HOUR);

    const res = await readVisitNotes(cleaner.headers, visit.appointmentId);
    expect(res.statusCode, res.body).toBe(200);
    const read = visitAccessNotesSchema.parse(res.json());
    expect(read.notes.doorCode).toBe('Door 4711#');
    expect(read.written).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');

    const log = await call(app, 'GET', '/customers/me/access-notes/reads', who.headers);
    expect(log.statusCode, log.body).toBe(200);
    const [reading, ...more] = accessNoteReadSchema.array().parse(log.json());
    expect(more).toHaveLength(0);
    expect(reading).toMatchObject({
      readerFirstName: 'Émile',
      byOffice: false,
      appointmentId: visit.appointmentId,
    });
    expect(new Date(reading?.readAt ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('not before the day before the visit, not after its end, not once completed: 403 ACCESS_NOTES_CLOSED, nothing logged', async () => {
    const { visit, who, cleaner } = await visitWithCleaner();
    await writeNotes(who.headers);
    // Some days ahead: the window opens at the start of the day before.
    const early = await readVisitNotes(cleaner.headers, visit.appointmentId);
    expect(early.statusCode, early.body).toBe(403);
    expect(early.json()).toMatchObject({ code: 'ACCESS_NOTES_CLOSED' });

    await placeVisit(visit.appointmentId, -3 * HOUR);
    const late = await readVisitNotes(cleaner.headers, visit.appointmentId);
    expect(late.json()).toMatchObject({ code: 'ACCESS_NOTES_CLOSED' });

    await placeVisit(visit.appointmentId, HOUR);
    await app.db.execute(sql`update appointments set status = 'completed' where id = ${visit.appointmentId}`);
    const done = await readVisitNotes(cleaner.headers, visit.appointmentId);
    expect(done.json()).toMatchObject({ code: 'ACCESS_NOTES_CLOSED' });
    expect(await readingsOf(who.customerId)).toBe(0);
  });

  it('the office at all times, logged as the office', async () => {
    const { visit, who, admin } = await visitWithCleaner();
    await writeNotes(who.headers);
    const res = await readVisitNotes(admin.headers, visit.appointmentId);
    expect(res.statusCode, res.body).toBe(200);
    const onPage = await call(app, 'GET', `/customers/${who.customerId}/access-notes`, admin.headers);
    expect(accessNotesSchema.parse(onPage.json()).notes.pets).toContain('Biscuit');
    const log = accessNoteReadSchema
      .array()
      .parse((await call(app, 'GET', '/customers/me/access-notes/reads', who.headers)).json());
    expect(log.map((row) => [row.byOffice, row.appointmentId])).toEqual([
      [true, null],
      [true, visit.appointmentId],
    ]);
  });

  it('the office writes them with the customer id in capitals: sealed to the stored id, they open for all', async () => {
    const { who, admin } = await visitWithCleaner();
    const shouted = who.customerId.toUpperCase();
    const written = await call(app, 'PUT', `/customers/${shouted}/access-notes`, admin.headers, NOTES);
    expect(written.statusCode, written.body).toBe(200);
    const own = await call(app, 'GET', '/customers/me/access-notes', who.headers);
    expect(own.statusCode, own.body).toBe(200);
    expect(accessNotesSchema.parse(own.json()).notes.pets).toContain('Biscuit');
    const read = await call(app, 'GET', `/customers/${shouted}/access-notes`, admin.headers);
    expect(read.statusCode, read.body).toBe(200);
  });

  it('notes never written: answered empty and not logged', async () => {
    const { visit, who, cleaner } = await visitWithCleaner();
    await placeVisit(visit.appointmentId, HOUR);
    const res = await readVisitNotes(cleaner.headers, visit.appointmentId);
    expect(visitAccessNotesSchema.parse(res.json())).toMatchObject({ written: false });
    expect(await readingsOf(who.customerId)).toBe(0);
  });
});

describe('another employee, everywhere the notes could appear', () => {
  it('403 on the notes, the log and the office routes; the visit comments hidden in the table, the visit and the PDF; CSV 403', async () => {
    const comment = 'Door code 4521 at the side gate';
    const { visit, who, cleaner } = await visitWithCleaner({ comments: comment });
    await writeNotes(who.headers);
    await placeVisit(visit.appointmentId, HOUR);
    const other = await makeEmployee(app, { firstName: 'Zoé' });
    const id = visit.appointmentId;

    const notes = await readVisitNotes(other.headers, id);
    expect(notes.statusCode).toBe(403);
    expect(notes.json()).toMatchObject({ code: 'NOT_YOUR_VISIT' });
    for (const [method, url] of [
      ['GET', `/customers/${who.customerId}/access-notes`],
      ['PUT', `/customers/${who.customerId}/access-notes`],
      ['GET', `/customers/${who.customerId}/access-notes/reads`],
      ['GET', '/admin/access-notes/flagged'],
      ['POST', '/admin/access-notes/moves'],
      ['GET', '/admin/exports/appointments.csv'],
    ] as const) {
      const res = await call(
        app,
        method,
        url,
        other.headers,
        method === 'GET' ? undefined : { appointmentId: id },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await readVisitNotes(who.headers, id)).statusCode).toBe(403);
    expect(await readingsOf(who.customerId)).toBe(0);

    // The comments (which may hold a code written before access notes) reach only the visit's cleaner.
    const commentsSeenBy = async (headers: Headers) => {
      const one = appointmentSchema.parse((await call(app, 'GET', `/appointments/${id}`, headers)).json());
      const day = todayIn(TZ, new Date(Date.now() + HOUR));
      const page = appointmentsPageSchema.parse(
        (await call(app, 'GET', `/appointments/paged?from=${day}&to=${day}&size=50`, headers)).json(),
      );
      const pdf = await call(app, 'GET', `/appointments/pdf?from=${day}&to=${day}&lang=en`, headers);
      expect(pdf.statusCode).toBe(200);
      return {
        one: one.comments,
        row: page.content.find((row) => row.appointmentId === id)?.comments,
        pdf: pdfText(pdf.rawPayload).replace(/\s+/g, ' ').includes('4521'),
      };
    };
    expect(await commentsSeenBy(other.headers)).toEqual({ one: null, row: null, pdf: false });
    expect(await commentsSeenBy(cleaner.headers)).toEqual({ one: comment, row: comment, pdf: true });
  });
});

describe('comments that look like codes', () => {
  it('are flagged for the office, and moved into the access notes ("other") and off the visit', async () => {
    const { visit, who, admin } = await visitWithCleaner({
      comments: 'Le digicode est 4B52, clé 7781 sous le pot',
    });
    const plain = await visitWithCleaner({ comments: 'Please call 416-555-0199 when you arrive' });
    await writeNotes(who.headers, { doorCode: 'Door 4711#' });

    const flagged = flaggedCommentSchema
      .array()
      .parse((await call(app, 'GET', '/admin/access-notes/flagged', admin.headers)).json());
    const ids = flagged.map((row) => row.appointmentId);
    expect(ids).toContain(visit.appointmentId);
    expect(ids).not.toContain(plain.visit.appointmentId);

    const moved = await call(app, 'POST', '/admin/access-notes/moves', admin.headers, {
      appointmentId: visit.appointmentId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(accessNotesSchema.parse(moved.json()).notes).toMatchObject({
      doorCode: 'Door 4711#',
      other: 'Le digicode est 4B52, clé 7781 sous le pot',
    });
    const after = appointmentSchema.parse(
      (await call(app, 'GET', `/appointments/${visit.appointmentId}`, admin.headers)).json(),
    );
    expect(after.comments).toBeNull();
    // The answer showed the notes written before (the door code): a reading of the office's, logged.
    const log = accessNoteReadSchema
      .array()
      .parse((await call(app, 'GET', '/customers/me/access-notes/reads', who.headers)).json());
    expect(log.map((row) => [row.byOffice, row.appointmentId])).toEqual([[true, visit.appointmentId]]);
    const again = await call(app, 'POST', '/admin/access-notes/moves', admin.headers, {
      appointmentId: visit.appointmentId,
    });
    expect(again.statusCode).toBe(409);
    const still = flaggedCommentSchema
      .array()
      .parse((await call(app, 'GET', '/admin/access-notes/flagged', admin.headers)).json());
    expect(still.map((row) => row.appointmentId)).not.toContain(visit.appointmentId);
  });
});
