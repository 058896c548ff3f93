import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentSchema,
  appointmentsPageSchema,
  errorBodySchema,
  HOME_LIMITS,
  MAX_QUOTE_CENTS,
  MAX_VISIT_MINUTES,
  quoteSchema,
  seriesDetailSchema,
} from '@eclat/shared';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { appointments, appointmentSeries, quoteRequests } from '../src/db/schema/index.ts';
import { fromLocal, todayIn } from '../src/lib/time-zone.ts';
import { useTestApp, type TestApp } from './helpers.ts';
import type { JsonSchema, OpenApiDocument } from './openapi-arbitraries.ts';
import { world, type Headers } from './world.ts';
import { call, makeQuote, makeService, quoteRequest } from './factories.ts';

/**
 * Stored means readable (issue 27, deliverable 1, decision 034): what the API accepts, every read that
 * shows it answers; a quote of 50 bedrooms once booked a visit whose breakdown no list could send.
 */
const TZ = 'America/Toronto';
/** A start at `hour` business time, `days` from today (09:00 leaves room for the longest visit). */
const startIn = (days: number, hour = 9) => fromLocal(addDays(todayIn(TZ), days), hour, 0, TZ).toISOString();

let app: TestApp;
useTestApp((built) => {
  app = built;
});
const w = world(() => app);

/** The three reads that broke: the staff's table (admin and employee), My Appointments, the record. */
async function expectReadable(appointmentId: string, customer: Headers) {
  const admin = await w.as(['admin']);
  const employee = await w.as(['employee']);
  for (const who of [admin, employee]) {
    const page = await call(app, 'GET', '/appointments/paged?size=50', who.headers);
    expect(page.statusCode, page.body).toBe(200);
    const ids = appointmentsPageSchema.parse(page.json()).content.map((row) => row.appointmentId);
    expect(ids).toContain(appointmentId);
  }
  const mine = await call(app, 'GET', '/appointments/my-appointments', customer);
  expect(mine.statusCode, mine.body).toBe(200);
  expect(
    appointmentSchema
      .array()
      .parse(mine.json())
      .map((row) => row.appointmentId),
  ).toContain(appointmentId);
  for (const headers of [admin.headers, customer]) {
    const one = await call(app, 'GET', `/appointments/${appointmentId}`, headers);
    expect(one.statusCode, one.body).toBe(200);
    appointmentSchema.parse(one.json());
  }
}

async function answerAndAccept(quoteId: string, customer: Headers, days: number) {
  const admin = await w.as(['admin']);
  const answer = await call(app, 'PUT', `/quotes/${quoteId}/answer`, admin.headers, {
    priceCents: MAX_QUOTE_CENTS,
    durationMinutes: MAX_VISIT_MINUTES,
    message: 'é'.repeat(2000),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return call(app, 'POST', `/quotes/${quoteId}/accept`, customer, {
    appointmentDate: startIn(days),
    comments: 'x'.repeat(1000),
  });
}

describe('a quote of a home larger than the limits (the 50 bedrooms of issue 27)', () => {
  it('is refused when asked, with the field, and nothing is stored', async () => {
    const who = await w.customer();
    for (const [field, value] of [
      ['bedrooms', HOME_LIMITS.bedrooms.max + 30],
      ['bathrooms', HOME_LIMITS.bathrooms.min - 1],
      ['bathrooms', HOME_LIMITS.bathrooms.max + 1],
      ['areaSqft', HOME_LIMITS.area.max + 1],
    ] as const) {
      const res = await call(app, 'POST', '/quotes', who.headers, quoteRequest({ [field]: value }));
      expect(res.statusCode, `${field} ${value}: ${res.body}`).toBe(400);
      expect(errorBodySchema.parse(res.json()).details?.map((detail) => detail.path)).toEqual([
        `body.${field}`,
      ]);
    }
    const rows = await app.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.customerId, who.customerId));
    expect(rows).toEqual([]);
  });

  it('at the largest home it allows: asked, answered, accepted (201), and every list shows the visit', async () => {
    const who = await w.customer();
    const quote = await makeQuote(app, who.headers, {
      bedrooms: HOME_LIMITS.bedrooms.max,
      bathrooms: HOME_LIMITS.bathrooms.max,
      areaSqft: HOME_LIMITS.area.max,
      description: 'é'.repeat(2000),
    });
    const accepted = await answerAndAccept(quote.quoteId, who.headers, 20);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const visit = appointmentSchema.parse(accepted.json());
    expect(visit.priceBreakdown?.home).toEqual({
      bedrooms: HOME_LIMITS.bedrooms.max,
      bathrooms: HOME_LIMITS.bathrooms.max,
    });
    await expectReadable(visit.appointmentId, who.headers);
  });

  it('asked before the limits held (50 bedrooms, 0 bathrooms): accepted at its price, and readable', async () => {
    const who = await w.customer();
    const [row] = await app.db
      .insert(quoteRequests)
      .values({
        customerId: who.customerId,
        services: [],
        description: 'Stored before the limits were shared.',
        address: '88 West Hastings Street',
        postalCode: 'V6B 1A1',
        bedrooms: 50,
        bathrooms: 0,
        areaSqft: 5_000_000,
        preferredDates: [],
      })
      .returning({ id: quoteRequests.id });
    if (!row) throw new Error('no quote');
    const accepted = await answerAndAccept(row.id, who.headers, 21);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const visit = appointmentSchema.parse(accepted.json());
    expect(visit.totalPrice).toBe(MAX_QUOTE_CENTS / 100);
    expect(visit.priceBreakdown?.totalCents).toBe(MAX_QUOTE_CENTS);
    // The visit's home is a home (within the limits); the quote keeps what was asked.
    expect(visit.priceBreakdown?.home).toEqual({
      bedrooms: HOME_LIMITS.bedrooms.max,
      bathrooms: HOME_LIMITS.bathrooms.min,
    });
    await expectReadable(visit.appointmentId, who.headers);
    const quote = await call(app, 'GET', `/quotes/${row.id}`, who.headers);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quoteSchema.parse(quote.json())).toMatchObject({ bedrooms: 50, bathrooms: 0, status: 'accepted' });
  });

  it('a visit whose stored breakdown says more than the limits (written before them) is still read', async () => {
    const who = await w.customer();
    const asked = await makeQuote(app, who.headers, { bedrooms: 2 });
    const accepted = await answerAndAccept(asked.quoteId, who.headers, 22);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const visit = appointmentSchema.parse(accepted.json());
    const breakdown = visit.priceBreakdown;
    if (!breakdown) throw new Error('no breakdown');
    await app.db
      .update(appointments)
      .set({ priceBreakdown: { ...breakdown, home: { bedrooms: 50, bathrooms: 0, area: 9_999_999 } } })
      .where(eq(appointments.id, visit.appointmentId));
    await expectReadable(visit.appointmentId, who.headers);
  });
});

/** The repair of migration 0021, run again on this database (one session: it makes a temporary function). */
async function runRepair() {
  const text = await fs.readFile(path.join(MIGRATIONS_DIR, '0020_readable_homes.sql'), 'utf8');
  const client = await app.db.$client.connect();
  try {
    for (const statement of text.split('--> statement-breakpoint')) await client.query(statement);
  } finally {
    client.release();
  }
}

describe('migration 0021: the homes stored beyond the limits', () => {
  it('are brought within them, prices kept, and read back; a second run changes nothing', async () => {
    const who = await w.customer();
    const asked = await makeQuote(app, who.headers, { bedrooms: 3 });
    const accepted = await answerAndAccept(asked.quoteId, who.headers, 23);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const visit = appointmentSchema.parse(accepted.json());
    const breakdown = visit.priceBreakdown;
    if (!breakdown) throw new Error('no breakdown');
    const [line] = breakdown.lines;
    if (!line) throw new Error('no line');
    // As a visit of a quote asked before the limits were shared kept it (and a line's basis, likewise).
    const broken = {
      ...breakdown,
      home: { bedrooms: 50, bathrooms: 0, area: 2_000_000, areaUnit: 'sqft' as const },
      lines: [{ ...line, basis: { bedrooms: 35, bathrooms: 25 } }],
    };
    await app.db
      .update(appointments)
      .set({ priceBreakdown: broken })
      .where(eq(appointments.id, visit.appointmentId));

    const serviceId = await makeService(app, { title: 'Regular Cleaning', durationMinutes: 60 });
    const booked = await call(app, 'POST', `/series/customers/${who.customerId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: startIn(24, 10),
      frequency: 'every4Weeks',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const series = seriesDetailSchema.parse(booked.json());
    await app.db
      .update(appointmentSeries)
      .set({ home: { bedrooms: 50, bathrooms: 0 } })
      .where(eq(appointmentSeries.id, series.seriesId));

    for (let run = 0; run < 2; run += 1) {
      await runRepair();
      const one = await call(app, 'GET', `/appointments/${visit.appointmentId}`, who.headers);
      expect(one.statusCode, one.body).toBe(200);
      const repaired = appointmentSchema.parse(one.json());
      expect(repaired.priceBreakdown).toEqual({
        ...breakdown,
        home: { bedrooms: 20, bathrooms: 1, area: 1_000_000, areaUnit: 'sqft' },
        lines: [{ ...line, basis: { bedrooms: 20, bathrooms: 20 } }],
      });
      // The price agreed to is kept, to the cent.
      expect(repaired.totalPrice).toBe(visit.totalPrice);
      expect(repaired.priceBreakdown?.totalCents).toBe(breakdown.totalCents);
      const read = await call(app, 'GET', `/series/${series.seriesId}`, who.headers);
      expect(read.statusCode, read.body).toBe(200);
      seriesDetailSchema.parse(read.json());
      const [row] = await app.db
        .select({ home: appointmentSeries.home })
        .from(appointmentSeries)
        .where(eq(appointmentSeries.id, series.seriesId));
      expect(row?.home).toEqual({ bedrooms: 20, bathrooms: 1 });
      await expectReadable(visit.appointmentId, who.headers);
    }
  });
});

/** The keywords that limit a value (beyond its type and format). */
const LIMITS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern'] as const;
/**
 * The limits a response may still say, each because nothing else writes the value: it is written only
 * through the same schema (a service's pricing model, the settings), held by a CHECK (stars), or
 * computed (a weekday, the sign-in settings), or a uuid's length (a service id). Anything else in a response is a limit a stored row may
 * not meet (decision 034).
 */
const READ_LIMITS_ALLOWED = [
  'PricingModel.',
  'Feedback.stars',
  'RecurringDiscounts.',
  'ShiftHours.',
  'AuthConfig.',
  'Series.weekday',
  'SeriesDetail.weekday',
  'Service.serviceId',
  // The tax settings (issue 29): written only through `PUT /admin/settings/taxes`, by the same schema;
  // a visit's tax lines carry those rates.
  'TaxSettings.',
  'TaxRate.',
  'TaxLine.',
  // A service's deposit (decision 057): written only through `PUT /admin/services/{id}/deposit`, by the
  // same schema, and read back as it was stored.
  'DepositRule.',
];

/** Every limit of the schemas the operations answer with, named `Component.path.to.field`. */
function responseLimits(document: OpenApiDocument): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, where);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const schema = node as JsonSchema & Record<string, unknown>;
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      if (seen.has(name)) return;
      seen.add(name);
      walk(document.components?.schemas?.[name], name);
      return;
    }
    for (const keyword of LIMITS) {
      const value = schema[keyword];
      if (value === undefined) continue;
      // The bounds zod gives every integer, and the pattern written with a format, are its type.
      if (typeof value === 'number' && Math.abs(value) >= Number.MAX_SAFE_INTEGER) continue;
      if (keyword === 'pattern' && schema.format) continue;
      found.add(`${where}: ${keyword}`);
    }
    for (const [key, inner] of Object.entries(schema.properties ?? {})) walk(inner, `${where}.${key}`);
    for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties'] as const) {
      walk(schema[key], where);
    }
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const responses = (
        operation as { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }
      ).responses;
      for (const [status, response] of Object.entries(responses ?? {})) {
        if (!status.startsWith('2')) continue;
        for (const content of Object.values(response.content ?? {})) {
          walk(content.schema, `${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
  }
  return [...found].sort();
}

describe('the read schemas', () => {
  it('carry no limit of a request: what is stored is what they say (the few written by one schema aside)', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    const limits = responseLimits(document);
    expect(limits.length).toBeGreaterThan(0);
    const unexpected = limits.filter(
      (limit) => !READ_LIMITS_ALLOWED.some((allowed) => limit.split(':')[0]?.startsWith(allowed)),
    );
    expect(unexpected).toEqual([]);
  });
});
