import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addDays,
  appointmentSchema,
  dispatchBoardSchema,
  errorBodySchema,
  jobSchema,
  myDaySchema,
  shiftHoursSchema,
  slotDaysResponseSchema,
  type slotsResponseSchema,
} from '@eclat/shared';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { world, type Headers } from '../../../test/world.ts';
import { makeService, makeVisit } from '../../../test/factories.ts';

const TZ = 'America/Toronto';
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ).toISOString();
let offset = 40;
/** A fresh business day for each test, weeks ahead (past the minimum notice), never shared. */
const freshDay = () => addDays(todayIn(TZ), (offset += 2));

const reasons = (slots: z.infer<typeof slotsResponseSchema>) =>
  Object.fromEntries(slots.slots.map((slot) => [slot.hour, slot.reason]));

describe('a fresh install without a team', () => {
  let app: TestApp;
  const w = world(() => app);
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('still books, two visits an hour (the old rule), with nobody planned', async () => {
    const hour = await makeService(app, { title: 'One hour', durationMinutes: 60 });
    const date = freshDay();
    const [a, b, c] = [await w.customer(), await w.customer(), await w.customer()];
    expect((await w.book(a, hour, at(date, 10))).statusCode).toBe(201);
    expect((await w.book(b, hour, at(date, 10))).statusCode).toBe(201);
    const third = await w.book(c, hour, at(date, 10));
    expect(third.statusCode).toBe(409);
    expect(errorBodySchema.parse(third.json()).code).toBe('SLOT_FULL');
    expect(reasons(await w.slots(date, hour))[10]).toBe('full');
    expect(reasons(await w.slots(date, hour))[11]).toBeNull();
  });
});

describe('scheduling from the team', () => {
  let app: TestApp;
  const w = world(() => app);
  let admin: Headers;
  let hour: string;
  let threeHours: string;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = (await w.as(['admin'])).headers;
    hour = await makeService(app, { title: 'One hour', durationMinutes: 60 });
    threeHours = await makeService(app, { title: 'Three hours', durationMinutes: 180 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('opens only the times someone works, by their shifts and the hours the admin set', async () => {
    const ana = await w.employee('Ana');
    const date = freshDay();
    await w.available(ana.headers, date, 'MORNING');
    const day = reasons(await w.slots(date, hour));
    // MORNING is 09:00-13:00: one-hour visits start 09:00 to 12:00.
    expect([9, 10, 11, 12].map((h) => day[h])).toEqual([null, null, null, null]);
    expect([13, 15, 20].map((h) => day[h])).toEqual(['closed', 'closed', 'closed']);
    // A three-hour visit must fit inside the shift.
    const long = reasons(await w.slots(date, threeHours));
    expect([9, 10, 11].map((h) => long[h])).toEqual([null, null, 'closed']);
    // Nobody works the day after.
    expect(Object.values(reasons(await w.slots(addDays(date, 1), hour))).every((r) => r === 'closed')).toBe(
      true,
    );

    // The admin moves the morning to 08:00-14:00: 13:00 opens at once.
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/shift-hours',
      headers: admin,
      payload: {
        MORNING: { start: '08:00', end: '14:00' },
        EVENING: { start: '14:00', end: '17:00' },
        NIGHT: { start: '17:00', end: '21:00' },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(reasons(await w.slots(date, hour))[13]).toBeNull();
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/shift-hours',
      headers: admin,
      payload: {
        MORNING: { start: '13:00', end: '09:00' },
        EVENING: { start: '25:00', end: '17:00' },
        NIGHT: { start: '17:00', end: '21:00' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      errorBodySchema
        .parse(bad.json())
        .details?.map((d) => `${d.path}:${d.message}`)
        .sort(),
    ).toEqual(['body.EVENING.start:scheduling.errors.time', 'body.MORNING.end:scheduling.errors.shiftOrder']);
    // Back to the defaults for the other tests.
    await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/shift-hours',
      headers: admin,
      payload: {
        MORNING: { start: '09:00', end: '13:00' },
        EVENING: { start: '13:00', end: '17:00' },
        NIGHT: { start: '17:00', end: '21:00' },
      },
    });

    // The month view marks the days with nothing free and says why.
    const days = await app.inject({
      method: 'GET',
      url: `/api/v1/slots/days?from=${date}&to=${addDays(date, 1)}&serviceIds=${hour}`,
    });
    expect(days.statusCode).toBe(200);
    expect(slotDaysResponseSchema.parse(days.json()).days).toEqual([
      { date, available: true, reason: null },
      { date: addDays(date, 1), available: false, reason: 'closed' },
    ]);
    const tooMany = await app.inject({
      method: 'GET',
      url: `/api/v1/slots/days?from=${date}&to=${addDays(date, 42)}`,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('gives every booking a cleaner and keeps the travel buffer between two jobs', async () => {
    const ben = await w.employee('Ben');
    const date = freshDay();
    await w.available(ben.headers, date, 'MORNING');
    const first = await w.book(await w.customer(), hour, at(date, 9));
    expect(first.statusCode).toBe(201);
    const visit = appointmentSchema.parse(first.json());
    expect(await w.assignees(visit.appointmentId, admin)).toEqual([ben.id]);
    // 09:00-10:00 plus 30 minutes of travel: 10:00 is taken, 11:00 is free.
    const day = reasons(await w.slots(date, hour));
    expect(day[9]).toBe('noCleaner');
    expect(day[10]).toBe('noCleaner');
    expect(day[11]).toBeNull();
    const refused = await w.book(await w.customer(), hour, at(date, 10));
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).code).toBe('NO_CLEANER_FREE');
    expect((await w.book(await w.customer(), hour, at(date, 11))).statusCode).toBe(201);
  });

  it('gives 20 simultaneous bookings of one time with 3 free cleaners exactly 3 visits, each with a different cleaner', async () => {
    const date = freshDay();
    const team = [await w.employee('Cid'), await w.employee('Dee'), await w.employee('Eve')];
    for (const member of team) await w.available(member.headers, date, 'EVENING');
    const customers = await Promise.all(Array.from({ length: 20 }, () => w.customer()));
    const results = await Promise.all(customers.map((who) => w.book(who, hour, at(date, 14))));
    const created = results.filter((res) => res.statusCode === 201);
    expect(created).toHaveLength(3);
    const refused = results.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(17);
    expect(new Set(refused.map((res) => errorBodySchema.parse(res.json()).code))).toEqual(
      new Set(['NO_CLEANER_FREE']),
    );
    const cleaners = await Promise.all(
      created.map(async (res) => w.assignees(appointmentSchema.parse(res.json()).appointmentId, admin)),
    );
    expect(cleaners.every((list) => list.length === 1)).toBe(true);
    expect(new Set(cleaners.flat())).toEqual(new Set(team.map((member) => member.id)));
  });

  it('picks the least booked cleaner of the week, then the one the customer had last time', async () => {
    const date = freshDay();
    const fay = await w.employee('Fay', 'Aaa');
    const gus = await w.employee('Gus', 'Bbb');
    for (const member of [fay, gus]) {
      await w.available(member.headers, date, 'MORNING');
      await w.available(member.headers, date, 'EVENING');
    }
    const regular = await w.customer();
    // Equal weeks: by name, Fay (Aaa) first.
    const one = await makeVisit(app, regular, { serviceIds: [hour], appointmentDate: at(date, 9) });
    expect(await w.assignees(one.appointmentId, admin)).toEqual([fay.id]);
    // Fay has one job this week, Gus none: the next visit goes to Gus.
    const two = await makeVisit(app, await w.customer(), {
      serviceIds: [hour],
      appointmentDate: at(date, 13),
    });
    expect(await w.assignees(two.appointmentId, admin)).toEqual([gus.id]);
    // One each now: the regular customer gets Fay again, their cleaner last time.
    const again = await makeVisit(app, regular, { serviceIds: [hour], appointmentDate: at(date, 15) });
    expect(await w.assignees(again.appointmentId, admin)).toEqual([fay.id]);
  });

  it('lets the admin reassign within the rules, or leave a visit unassigned, which still holds a place', async () => {
    const date = freshDay();
    const hal = await w.employee('Hal');
    const ida = await w.employee('Ida');
    await w.available(hal.headers, date, 'MORNING');
    await w.available(ida.headers, date, 'MORNING');
    const firstCustomer = await w.customer();
    const first = await makeVisit(app, firstCustomer, { serviceIds: [hour], appointmentDate: at(date, 9) });
    const second = await makeVisit(app, await w.customer(), {
      serviceIds: [hour],
      appointmentDate: at(date, 10),
    });
    const [firstCleaner] = await w.assignees(first.appointmentId, admin);
    const [secondCleaner] = await w.assignees(second.appointmentId, admin);
    expect(new Set([firstCleaner, secondCleaner])).toEqual(new Set([hal.id, ida.id]));
    // The second cleaner cannot take the 09:00 visit: it would overlap their 10:00 (and its buffer).
    const clash = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${first.appointmentId}/assignments`,
      headers: admin,
      payload: { employeeIds: [secondCleaner] },
    });
    expect(clash.statusCode).toBe(409);
    expect(errorBodySchema.parse(clash.json()).details?.[0]?.message).toBe('assignments.errors.overlap');

    // Unassigned, the 09:00 visit still holds a cleaner's place: 09:00 stays not bookable.
    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${first.appointmentId}/assignments`,
      headers: admin,
      payload: { employeeIds: [] },
    });
    expect(cleared.statusCode).toBe(200);
    expect(reasons(await w.slots(date, hour))[9]).toBe('noCleaner');
    // Its customer still changes its comments: it keeps its place, nobody is re-planned.
    const comments = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${first.appointmentId}`,
      headers: firstCustomer.headers,
      payload: { serviceIds: [hour], appointmentDate: at(date, 9), comments: 'Side door' },
    });
    expect(comments.statusCode, comments.body).toBe(200);
    expect(await w.assignees(first.appointmentId, admin)).toEqual([]);

    const board = dispatchBoardSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/dispatch?date=${date}`, headers: admin })).json(),
    );
    const [today] = board.days;
    expect(today?.unassigned.map((visit) => visit.appointmentId)).toEqual([first.appointmentId]);
    const lane = today?.lanes.find((row) => row.employeeId === secondCleaner);
    expect(lane?.visits.map((visit) => visit.appointmentId)).toEqual([second.appointmentId]);
    expect(lane?.shifts.map((shift) => [shift.shift, shift.startsAt, shift.endsAt])).toEqual([
      ['MORNING', at(date, 9), at(date, 13)],
    ]);
    // A week view: Monday to Sunday around that day.
    const week = dispatchBoardSchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/v1/dispatch?date=${date}&view=week`, headers: admin })
      ).json(),
    );
    expect(week.days).toHaveLength(7);
    expect(week.days.map((d) => d.date)).toContain(date);
    expect(new Date(`${week.from}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it("moves a customer's visit with its cleaner when they are free, and refuses a time with nobody free", async () => {
    const date = freshDay();
    const jo = await w.employee('Jo');
    await w.available(jo.headers, date, 'MORNING');
    const who = await w.customer();
    const visit = await makeVisit(app, who, { serviceIds: [hour], appointmentDate: at(date, 9) });
    const move = (startsAt: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/appointments/customer/${visit.appointmentId}`,
        headers: who.headers,
        payload: { serviceIds: [hour], appointmentDate: startsAt },
      });
    // 10:00 is inside its own buffer, but the visit itself does not count against its move.
    expect((await move(at(date, 10))).statusCode).toBe(200);
    expect(await w.assignees(visit.appointmentId, admin)).toEqual([jo.id]);
    const nobody = await move(at(date, 15));
    expect(nobody.statusCode).toBe(409);
    expect(errorBodySchema.parse(nobody.json()).code).toBe('NO_CLEANER_FREE');
  });

  it('asks what to do with the visits of an availability before deleting it, and leaves them to the admin', async () => {
    const date = freshDay();
    const kim = await w.employee('Kim');
    const morning = await w.available(kim.headers, date, 'MORNING');
    const evening = await w.available(kim.headers, date, 'EVENING');
    const visit = await makeVisit(app, await w.customer(), {
      serviceIds: [hour],
      appointmentDate: at(date, 10),
    });
    expect(await w.assignees(visit.appointmentId, admin)).toEqual([kim.id]);

    // The evening holds no visit: it goes at once.
    const jobsOf = async (id: string) =>
      z.array(jobSchema).parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/availabilities/${id}/jobs`,
            headers: kim.headers,
          })
        ).json(),
      );
    expect(await jobsOf(evening)).toEqual([]);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/availabilities/my-availabilities/${evening}`,
          headers: kim.headers,
        })
      ).statusCode,
    ).toBe(204);
    // Another employee neither reads nor deletes Kim's.
    const other = await w.employee('Lee');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/availabilities/${morning}/jobs`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/availabilities/my-availabilities/${morning}?jobs=unassign`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(403);
    // The morning holds the 10:00 visit.
    expect((await jobsOf(morning)).map((job) => job.appointmentId)).toEqual([visit.appointmentId]);
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/v1/availabilities/my-availabilities/${morning}`,
      headers: kim.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).code).toBe('AVAILABILITY_HAS_JOBS');
    const dayOff = await app.inject({
      method: 'DELETE',
      url: `/api/v1/availabilities/my-availabilities/${morning}?jobs=unassign`,
      headers: kim.headers,
    });
    expect(dayOff.statusCode).toBe(204);
    expect(await w.assignees(visit.appointmentId, admin)).toEqual([]);
    const board = dispatchBoardSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/dispatch?date=${date}`, headers: admin })).json(),
    );
    expect(board.days[0]?.unassigned.map((v) => v.appointmentId)).toEqual([visit.appointmentId]);
  });

  it('shows an employee their own day, in order, with addresses and comments', async () => {
    const date = freshDay();
    const lu = await w.employee('Lu');
    await w.available(lu.headers, date, 'MORNING');
    const who = await w.customer();
    await makeVisit(app, who, {
      serviceIds: [hour],
      appointmentDate: at(date, 11),
      comments: 'Code 1234 at the door',
    });
    await makeVisit(app, await w.customer(), { serviceIds: [hour], appointmentDate: at(date, 9) });
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/dispatch/my-day?date=${date}`,
      headers: lu.headers,
    });
    expect(res.statusCode).toBe(200);
    const day = myDaySchema.parse(res.json());
    expect(day.visits.map((visit) => visit.startsAt)).toEqual([at(date, 9), at(date, 11)]);
    expect(day.visits[1]).toMatchObject({
      address: '12 Rue Sainte Catherine',
      comments: 'Code 1234 at the door',
    });
    expect(day.shifts.map((shift) => shift.shift)).toEqual(['MORNING']);
  });

  it('lets only admins see the board and set the shift hours; employees read the hours and their own day', async () => {
    const employee = await w.employee('Mo');
    const customer = (await w.as(['customer'])).headers;
    const date = freshDay();
    const get = (url: string, headers?: Headers) =>
      app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
    expect((await get(`/api/v1/dispatch?date=${date}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/v1/dispatch?date=${date}`, employee.headers)).statusCode).toBe(403);
    expect((await get(`/api/v1/dispatch?date=${date}`, customer)).statusCode).toBe(403);
    expect((await get(`/api/v1/dispatch?date=${date}`)).statusCode).toBe(401);
    expect((await get('/api/v1/settings/shift-hours', employee.headers)).statusCode).toBe(200);
    expect((await get('/api/v1/settings/shift-hours', customer)).statusCode).toBe(403);
    const hours = shiftHoursSchema.parse((await get('/api/v1/settings/shift-hours', admin)).json());
    const put = (headers: Headers) =>
      app.inject({ method: 'PUT', url: '/api/v1/settings/shift-hours', headers, payload: hours });
    expect((await put(employee.headers)).statusCode).toBe(403);
    expect((await put(customer)).statusCode).toBe(403);
    expect((await put(admin)).statusCode).toBe(200);
    expect((await get(`/api/v1/dispatch/my-day?date=${date}`, employee.headers)).statusCode).toBe(200);
    expect((await get(`/api/v1/dispatch/my-day?date=${date}`, customer)).statusCode).toBe(403);
    // An admin posts a team member's availability; an employee cannot post someone else's.
    const payload = { employeeId: employee.id, availableDate: date, shift: 'NIGHT' };
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/availabilities', headers: admin, payload }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/availabilities',
          headers: employee.headers,
          payload,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the minimum notice', () => {
  let app: TestApp;
  const w = world(() => app);
  beforeAll(async () => {
    app = await buildTestApp({ MIN_NOTICE_HOURS: '48' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps customers from booking sooner than the notice; the office may', async () => {
    const hour = await makeService(app, { title: 'One hour', durationMinutes: 60 });
    // Tomorrow's last start (20:00) is at most 44 hours away: every time tomorrow is too soon.
    const tomorrow = addDays(todayIn(TZ), 1);
    const slots = await w.slots(tomorrow, hour);
    expect(slots.minNoticeHours).toBe(48);
    expect(slots.slots.every((slot) => slot.reason === 'notice' || slot.reason === 'past')).toBe(true);
    const who = await w.customer();
    const refused = await w.book(who, hour, at(tomorrow, 20));
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.parse(refused.json()).details).toEqual([
      { path: 'body.appointmentDate', message: 'appointments.errors.notice' },
    ]);
    const admin = (await w.as(['admin'])).headers;
    const byOffice = await app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: admin,
      payload: {
        customerId: who.customerId,
        serviceIds: [hour],
        appointmentDate: at(tomorrow, 20),
        status: 'pending',
      },
    });
    expect(byOffice.statusCode).toBe(201);
    // Three days ahead is open.
    expect(reasons(await w.slots(addDays(todayIn(TZ), 3), hour))[9]).toBeNull();
  });
});
