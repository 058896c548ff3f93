import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentSchema,
  availabilitySchema,
  customerSchema,
  employeeSchema,
  errorBodySchema,
  feedbackSchema,
  ROLE_IDS,
  scheduleSchema,
  quoteSchema,
  seriesDetailSchema,
  serviceSchema,
} from '@eclat/shared';
import { users } from '../src/db/schema/index.ts';
import { fromLocal, todayIn } from '../src/lib/time-zone.ts';
import { buildTestApp } from './helpers.ts';
import { makeCustomer, makeEmployee, signedIn } from './factories.ts';
import { dataUrl, photoJpeg } from './images.ts';
import {
  applyMutation,
  mutationArbitrary,
  operationsOf,
  requestArbitrary,
  urlOf,
  type GeneratorContext,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type RequestParts,
} from './openapi-arbitraries.ts';

/**
 * Property-based walk of every operation of our own OpenAPI document (issue 11, deliverable 4): requests
 * generated from each operation's schemas, often with real ids, and as often made invalid (wrong types,
 * missing fields, NUL bytes, lone surrogates, 10k characters, huge numbers, year 9999, empty query
 * values, malformed JSON), sent as an anonymous caller, a customer, an employee and an admin.
 * Whatever comes in: never a 5xx, never a success for an anonymous caller on a secured operation, and
 * every error in the one error shape. Fixed seed (FUZZ_SEED to try another), bounded count (FUZZ_RUNS
 * per operation and role).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const ROLES = ['anonymous', 'customer', 'employee', 'admin'] as const;
type Role = (typeof ROLES)[number];

let app: Awaited<ReturnType<typeof buildTestApp>>;
let document: OpenApiDocument;
const headersOf: Partial<Record<Role, Record<string, string>>> = {};
const ids = new Map<string, string[]>();
const samples: string[] = [];

const TZ = 'America/Toronto';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/**
 * Pictures the conversion to AVIF and WebP must survive (a 400, never a 5xx): a real JPEG, one cut short, a
 * JPEG or PNG signature over garbage, a PNG cut inside its header.
 */
const JPEG_BYTES = await photoJpeg(48, 32);
const PICTURES = [
  dataUrl('image/jpeg', JPEG_BYTES),
  dataUrl('image/jpeg', JPEG_BYTES.subarray(0, Math.floor(JPEG_BYTES.length / 2))),
  dataUrl('image/jpeg', Buffer.concat([JPEG_BYTES.subarray(0, 4), Buffer.alloc(64, 0x55)])),
  dataUrl(
    'image/png',
    Buffer.concat([Buffer.from(PNG.split(',')[1] ?? '', 'base64').subarray(0, 8), Buffer.alloc(64, 0xaa)]),
  ),
  dataUrl('image/png', Buffer.from(PNG.split(',')[1] ?? '', 'base64').subarray(0, 20)),
];

function remember(kind: string, id: string) {
  ids.set(kind, [...(ids.get(kind) ?? []), id]);
}

/** A day `offset` days from today (business time zone), YYYY-MM-DD. */
function dayFromToday(offset: number): string {
  const base = new Date(`${todayIn(TZ)}T12:00:00Z`);
  base.setUTCDate(base.getUTCDate() + offset);
  return base.toISOString().slice(0, 10);
}

/** A request with its address as text (every request here has one). */
type Sent = InjectOptions & { url: string };

async function send(role: Role, options: Sent) {
  const headers = { ...(options.headers ?? {}), ...(headersOf[role] ?? {}) };
  return app.inject({ ...options, headers });
}

async function seeded<T>(role: Role, options: Sent, parse: (body: unknown) => T): Promise<T> {
  const res = await send(role, options);
  if (res.statusCode >= 300) throw new Error(`seeding ${options.url}: ${res.statusCode} ${res.body}`);
  return parse(res.json());
}

async function seed() {
  const customer = await makeCustomer(app, {
    firstName: 'Cora',
    lastName: 'Client',
    phoneNumber: '416-555-0101',
    address: '12 Main Street',
  });
  const employee = await makeEmployee(app, { firstName: 'Eve', lastName: 'Staff' });
  const admin = await signedIn(app, ['admin']);
  for (const [role, who] of [
    ['customer', customer],
    ['employee', employee],
    ['admin', admin],
  ] as const) {
    headersOf[role] = who.headers;
    remember('userId', who.user.id);
  }
  // Proven emails, so the rules about unverified accounts do not hide the deeper code paths.
  await app.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(inArray(users.id, ids.get('userId') ?? []));

  for (const [title, duration, image] of [
    ['Deep Cleaning', 120, PICTURES[0]],
    ['Window Washing', 60, undefined],
    ['Carpet Care', 90, undefined],
  ] as const) {
    const service = await seeded(
      'admin',
      {
        method: 'POST',
        url: '/api/v1/services',
        payload: {
          title,
          description: `${title}, done well.`,
          pricing: 80,
          category: 'Home',
          durationMinutes: duration,
          image,
        },
      },
      (body) => serviceSchema.parse(body),
    );
    remember('serviceId', service.serviceId);
    remember('serviceIds', service.serviceId);
  }

  remember('customerId', customer.customerId);
  samples.push(customer.user.email);
  for (const name of ['Ada', 'Bo']) {
    const other = await seeded(
      'admin',
      {
        method: 'POST',
        url: '/api/v1/customers',
        payload: {
          firstName: name,
          lastName: 'Other',
          email: `${name.toLowerCase()}@example.com`,
          phoneNumber: '416-555-0102',
        },
      },
      (body) => customerSchema.parse(body),
    );
    remember('customerId', other.customerId);
    samples.push(other.email);
  }

  remember('employeeId', employee.id);
  remember('employeeIds', employee.id);
  const colleague = await seeded(
    'admin',
    {
      method: 'POST',
      url: '/api/v1/employees',
      payload: {
        firstName: 'Max',
        lastName: 'Staff',
        email: 'max@example.com',
        phoneNumber: '416-555-0151',
        role: 'Lead',
      },
    },
    (body) => employeeSchema.parse(body),
  );
  remember('employeeId', colleague.employeeId);
  remember('employeeIds', colleague.employeeId);
  samples.push('max@example.com');

  // Bookable instants (on the hour, 09:00-20:00, in the coming weeks) and days around today.
  for (let offset = 1; offset <= 40; offset += 3) {
    const day = dayFromToday(offset);
    samples.push(day);
    for (const hour of [9, 12, 15, 20]) samples.push(fromLocal(day, hour, 0, TZ).toISOString());
  }
  samples.push(
    dayFromToday(0),
    dayFromToday(-1),
    '2027-03-10T14:00',
    '416-555-0100',
    '12 Main Street',
    PNG,
    ...PICTURES,
  );
  samples.push('key-1234567890', 'Deep', 'Hello there', 'fr', 'en');

  const serviceIds = ids.get('serviceId') ?? [];
  for (let index = 0; index < 4; index += 1) {
    const appointment = await seeded(
      'admin',
      {
        method: 'POST',
        url: '/api/v1/appointments',
        payload: {
          customerId: customer.customerId,
          serviceIds: [serviceIds[index % serviceIds.length]],
          appointmentDate: fromLocal(dayFromToday(50 + index), 10, 0, TZ).toISOString(),
          status: index === 3 ? 'completed' : 'pending',
        },
      },
      (body) => appointmentSchema.parse(body),
    );
    remember('appointmentId', appointment.appointmentId);
  }
  // A recurring series of the customer's own (decision 020), so its routes meet a real id and visits.
  const series = await seeded(
    'admin',
    {
      method: 'POST',
      url: `/api/v1/series/customers/${customer.customerId}`,
      payload: {
        serviceIds: [serviceIds[0]],
        appointmentDate: fromLocal(dayFromToday(60), 11, 0, TZ).toISOString(),
        frequency: 'every4Weeks',
      },
    },
    (body) => seriesDetailSchema.parse(body),
  );
  remember('seriesId', series.seriesId);
  for (const visit of series.visits) remember('appointmentId', visit.appointmentId);

  const availability = await seeded(
    'employee',
    {
      method: 'POST',
      url: '/api/v1/availabilities/my-availabilities',
      payload: { availableDate: dayFromToday(20), shift: 'MORNING' },
    },
    (body) => availabilitySchema.parse(body),
  );
  remember('availabilityId', availability.availabilityId);
  const schedule = await seeded(
    'admin',
    {
      method: 'POST',
      url: '/api/v1/schedules',
      payload: {
        employeeId: employee.id,
        availabilityId: availability.availabilityId,
        assignedDate: `${dayFromToday(20)}T13:00`,
        shift: 'MORNING',
      },
    },
    (body) => scheduleSchema.parse(body),
  );
  remember('scheduleId', schedule.scheduleId);

  const feedback = await seeded(
    'customer',
    { method: 'POST', url: '/api/v1/feedbacks', payload: { stars: 5, content: 'Spotless, thank you.' } },
    (body) => feedbackSchema.parse(body),
  );
  remember('feedbackId', feedback.feedbackId);
  remember('roleId', ROLE_IDS.employee);

  // Quote requests (issue 16): one waiting, one answered, so accept, decline, answer and slots meet real ids.
  for (const isAnswered of [false, true]) {
    const quote = await seeded(
      'customer',
      {
        method: 'POST',
        url: '/api/v1/quotes',
        payload: {
          description: 'Offices after a renovation.',
          address: '12 Main Street',
          postalCode: 'V6B 1A1',
          serviceIds: [serviceIds[0]],
          photos: [PICTURES[0]],
        },
      },
      (body) => quoteSchema.parse(body),
    );
    remember('quoteId', quote.quoteId);
    if (isAnswered) {
      await seeded(
        'admin',
        {
          method: 'PUT',
          url: `/api/v1/quotes/${quote.quoteId}/answer`,
          payload: { priceCents: 45_000, durationMinutes: 180 },
        },
        (body) => quoteSchema.parse(body),
      );
    }
  }
  remember('index', '0');
  samples.push('M5V 3L9', 'h2x1y4', 'M5V', 'V6B 1A1');
}

const short = (text: string) =>
  text.length > 300 ? `${text.slice(0, 300)}... (${text.length} chars)` : text;

type Generated = { role: Role; request: RequestParts; mutated: boolean };

function toInject(operation: Operation, generated: Generated): Sent & { payload?: string } {
  const { request } = generated;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const options: Sent & { payload?: string } = {
    method: operation.method,
    url: urlOf(operation, request),
    headers,
  };
  if (request.rawBody !== undefined) {
    options.payload = request.rawBody;
    headers['content-type'] = 'application/json';
  } else if (request.body !== undefined && operation.body) {
    options.payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  return options;
}

/** Header values Node itself refuses to send (NUL, lone surrogates, CR/LF) never reach the server. */
function isRefusedByHttp(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    ['ERR_INVALID_CHAR', 'ERR_HTTP_INVALID_HEADER_VALUE'].includes(String(error.code))
  );
}

async function check(operation: Operation, generated: Generated): Promise<void> {
  const options = toInject(operation, generated);
  let res;
  try {
    res = await send(generated.role, options);
  } catch (error) {
    if (isRefusedByHttp(error)) return;
    throw error;
  }
  const what = () =>
    `${operation.method} ${short(options.url)} as ${generated.role}${options.payload ? ` with ${short(options.payload)}` : ''} -> ${res.statusCode} ${short(res.body)}`;
  if (res.statusCode >= 500) throw new Error(`server error: ${what()}`);
  if (operation.isSecured && generated.role === 'anonymous' && res.statusCode < 400)
    throw new Error(`anonymous success on a secured operation: ${what()}`);
  if (res.statusCode >= 400 && !errorBodySchema.safeParse(res.json()).success)
    throw new Error(`error not in the one error shape: ${what()}`);
}

beforeAll(async () => {
  // Payments recorded by the office (issue 29): their writes are walked too, not only answered 404.
  app = await buildTestApp({ PAYMENTS: 'manual' });
  document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  await seed();
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('every operation of the OpenAPI document, with generated valid and invalid input, as every role', () => {
  it('never answers 5xx, never lets an anonymous caller succeed on a secured operation, and keeps the error shape', async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    /** A free-form body takes the shapes the other operations of its resource take (`/customers`). */
    const resourceOf = (path: string) => path.split('/').slice(0, 4).join('/');
    const objectBodiesOf = (operation: Operation) =>
      operations
        .filter((other) => resourceOf(other.path) === resourceOf(operation.path))
        .map((other) => other.body)
        .filter((body): body is JsonSchema => body?.type === 'object' && body.properties !== undefined);
    const failures: string[] = [];
    let requests = 0;
    for (const [index, operation] of operations.entries()) {
      const context: GeneratorContext = {
        document,
        samples,
        idsFor: (name) => ids.get(name) ?? [],
        objectBodies: objectBodiesOf(operation),
      };
      for (const [roleIndex, role] of ROLES.entries()) {
        const seed = SEED + index * ROLES.length + roleIndex;
        const arbitrary = fc
          .record({
            request: requestArbitrary(operation, context),
            mutation: fc.option(mutationArbitrary, { freq: 2 }),
          })
          .map(({ request, mutation }) => ({
            role,
            request: mutation ? applyMutation(request, mutation, operation) : request,
            mutated: mutation !== null,
          }));
        const details = await fc.check(
          fc.asyncProperty(arbitrary, async (generated) => {
            requests += 1;
            await check(operation, generated);
          }),
          { seed, numRuns: RUNS, endOnFailure: true },
        );
        if (details.failed) {
          const cause =
            details.errorInstance instanceof Error
              ? details.errorInstance.message
              : String(details.errorInstance);
          failures.push(
            `${operation.method} ${operation.path} as ${role} (seed ${seed}, path ${details.counterexamplePath ?? ''}): ${cause}`,
          );
        }
      }
    }
    expect(requests).toBeGreaterThan(operations.length * RUNS * 2);
    expect(failures, `fuzz seed ${SEED} (FUZZ_SEED=${SEED} to replay)`).toEqual([]);
  }, 240_000);
});
