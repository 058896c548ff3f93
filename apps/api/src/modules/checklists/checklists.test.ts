import { describe, expect, it } from 'vitest';
import { serviceChecklistSchema, visitChecklistSchema } from '@eclat/shared';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  call,
  makeCustomer,
  makeEmployee,
  makeService,
  signedIn,
  type Headers,
} from '../../../test/factories.ts';
import { visitWithCleaner } from '../../../test/field-visit.ts';

/**
 * Checklists (issue 30 §3, decision 064): the admin writes a service's; the visit copies it when it
 * starts and keeps it; the cleaner on the visit (or the office) answers each item, twice the same answer
 * counts once; the cleaner's "completed" needs every item ticked or noted; the customer reads what was
 * done once the visit is completed.
 */

let app: TestApp;
useTestApp((built) => {
  app = built;
});

let days = 5;
let keys = 0;
const newKey = () => `checklist-step-${String((keys += 1))}-${String(Date.now())}`;

const ITEMS = [
  { textEn: 'Vacuum the floors', textFr: 'Passer l’aspirateur' },
  { textEn: 'Clean the windows', textFr: 'Laver les fenêtres' },
  { textEn: 'Empty the bins', textFr: 'Vider les poubelles' },
];

const writeChecklist = (headers: Headers, serviceId: string, items: object[]) =>
  call(app, 'PUT', `/services/${serviceId}/checklist`, headers, { items });

/**
 * A confirmed visit of today (booked a new day ahead, moved to today: its steps are of its day, decision
 * 063) for a service with a checklist, with one cleaner of its own on it.
 */
async function visitWithChecklist() {
  const admin = await signedIn(app, ['admin']);
  const serviceId = await makeService(app, { title: 'Deep Cleaning' });
  const written = await writeChecklist(admin.headers, serviceId, ITEMS);
  expect(written.statusCode, written.body).toBe(200);
  days += 1;
  return visitWithCleaner(app, { daysAhead: days, today: true, serviceId });
}

const read = (headers: Headers, id: string) => call(app, 'GET', `/appointments/${id}/checklist`, headers);
const checklist = async (headers: Headers, id: string) => {
  const res = await read(headers, id);
  expect(res.statusCode, res.body).toBe(200);
  return visitChecklistSchema.parse(res.json());
};
const answer = (headers: Headers, id: string, itemId: string, body: object) =>
  call(app, 'PUT', `/appointments/${id}/checklist/${itemId}`, headers, body);
const step = (headers: Headers, id: string, body: object) =>
  call(app, 'POST', `/appointments/${id}/steps`, headers, { key: newKey(), ...body });

describe('a service’s checklist (admin)', () => {
  it('is written in order in English and French, reordered keeping its items, within the limits', async () => {
    const admin = await signedIn(app, ['admin']);
    const serviceId = await makeService(app);
    const first = serviceChecklistSchema.parse(
      (await writeChecklist(admin.headers, serviceId, ITEMS)).json(),
    );
    expect(first.items.map((item) => item.textFr)).toEqual(ITEMS.map((item) => item.textFr));
    const [a, b, c] = first.items;
    if (!a || !b || !c) throw new Error('three items expected');
    // Moved, one removed, one added: the kept ones keep their ids.
    const moved = await writeChecklist(admin.headers, serviceId, [
      c,
      a,
      { textEn: 'Dust the shelves', textFr: 'Dépoussiérer les étagères' },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    const after = serviceChecklistSchema.parse(
      (await call(app, 'GET', `/services/${serviceId}/checklist`, admin.headers)).json(),
    );
    expect(after.items.map((item) => item.textEn)).toEqual([c.textEn, a.textEn, 'Dust the shelves']);
    expect(after.items.slice(0, 2).map((item) => item.itemId)).toEqual([c.itemId, a.itemId]);

    const empty = await writeChecklist(admin.headers, serviceId, [{ textEn: 'Mop', textFr: '  ' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      details: [{ path: 'body.items.0.textFr', message: 'validation.required' }],
    });
    const tooMany = Array.from({ length: 31 }, (_, index) => ({
      textEn: `E${String(index)}`,
      textFr: `F${String(index)}`,
    }));
    expect((await writeChecklist(admin.headers, serviceId, tooMany)).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ message: 'checklists.errors.tooMany' }],
    });
    const tooLong = await writeChecklist(admin.headers, serviceId, [
      { textEn: 'x'.repeat(201), textFr: 'y' },
    ]);
    expect(tooLong.statusCode).toBe(400);
  });

  it('only the admin writes or reads it; an unknown service is 404', async () => {
    const serviceId = await makeService(app);
    const cleaner = await makeEmployee(app, { firstName: 'Zoé' });
    const who = await makeCustomer(app);
    expect((await writeChecklist({}, serviceId, ITEMS)).statusCode).toBe(401);
    expect((await writeChecklist(cleaner.headers, serviceId, ITEMS)).statusCode).toBe(403);
    expect((await writeChecklist(who.headers, serviceId, ITEMS)).statusCode).toBe(403);
    expect((await call(app, 'GET', `/services/${serviceId}/checklist`, cleaner.headers)).statusCode).toBe(
      403,
    );
    const admin = await signedIn(app, ['admin']);
    const unknown = await writeChecklist(admin.headers, '00000000-0000-4000-8000-000000000000', ITEMS);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a visit’s checklist', () => {
  it('who answers: the cleaner on the visit or the office; another employee 403 NOT_YOUR_VISIT, the customer 403, anonymous 401', async () => {
    const { id, who, admin, cleaner } = await visitWithChecklist();
    const other = await makeEmployee(app, { firstName: 'Zoé' });
    const [first, second] = (await checklist(cleaner.headers, id)).items;
    if (!first || !second) throw new Error('items expected');
    const body = { ticked: true };
    expect((await answer({}, id, first.itemId, body)).statusCode).toBe(401);
    expect((await answer(who.headers, id, first.itemId, body)).statusCode).toBe(403);
    const notTheirs = await answer(other.headers, id, first.itemId, body);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ code: 'NOT_YOUR_VISIT' });
    expect((await read(other.headers, id)).json()).toMatchObject({ code: 'NOT_YOUR_VISIT' });
    expect((await read({}, id)).statusCode).toBe(401);
    // Another customer reads nothing of it; its own customer sees no items before it is completed.
    const stranger = await makeCustomer(app);
    expect((await read(stranger.headers, id)).statusCode).toBe(403);
    expect((await checklist(who.headers, id)).items).toEqual([]);

    const mine = await answer(cleaner.headers, id, first.itemId, body);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(visitChecklistSchema.parse(mine.json()).items[0]).toMatchObject({
      ticked: true,
      answeredByFirstName: 'Émile',
      answeredByOffice: false,
    });
    const office = await answer(admin.headers, id, second.itemId, { ticked: false, note: 'No ladder' });
    expect(office.statusCode, office.body).toBe(200);
    expect(visitChecklistSchema.parse(office.json()).items[1]).toMatchObject({
      ticked: false,
      note: 'No ladder',
      answeredByOffice: true,
    });
    const unknown = await answer(cleaner.headers, id, '00000000-0000-4000-8000-000000000000', body);
    expect(unknown.statusCode).toBe(404);
  });

  it('the same answer twice is recorded once: its time and author stay the first’s', async () => {
    const { id, admin, cleaner } = await visitWithChecklist();
    const [item] = (await checklist(cleaner.headers, id)).items;
    if (!item) throw new Error('an item expected');
    const first = visitChecklistSchema.parse(
      (await answer(cleaner.headers, id, item.itemId, { ticked: true })).json(),
    );
    const again = await answer(admin.headers, id, item.itemId, { ticked: true });
    expect(again.statusCode, again.body).toBe(200);
    const after = visitChecklistSchema.parse(again.json());
    expect(after.items[0]).toEqual(first.items[0]);
    expect(after.items[0]).toMatchObject({ answeredByFirstName: 'Émile', answeredByOffice: false });
    // A note with a tick is not kept: ticked means done.
    const noted = await answer(cleaner.headers, id, item.itemId, { ticked: true, note: 'ignored' });
    expect(visitChecklistSchema.parse(noted.json()).items[0]).toEqual(first.items[0]);
  });

  it('is copied when the visit starts: the admin’s later edit does not change it', async () => {
    const { id, serviceId, who, admin, cleaner } = await visitWithChecklist();
    const before = await checklist(cleaner.headers, id);
    expect(before.takenAt).toBeNull();
    expect(before.items.map((item) => [item.serviceTitle, item.textEn])).toEqual(
      ITEMS.map((item) => ['Deep Cleaning', item.textEn]),
    );
    expect((await step(cleaner.headers, id, { step: 'arrived' })).statusCode).toBe(200);
    const taken = await checklist(cleaner.headers, id);
    expect(taken.takenAt).not.toBeNull();

    // The admin rewrites the service's checklist: the started visit keeps its copy.
    await writeChecklist(admin.headers, serviceId, [{ textEn: 'Something new', textFr: 'Autre chose' }]);
    expect((await checklist(cleaner.headers, id)).items.map((item) => item.textEn)).toEqual(
      ITEMS.map((item) => item.textEn),
    );
    for (const item of taken.items)
      expect((await answer(cleaner.headers, id, item.itemId, { ticked: true })).statusCode).toBe(200);
    expect((await step(cleaner.headers, id, { step: 'completed' })).statusCode).toBe(200);
    const seen = await checklist(who.headers, id);
    expect(seen.items.map((item) => [item.textFr, item.ticked])).toEqual(
      ITEMS.map((item) => [item.textFr, true]),
    );
    // A visit not started yet shows the service's checklist as it is now.
    const later = await visitWithChecklist();
    await writeChecklist(later.admin.headers, later.serviceId, [
      { textEn: 'Only this', textFr: 'Seulement' },
    ]);
    expect((await checklist(later.cleaner.headers, later.id)).items.map((item) => item.textEn)).toEqual([
      'Only this',
    ]);
  });

  it('the cleaner’s "completed" is refused while an item is neither ticked nor noted, naming it', async () => {
    const { id, who, cleaner } = await visitWithChecklist();
    const [vacuum, windows, bins] = (await checklist(cleaner.headers, id)).items;
    if (!vacuum || !windows || !bins) throw new Error('items expected');
    await step(cleaner.headers, id, { step: 'arrived' });
    await answer(cleaner.headers, id, vacuum.itemId, { ticked: true });
    await answer(cleaner.headers, id, bins.itemId, { ticked: true });
    const refused = await step(cleaner.headers, id, { step: 'completed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CHECKLIST_INCOMPLETE',
      details: [{ path: `checklist.${windows.itemId}`, message: 'Clean the windows' }],
    });
    // Unticked with an empty note is still unanswered.
    await answer(cleaner.headers, id, windows.itemId, { ticked: false, note: '   ' });
    expect((await step(cleaner.headers, id, { step: 'completed' })).statusCode).toBe(409);
    await answer(cleaner.headers, id, windows.itemId, { ticked: false, note: 'No ladder for the high ones' });
    const done = await step(cleaner.headers, id, { step: 'completed' });
    expect(done.statusCode, done.body).toBe(200);

    // The customer sees what was done, and why one was not; the cleaner's checklist is closed now.
    const seen = await checklist(who.headers, id);
    expect(seen.items.map((item) => [item.textEn, item.ticked, item.note])).toEqual([
      ['Vacuum the floors', true, null],
      ['Clean the windows', false, 'No ladder for the high ones'],
      ['Empty the bins', true, null],
    ]);
    const late = await answer(cleaner.headers, id, bins.itemId, { ticked: false, note: 'oops' });
    expect(late.json()).toMatchObject({ code: 'APPOINTMENT_CLOSED' });
  });

  it('the office completes without the checklist answered', async () => {
    const { id, admin, cleaner } = await visitWithChecklist();
    await step(cleaner.headers, id, { step: 'arrived' });
    const done = await step(admin.headers, id, { step: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
  });
});
