import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, serviceSchema } from '@eclat/shared';
import { quoteRequests } from '../src/db/schema/index.ts';
import { fromLocal, todayIn } from '../src/lib/time-zone.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { dataUrl, photoJpeg } from './images.ts';
import {
  operationsOf,
  urlOf,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './openapi-arbitraries.ts';
import { extremeFor, type ExtremeContext } from './openapi-extremes.ts';
import { world } from './world.ts';

/**
 * Stored means readable (issue 27, deliverable 1, decision 034), as a property: every write operation
 * of our OpenAPI document is sent with the EXTREME values its schema accepts (longest texts in several
 * scripts, numbers at their bounds, longest lists, every optional field, the first and last days a date
 * may hold), as a customer, an employee and an admin; then every read (each list at its largest page,
 * each record of every id written) is asked as each of them. No write and no read answers 5xx. Bodies
 * are checked too: outside production each response is checked against its schema before it is sent
 * (`lib/serializer.ts`), so a body that breaks it is a 500 here. Fixed seed (EXTREMES_SEED to try
 * another), bounded count (EXTREMES_RUNS per write operation and role).
 */
const SEED = Number(process.env.EXTREMES_SEED ?? 20_261_127);
const RUNS = Number(process.env.EXTREMES_RUNS ?? 4);
const ROLES = ['customer', 'employee', 'admin'] as const;
type Role = (typeof ROLES)[number];
const TZ = 'America/Toronto';

let app: TestApp;
let document: OpenApiDocument;
const headersOf: Partial<Record<Role, Record<string, string>>> = {};
/** Ids seen in answers, newest first, by field name (`serviceIds` finds `serviceId`). */
const ids = new Map<string, string[]>();
const samples: string[] = [];
const named = new Map<string, string[]>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keyOf = (name: string) => name.replace(/Ids$/, 'Id');
const idsFor = (name: string) => ids.get(keyOf(name)) ?? [];

function remember(name: string, id: string) {
  const key = keyOf(name);
  ids.set(key, [id, ...(ids.get(key) ?? []).filter((known) => known !== id)]);
}

/** Every `...Id` of an answer, so later writes and reads meet what was just written. */
function rememberIdsIn(value: unknown, key = ''): void {
  if (Array.isArray(value)) {
    for (const item of value) rememberIdsIn(item, key);
  } else if (value !== null && typeof value === 'object') {
    for (const [field, inner] of Object.entries(value)) rememberIdsIn(inner, field);
  } else if (typeof value === 'string' && key.endsWith('Id') && UUID.test(value)) {
    remember(key, value);
  }
}

/** A business-local instant `days` from today at `hour`. */
const instantIn = (days: number, hour: number) =>
  fromLocal(addDays(todayIn(TZ), days), hour, 0, TZ).toISOString();

/** An email of 254 characters (the longest `TEXT_LIMITS.email`), valid. */
const LONGEST_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;

async function seed() {
  const w = world(() => app);
  const customer = await w.customer();
  headersOf.customer = customer.headers;
  remember('customerId', customer.customerId);
  const staff = await w.employee('Eve');
  headersOf.employee = staff.headers;
  remember('employeeId', staff.id);
  headersOf.admin = (await w.as(['admin'])).headers;

  // A service priced by the rooms (so bookings store a home) and a flat one, with extras.
  for (const pricingModel of [
    { kind: 'flat' },
    {
      kind: 'rooms',
      baseCents: 5_000,
      baseMinutes: 60,
      perBedroomCents: 1_000,
      perBedroomMinutes: 0,
      perBathroomCents: 1_000,
      perBathroomMinutes: 0,
    },
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/services',
      headers: headersOf.admin,
      payload: {
        title: `Cleaning ${pricingModel.kind}`,
        description: 'Done well.',
        pricing: 80,
        category: 'Home',
        durationMinutes: 60,
        pricingModel,
        extras: [{ title: { en: 'Fridge', fr: 'Frigo' }, priceCents: 2_000, minutes: 0 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    rememberIdsIn(serviceSchema.parse(res.json()));
  }

  // Bookable starts: 09:00, where the longest visit (12 hours) still ends by closing time.
  for (let days = 3; days <= 60; days += 1) {
    samples.push(addDays(todayIn(TZ), days), instantIn(days, 9));
  }
  samples.push('416-555-0100', '12 Main Street', 'key-1234567890', 'fr', 'en', '0', '09:00', '17:00');
  const photo = dataUrl('image/jpeg', await photoJpeg(48, 32));
  named.set('postalCode', ['V6B 1A1']);
  named.set('prefix', ['V6B']);
  named.set('photos', [photo]);
  named.set('image', [photo]);
  named.set('email', [LONGEST_EMAIL]);
}

/**
 * The quote's chain first (ask, answer, accept: the visit of a quote is what broke the lists), then the
 * bookings and series, while the seeded services are still bookable (the walk later makes them 24 hours
 * long or withdrawn, extremes too).
 */
const FIRST = ['/api/v1/quotes', '/api/v1/appointments', '/api/v1/series'];
/** Writes that would end the run rather than store something: signing out everywhere revokes its tokens. */
const SKIPPED = new Set(['POST /api/v1/auth/sign-out-everywhere']);

function writesOf(operations: Operation[]): Operation[] {
  const rank = (operation: Operation) => {
    const index = FIRST.findIndex((prefix) => operation.path.startsWith(prefix));
    return index === -1 ? FIRST.length : index;
  };
  return operations
    .filter((operation) => operation.method !== 'GET' && operation.method !== 'DELETE')
    .filter((operation) => !SKIPPED.has(`${operation.method} ${operation.path}`))
    .sort((a, b) => rank(a) - rank(b));
}

const short = (text: string) =>
  text.length > 300 ? `${text.slice(0, 300)}... (${text.length} chars)` : text;

type Sent = { method: Operation['method']; url: string; headers: Record<string, string>; payload?: string };

function requestOf(
  operation: Operation,
  role: Role,
  parts: { path: object; query: object; headers: object; body: unknown },
): Sent {
  const headers: Record<string, string> = { ...(headersOf[role] ?? {}) };
  for (const [name, value] of Object.entries(parts.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  const sent: Sent = {
    method: operation.method,
    url: urlOf(operation, {
      path: { ...parts.path },
      query: { ...parts.query },
      headers: {},
      body: undefined,
    }),
    headers,
  };
  if (operation.body) {
    sent.payload = JSON.stringify(parts.body);
    headers['content-type'] = 'application/json';
  }
  return sent;
}

/** The resource of a path (`/api/v1/customers`): its operations' bodies are the shapes a free-form one takes. */
const resourceOf = (path: string) => path.split('/').slice(0, 4).join('/');

function contextFor(operation: Operation): ExtremeContext {
  const objectBodies = operationsOf(document)
    .filter((other) => resourceOf(other.path) === resourceOf(operation.path))
    .map((other) => other.body)
    .filter((body): body is JsonSchema => body?.type === 'object' && body.properties !== undefined);
  return { document, idsFor, valuesFor: (name) => named.get(name) ?? [], samples, objectBodies };
}

/** The extreme requests of one write operation, generated now (so they meet the ids written so far). */
function extremeRequests(operation: Operation, seed: number) {
  const context = contextFor(operation);
  const partOf = (where: string) => {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const parameter of operation.parameters.filter((p) => p.in === where)) {
      model[parameter.name] = extremeFor(parameter.schema ?? {}, context, parameter.name);
    }
    return fc.record(model);
  };
  const arbitrary = fc.record({
    path: partOf('path'),
    query: partOf('query'),
    headers: partOf('header'),
    body: operation.body ? extremeFor(operation.body, context) : fc.constant(undefined),
  });
  return fc.sample(arbitrary, { seed, numRuns: RUNS });
}

/** The reads of one operation: each list at its largest page, each record of the ids written (newest 8). */
function readRequests(
  operation: Operation,
): { path: Record<string, string>; query: Record<string, string> }[] {
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    // The largest page every list takes (`size` at most 50; `limit` 200 to 500).
    if (parameter.name === 'size') query.size = '50';
    else if (parameter.name === 'limit') query.limit = '200';
    else if (parameter.required) {
      query[parameter.name] = addDays(todayIn(TZ), parameter.name === 'to' ? 9 : 3);
    }
  }
  const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  let paths: Record<string, string>[] = [{}];
  for (const name of pathNames) {
    const values = name === 'index' ? ['0', '2'] : idsFor(name).slice(0, 8);
    paths = paths.flatMap((path) => values.map((value) => ({ ...path, [name]: value })));
  }
  return paths.map((path) => ({ path, query }));
}

beforeAll(async () => {
  app = await buildTestApp();
  document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  await seed();
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('the extreme values every write schema accepts', () => {
  it('are written as every role, and then every list and record that shows them is read as every role without a 5xx', async () => {
    const operations = operationsOf(document);
    const failures: string[] = [];
    let written = 0;
    for (const [index, operation] of writesOf(operations).entries()) {
      for (const [roleIndex, role] of ROLES.entries()) {
        for (const parts of extremeRequests(operation, SEED + index * ROLES.length + roleIndex)) {
          const sent = requestOf(operation, role, parts);
          const res = await app.inject(sent);
          if (res.statusCode >= 500) {
            failures.push(
              `write ${sent.method} ${short(sent.url)} as ${role} with ${short(sent.payload ?? '')} -> ${res.statusCode} ${short(res.body)}`,
            );
          } else if (res.statusCode < 300) {
            written += 1;
            if (res.headers['content-type']?.includes('json')) rememberIdsIn(res.json());
          }
        }
      }
    }
    let read = 0;
    for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
      for (const role of ROLES) {
        for (const parts of readRequests(operation)) {
          const url = urlOf(operation, { ...parts, headers: {}, body: undefined });
          const res = await app.inject({ method: 'GET', url, headers: headersOf[role] });
          if (res.statusCode === 200) read += 1;
          if (res.statusCode >= 500)
            failures.push(`read GET ${short(url)} as ${role} -> ${res.statusCode} ${short(res.body)}`);
          if (res.statusCode === 200 && res.headers['content-type']?.includes('json'))
            rememberIdsIn(res.json());
        }
      }
    }
    expect(failures, `extremes seed ${SEED} (EXTREMES_SEED=${SEED} to replay)`).toEqual([]);
    // The walk did write: many records, and a quote answered and accepted (its visit in every list).
    expect(written).toBeGreaterThan(50);
    expect(read).toBeGreaterThan(100);
    const accepted = await app.db.select().from(quoteRequests).where(eq(quoteRequests.status, 'accepted'));
    expect(accepted.length).toBeGreaterThan(0);
  }, 300_000);
});
