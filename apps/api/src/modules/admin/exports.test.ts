import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentServices, appointments, customers } from '../../db/schema/index.ts';
import { fromLocal } from '../../lib/time-zone.ts';
import { headersAs } from '../../../test/auth.ts';
import { csvRecords, parseCsv } from '../../../test/csv-text.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeCustomerRecord, makeEmployee } from '../../../test/factories.ts';
import { CSV_BATCH_ROWS } from './exports.routes.ts';

/** Issue 17: the CSV exports, read back with a spreadsheet's rules. */
const TZ = 'America/Toronto';
let app: TestApp;
useTestApp(
  (built) => {
    app = built;
  },
  { BUSINESS_TIMEZONE: TZ, JOBS_ENABLED: 'false' },
);

const ROUTES = [
  '/api/v1/admin/exports/appointments.csv',
  '/api/v1/admin/exports/customers.csv',
  '/api/v1/admin/exports/employees.csv',
];
/** More customers than one batch holds, so the keyset reads several. */
const BULK_CUSTOMERS = CSV_BATCH_ROWS + 250;

let admin: Record<string, string>;
let tricky: { id: string };

beforeAll(async () => {
  admin = await headersAs(app, 'admin');
  // Hand-written: an address (with a line break) beside an email of its own, which neither the admin's
  // form (no address) nor a customer's own profile (their account's email) stores.
  const [row] = await app.db
    .insert(customers)
    .values({
      firstName: 'Françoise',
      lastName: 'Lefèvre, "Fanfan"',
      email: 'francoise@example.com',
      phoneNumber: '514-555-0199',
      companyName: '=HYPERLINK("http://evil.example")',
      address: '12 Rue de l’Hôtel-de-Ville\nApp. 3',
      postalCode: 'H2X 1Y4',
    })
    .returning();
  if (!row) throw new Error('no customer');
  tricky = row;
  for (let n = 1; n <= BULK_CUSTOMERS; n += 1) {
    await makeCustomerRecord(app, {
      firstName: 'Bulk',
      lastName: `Zz${String(n).padStart(5, '0')}`,
      email: `bulk${n}@example.com`,
      phoneNumber: '416-555-0100',
    });
  }
  await makeEmployee(app, {
    firstName: 'Noël',
    lastName: 'Garçon',
    phoneNumber: '416-555-0101',
    role: 'Chef d’équipe',
  });
  await makeEmployee(app, {
    firstName: 'Ana',
    lastName: 'Ortiz',
    phoneNumber: '416-555-0102',
    role: '+Cleaner',
    isActive: false,
  });
  // Hand-written: visits in the past (October and November 2026), one cancelled, which no booking makes.
  const visit = async (
    date: string,
    hour: number,
    status: 'pending' | 'confirmed' | 'cancelled',
    comments: string | null,
  ) => {
    const start = fromLocal(date, hour, 0, TZ);
    const [made] = await app.db
      .insert(appointments)
      .values({
        customerId: row.id,
        customerFirstName: row.firstName,
        customerLastName: row.lastName,
        appointmentDate: start,
        endsAt: new Date(start.getTime() + 3_600_000),
        status,
        totalPrice: 123.45,
        comments,
        address: row.address,
      })
      .returning();
    if (!made) throw new Error('no visit');
    await app.db.insert(appointmentServices).values([
      { appointmentId: made.id, position: 0, title: 'Ménage complet', price: 100, durationMinutes: 60 },
      { appointmentId: made.id, position: 1, title: 'Vitres', price: 23.45, durationMinutes: 30 },
    ]);
  };
  await visit('2026-11-02', 9, 'confirmed', 'Code de porte : 1234, sonnez "deux fois"\nMerci !');
  await visit('2026-11-03', 14, 'cancelled', null);
  await visit('2026-11-20', 10, 'confirmed', '-2 chats');
  await visit('2026-10-01', 10, 'pending', null);
});

const get = (url: string, headers: Record<string, string> = admin) =>
  app.inject({ method: 'GET', url, headers });

describe('the CSV exports: who may', () => {
  it('answers 401 to anonymous callers, 403 to customers and employees, 200 to an admin', async () => {
    const customer = await headersAs(app, 'customer');
    const employee = await headersAs(app, 'employee');
    for (const url of ROUTES) {
      expect([url, (await get(url, {})).statusCode]).toEqual([url, 401]);
      for (const headers of [customer, employee]) {
        const res = await get(url, headers);
        expect([url, res.statusCode]).toEqual([url, 403]);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      expect([url, (await get(url)).statusCode]).toEqual([url, 200]);
    }
  });

  it('refuses a bad filter with a 400, never a 5xx', async () => {
    for (const query of ['status=lost', 'from=2026-13-01', 'from=2026-11-10&to=2026-11-01', 'lang=de']) {
      const res = await get(`${ROUTES[0]}?${query}`);
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /admin/exports/customers.csv', () => {
  it('is UTF-8 with a BOM, an attachment, every customer once in name order, accents and quoting intact', async () => {
    const res = await get(ROUTES[1] ?? '');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const parsed = parseCsv(res.rawPayload.toString('utf8'));
    expect(parsed.hasBom).toBe(true);
    expect(parsed.rows[0]).toEqual([
      'First name',
      'Last name',
      'Email',
      'Phone number',
      'Company name',
      'Address',
      'Postal code',
      'Customer ID',
    ]);
    const records = csvRecords(parsed);
    expect(records).toHaveLength(BULK_CUSTOMERS + 1);
    expect(new Set(records.map((record) => record['Customer ID'])).size).toBe(BULK_CUSTOMERS + 1);
    const names = records.map((record) => record['Last name'] ?? '');
    expect(names.slice(1)).toEqual([...names.slice(1)].sort());
    expect(records[0]).toEqual({
      'First name': 'Françoise',
      'Last name': 'Lefèvre, "Fanfan"',
      Email: 'francoise@example.com',
      'Phone number': '514-555-0199',
      // A formula stays text: an apostrophe before it.
      'Company name': `'=HYPERLINK("http://evil.example")`,
      Address: '12 Rue de l’Hôtel-de-Ville\nApp. 3',
      'Postal code': 'H2X 1Y4',
      'Customer ID': tricky.id,
    });
  });

  it('has French headers for ?lang=fr, and for Accept-Language: fr', async () => {
    for (const res of [
      await get(`${ROUTES[1]}?lang=fr`),
      await get(ROUTES[1] ?? '', { ...admin, 'accept-language': 'fr-CA,fr;q=0.9' }),
    ]) {
      expect(parseCsv(res.rawPayload.toString('utf8')).rows[0]).toEqual([
        'Prénom',
        'Nom',
        'Courriel',
        'Téléphone',
        'Entreprise',
        'Adresse',
        'Code postal',
        'N° du client',
      ]);
    }
  });
});

describe('GET /admin/exports/employees.csv', () => {
  it('lists the employees with their role and whether they are active, in the language asked for', async () => {
    const res = await get(`${ROUTES[2]}?lang=fr`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="employees.csv"');
    const records = csvRecords(parseCsv(res.rawPayload.toString('utf8')));
    expect(records.map((record) => [record['Prénom'], record.Nom, record['Rôle'], record.Actif])).toEqual([
      ['Noël', 'Garçon', 'Chef d’équipe', 'Oui'],
      ['Ana', 'Ortiz', `'+Cleaner`, 'Non'],
    ]);
  });
});

describe('GET /admin/exports/appointments.csv', () => {
  it('keeps to the filter of the table: business-local days and a status', async () => {
    const res = await get(`${ROUTES[0]}?from=2026-11-01&to=2026-11-30&status=confirmed`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="appointments-from-2026-11-01-to-2026-11-30-confirmed.csv"',
    );
    const parsed = parseCsv(res.rawPayload.toString('utf8'));
    expect(parsed.hasBom).toBe(true);
    const records = csvRecords(parsed);
    // Newest first, like the table.
    expect(records.map((record) => [record.Date, record.Time, record.Status])).toEqual([
      ['2026-11-20', '10:00', 'Confirmed'],
      ['2026-11-02', '09:00', 'Confirmed'],
    ]);
    expect(records[1]).toMatchObject({
      'Customer first name': 'Françoise',
      'Customer last name': 'Lefèvre, "Fanfan"',
      Services: 'Ménage complet, Vitres',
      'Total (CAD)': '123.45',
      Address: '12 Rue de l’Hôtel-de-Ville\nApp. 3',
      Comments: 'Code de porte : 1234, sonnez "deux fois"\nMerci !',
      Recurring: 'No',
      'Customer ID': tricky.id,
    });
    expect(records[0]?.Comments).toBe(`'-2 chats`);
  });

  it('lists every appointment without a filter, with French headers and statuses', async () => {
    const res = await get(`${ROUTES[0]}?lang=fr`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="appointments.csv"');
    const records = csvRecords(parseCsv(res.rawPayload.toString('utf8')));
    expect(records.map((record) => [record.Date, record.Heure, record.Statut])).toEqual([
      ['2026-11-20', '10:00', 'Confirmé'],
      ['2026-11-03', '14:00', 'Annulé'],
      ['2026-11-02', '09:00', 'Confirmé'],
      ['2026-10-01', '10:00', 'En attente'],
    ]);
    expect(records[0]?.['Prénom du client']).toBe('Françoise');
  });
});
