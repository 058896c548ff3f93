import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decrypter, Encrypter } from 'age-encryption';
import { z } from 'zod';

/**
 * The only reader of `process.env`. Every setting is validated once, at start; a wrong value stops
 * the server with a message naming the variable.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'expected true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const portSchema = z.coerce
  .number({ error: 'expected a port number' })
  .int('expected a whole number')
  .min(0, 'expected a port between 0 and 65535')
  .max(65535, 'expected a port between 0 and 65535');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const postgresUrlSchema = z
  .url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// URL' })
  .optional();

/** Does `use` take the value (age-encryption checks a key as it is added)? */
function takes(use: () => void): boolean {
  try {
    use();
    return true;
  } catch {
    return false;
  }
}
const isAgeRecipient = (value: string) =>
  takes(() => {
    new Encrypter().addRecipient(value);
  });
const isAgeIdentity = (value: string) =>
  takes(() => {
    new Decrypter().addIdentity(value);
  });

/**
 * `STRIPE_API_BASE`: where the Stripe SDK sends its requests instead of Stripe, for the local fake only
 * (decision 046). Only a loopback address is taken, so a setting cannot send a secret key elsewhere.
 * Returns the parts the SDK's `protocol`, `host` and `port` options take, or why the value is refused.
 */
export function parseLoopbackApiBase(
  value: string,
): { protocol: 'http' | 'https'; host: string; port: number } | { error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: 'expected a URL such as http://127.0.0.1:12111' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { error: 'expected an http:// or https:// URL' };
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    return { error: 'expected only a scheme, a host and a port, e.g. http://127.0.0.1:12111' };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host !== 'localhost' && host !== '::1' && !/^127(\.\d{1,3}){3}$/.test(host)) {
    return {
      error: 'expected a loopback address (127.0.0.0/8, ::1 or localhost): the fake runs on this machine',
    };
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { protocol, host, port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80 };
}

/** `REMINDER_HOURS`: up to three whole numbers of hours, or `off`. */
const HOLD_HOURS_EXPECTED = 'expected a number of hours from 1 to 168 (a decimal is allowed, e.g. 36.5)';

const REMINDER_LIST = /^(off|\d{1,3}(\s*,\s*\d{1,3}){0,2})$/;

/** A key of 32 bytes written in base64 (AES-256). */
function isKey32(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32;
}
const KEY_32_MESSAGE = 'expected 32 random bytes in base64 (openssl rand -base64 32)';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/, {
      error: 'expected false, a number of proxies in front (e.g. 1), or their addresses (e.g. 10.0.0.0/8)',
    })
    .optional(),
  DATABASE_URL: postgresUrlSchema,
  // At least 2: migrations hold one connection (the lock) while running on another.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2, 'expected at least 2').max(200).default(10),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Where the photos of visits are kept (decision 068): a folder every instance shares. */
  PHOTOS_DIR: z.string().min(1).optional(),
  EMBEDDED_PG_PORT: portSchema.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'expected pretty or json' }).optional(),
  BUSINESS_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'expected an IANA time zone such as America/Toronto')
    .default('America/Toronto'),
  SEED_DEMO: booleanFromString.default(true),
  BRAND_NAME: z.string().min(1).default('Éclat'),
  CONTACT_TO: z.email({ error: 'expected an email address' }).default('hello@eclat.example'),
  SLOT_CAPACITY: z.coerce.number().int().min(1).max(100).optional(),
  BUFFER_MINUTES: z.coerce.number().int().min(0).max(240).default(30),
  MIN_NOTICE_HOURS: z.coerce.number().int().min(0).max(720).default(12),
  CHANGE_CUTOFF_HOURS: z.coerce.number().int().min(0).max(336).default(24),
  MAX_OPEN_VISITS: z.coerce.number().int().min(1).max(1000).default(10),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  RECURRING_HORIZON_WEEKS: z.coerce.number().int().min(1).max(104).default(12),
  REMINDER_HOURS: z
    .string()
    .trim()
    .regex(REMINDER_LIST, 'expected up to three whole hours, e.g. 24 or 48,2, or off')
    .refine(
      (value) =>
        // A malformed list has its own message above.
        !REMINDER_LIST.test(value) ||
        value === 'off' ||
        value.split(',').every((hours) => Number(hours) >= 1 && Number(hours) <= 336),
      'each reminder between 1 and 336 hours (two weeks) before',
    )
    .default('24')
    .transform((value) =>
      value === 'off'
        ? []
        : [...new Set(value.split(',').map((hours) => Number(hours.trim())))].sort((a, b) => b - a),
    ),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'expected an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  SMTP_REQUIRE_TLS: booleanFromString.default(false),
  SMTP_TLS_REJECT_UNAUTHORIZED: booleanFromString.default(true),
  MAIL_FROM: z.string().min(3).optional(),
  BUSINESS_LOCALE: z.enum(['en', 'fr'], { error: 'expected en or fr' }).default('en'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'expected a Stripe secret key (sk_test_..., sk_live_... or rk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'expected a webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_API_BASE: z
    .string()
    .superRefine((value, ctx) => {
      const parsed = parseLoopbackApiBase(value);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
    })
    .optional(),
  // Text messages (issue 31, decision 067). Unset: `log` (each text written under DATA_DIR/sms).
  SMS: z.enum(['log', 'twilio'], { error: 'expected log or twilio' }).default('log'),
  SMS_QUIET_HOURS: z
    .string()
    .regex(
      /^(off|([01]?\d|2[0-3])-([01]?\d|2[0-3]))$/,
      'expected two hours such as 21-8 (from 21:00 to 08:00), or off',
    )
    .refine(
      (value) => value === 'off' || value.split('-')[0] !== value.split('-')[1],
      'expected two different hours',
    )
    .default('21-8')
    .transform((value) => {
      if (value === 'off') return null;
      const [from = 21, until = 8] = value.split('-').map(Number);
      return { from, until };
    }),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'expected an account SID (AC followed by 32 hexadecimal digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/, "expected the account's auth token (32 hexadecimal digits)")
    .optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'expected the sending number in E.164 form, e.g. +15145550100')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'expected a messaging service SID (MG followed by 32 hexadecimal digits)')
    .optional(),
  TWILIO_API_BASE: z
    .string()
    .superRefine((value, ctx) => {
      const parsed = parseLoopbackApiBase(value);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
    })
    .optional(),
  OIDC_ISSUER: z.url({ error: 'expected the issuer URL of an OpenID Connect provider' }).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_SCOPE: z.string().min(1).default('openid email profile offline_access'),
  OIDC_EMAIL_CLAIM: z.string().min(1).default('https://eclat.example/email'),
  /** Lifetime of the embedded provider's access tokens, in seconds. */
  OIDC_ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(900),
  OIDC_PERMISSIONS_CLAIM: z.string().min(1).default('permissions'),
  DEV_WEB_ORIGIN: z.url().optional(),
  JOBS_ENABLED: booleanFromString.default(true),
  BACKUP_ENABLED: booleanFromString.default(true),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters (a random secret)').optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  BACKUP_PASSPHRASE: z
    .string()
    .min(12, 'at least 12 characters (a long random passphrase: it is all that protects a backup)')
    .optional(),
  BACKUP_RECIPIENT: z
    .string()
    .trim()
    .refine(
      (value) => value.split(/[\s,]+/).every(isAgeRecipient),
      'expected age public keys (age1...), separated by commas, as age-keygen prints them',
    )
    .optional(),
  BACKUP_IDENTITY: z
    .string()
    .trim()
    .refine(
      (value) => !value.startsWith('AGE-SECRET-KEY-') || isAgeIdentity(value),
      'expected an age secret key (AGE-SECRET-KEY-1...) or the path of a file that holds one',
    )
    .optional(),
  /**
   * The key access notes are sealed with (AES-256-GCM, decision 065): 32 random bytes in base64
   * (`openssl rand -base64 32`). Unset: a key made once and kept in DATA_DIR/access-notes.key.
   */
  ACCESS_NOTES_KEY: z.string().trim().refine(isKey32, KEY_32_MESSAGE).optional(),
  /** Earlier keys, comma-separated, still opened after a rotation (notes are sealed again when written). */
  ACCESS_NOTES_PREVIOUS_KEYS: z
    .string()
    .trim()
    .refine((value) => value.split(/[\s,]+/).every(isKey32), KEY_32_MESSAGE)
    .optional(),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOB_MONITOR_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  EMAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(10),
  EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(8),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  // Payments (issue 29, decision 048). Unset: `manual` for the demo database, `off` otherwise.
  PAYMENTS: z.enum(['off', 'manual', 'stripe'], { error: 'expected off, manual or stripe' }).optional(),
  /**
   * With PAYMENTS=stripe: how many hours before a visit its amount is held on the card (decision 053); a
   * decimal number is allowed (36.5: 36 h 30 min, decision 059).
   */
  PAYMENT_HOLD_HOURS: z.coerce
    .number({ error: HOLD_HOURS_EXPECTED })
    .min(1, HOLD_HOURS_EXPECTED)
    .max(168, HOLD_HOURS_EXPECTED)
    .default(24),
  /**
   * A customer's cancel inside CHANGE_CUTOFF_HOURS (decision 057): `call-us` (the spec's flow, refused)
   * or `fee` (allowed, with LATE_CANCELLATION_FEE_CENTS charged or recorded as owed; needs payments on).
   */
  LATE_CANCELLATION: z.enum(['call-us', 'fee'], { error: 'expected call-us or fee' }).default('call-us'),
  LATE_CANCELLATION_FEE_CENTS: z.coerce
    .number({ error: 'expected a whole number of cents from 50 to 100000' })
    .int('expected a whole number of cents from 50 to 100000')
    .min(50, 'expected a whole number of cents from 50 to 100000')
    .max(100_000, 'expected a whole number of cents from 50 to 100000')
    .optional(),
  /** Hours and pay (decision 066): a pay period's length in days, its first period's first day, paid travel. */
  PAY_PERIOD_DAYS: z.enum(['7', '14'], { error: 'expected 7 or 14' }).default('14'),
  PAY_PERIOD_START: z.iso.date({ error: 'expected a date such as 2026-01-05' }).default('2026-01-05'),
  PAY_TRAVEL: z.enum(['buffer', 'none'], { error: 'expected buffer or none' }).default('buffer'),
});

export type Env = Record<string, string | undefined>;

function parseTrustProxy(value: string | undefined, publicUrl: string): boolean | number | string {
  if (value === undefined) return publicUrl.startsWith('https://') ? 1 : false;
  if (value === 'false') return false;
  // "true" trusts every hop, which lets a client choose its own address: it means one proxy.
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** false, how many proxies are in front (their X-Forwarded-For hops), or the proxies' addresses. */
  trustProxy: boolean | number | string;
  /** Set when an external PostgreSQL is used; otherwise an embedded one is started. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  /** The photos of visits (decision 068): PHOTOS_DIR, else `<dataDir>/visit-photos`. */
  photosDir: string;
  embeddedPgPort: number | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `pretty`: coloured lines for a person (the default on a terminal); `json`: one JSON object a line. */
  logFormat: 'pretty' | 'json';
  businessTimeZone: string;
  seedDemo: boolean;
  brandName: string;
  contactTo: string;
  /**
   * Without a team (no availability posted yet), how many visits may overlap any hour (2 when unset);
   * with a team, an optional ceiling per hour on top of the free cleaners (none when unset).
   */
  slotCapacity: number | undefined;
  /** Travel time kept free between two jobs of one employee. */
  bufferMinutes: number;
  /** A customer's booking starts at least this many hours from now. */
  minNoticeHours: number;
  /** A customer moves or cancels their own visit up to this many hours before it starts (decision 027). */
  changeCutoffHours: number;
  /** Future visits (pending or confirmed) a customer may hold when booking for themselves. */
  maxOpenVisits: number;
  /** A visit starts at the latest on today plus this many days (business time zone). */
  bookingHorizonDays: number;
  /** Recurring series have their visits written this many weeks ahead (decision 020). */
  recurringHorizonWeeks: number;
  /** Reminders go out this many hours before each visit (none when empty). */
  reminderHours: number[];
  webDistDir: string;
  shutdownTimeoutMs: number;
  mail: {
    /** Unset: messages are written as .eml files under `<dataDir>/mail`. */
    smtpUrl: string | undefined;
    requireTls: boolean;
    rejectUnauthorized: boolean;
    from: string;
  };
  auth: {
    /** `embedded`: our own provider at /oidc. `external`: OIDC_ISSUER signs people in. */
    mode: 'embedded' | 'external';
    issuer: string;
    audience: string;
    clientId: string;
    scope: string;
    emailClaim: string;
    permissionsClaim: string;
    /** Seconds an access token of the embedded provider lives. */
    accessTokenTtl: number;
    /** Origins allowed as the web app's redirect target (PUBLIC_URL, plus the Vite dev server). */
    webOrigins: string[];
  };
  /** Language of messages sent to the business itself (the contact form). */
  businessLocale: 'en' | 'fr';
  /** Stripe's keys, and the local fake's address in tests (decision 046); used with PAYMENTS=stripe. */
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    /** Unset: Stripe itself. Set: a loopback URL (the fake), checked by `parseLoopbackApiBase`. */
    apiBase: string | undefined;
  };
  /**
   * Text messages (decision 067): `log` writes each one under `<dataDir>/sms`; `twilio` sends through
   * Twilio with these credentials, from a number or a messaging service.
   */
  sms: {
    /** No text from `from` to `until` o'clock business time unless it is about today's visit; null: none. */
    quietHours: { from: number; until: number } | null;
  } & (
    | { adapter: 'log' }
    | {
        adapter: 'twilio';
        accountSid: string;
        authToken: string;
        sender: { from: string } | { messagingServiceSid: string };
        /** Unset: Twilio itself. Set: a loopback URL (the local fake), checked by `parseLoopbackApiBase`. */
        apiBase: string | undefined;
      }
  );
  /** `GET /metrics` answers a bearer of this secret; the route does not exist without it (decision 029). */
  metricsToken: string | undefined;
  /** The keys of access notes (decision 065), base64; unset: one made once in DATA_DIR/access-notes.key. */
  accessNotes: { key: string | undefined; previousKeys: string[] };
  /** The daily backup into DATA_DIR/backups, and how backups are encrypted (decision 028). */
  backup: {
    enabled: boolean;
    keep: number;
    /** Backups are encrypted with this passphrase (age, scrypt), and restores read it. */
    passphrase: string | undefined;
    /** Or for these age public keys (`age1...`): a restore needs the matching identity. */
    recipients: string[];
    /** For a restore: an age secret key (`AGE-SECRET-KEY-1...`), or the path of a file holding one. */
    identity: { key: string } | { file: string } | undefined;
  };
  jobs: {
    /** Run the background workers in this process (turn off on web-only instances). */
    enabled: boolean;
    pollSeconds: number;
    /**
     * How often the queue is checked for jobs whose sender went silent (a killed process: failed, then
     * retried) or that expired, and its statistics gathered: at most once in this many seconds, by
     * whichever process does it first.
     */
    monitorSeconds: number;
    emailRetryLimit: number;
    emailRetryDelaySeconds: number;
    /** Emails fetched together and sent at once by one process (a bounded concurrency). */
    emailConcurrency: number;
  };
  /**
   * How visits are paid (decision 048): `off` (nothing shown or recorded), `manual` (the office records
   * cash, cheque, Interac e-Transfer). Undefined: `manual` when the database holds the demo, else `off`.
   */
  payments: 'off' | 'manual' | 'stripe' | undefined;
  /** `PAYMENT_HOLD_HOURS`: a visit's amount is held on the card this many hours before it (stripe mode). */
  paymentHoldHours: number;
  /**
   * `LATE_CANCELLATION` and `LATE_CANCELLATION_FEE_CENTS` (decision 057): the fee before tax a customer's
   * cancel inside the cut-off takes; null: "call us" (refused, the default).
   */
  lateCancellationFeeCents: number | null;
  /**
   * `PAY_PERIOD_DAYS`, `PAY_PERIOD_START`, `PAY_TRAVEL` (decision 066): pay periods of 7 or 14 business
   * days following one another from that day; paid travel is the travel buffer before each visit after a
   * cleaner's first of the day (`buffer`), or none.
   */
  pay: { periodDays: 7 | 14; periodStart: string; travel: 'buffer' | 'none' };
};

/** A value as it may be shown in an error: the password of a URL is hidden. */
function redact(value: string | undefined): string | undefined {
  return value?.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/i, '$1***@');
}

/** Variables whose value is never repeated in an error message. */
const SECRETS = new Set([
  'BACKUP_PASSPHRASE',
  'BACKUP_IDENTITY',
  'METRICS_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'ACCESS_NOTES_KEY',
  'ACCESS_NOTES_PREVIOUS_KEYS',
  'TWILIO_AUTH_TOKEN',
]);

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/**
 * Reads the configuration from an environment. Relative paths are resolved from `baseDir`
 * (by default the directory `npm` was started from, so `DATA_DIR=./.data` means the same place
 * whichever workspace runs the script).
 */
export function loadConfig(
  env: Env = process.env,
  baseDir = env.INIT_CWD ?? process.cwd(),
  terminal = process.stdout.isTTY,
): AppConfig {
  // Empty strings count as unset, as in most shells' `VAR= command`.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        const raw = key && !SECRETS.has(key) ? redact(env[key]) : undefined;
        return `${key}: ${issue.message}${raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`}`;
      }),
    );
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const external = [e.OIDC_ISSUER, e.OIDC_AUDIENCE, e.OIDC_CLIENT_ID];
  if (external.some(Boolean) && !external.every(Boolean)) {
    throw new ConfigError([
      'OIDC_ISSUER, OIDC_AUDIENCE and OIDC_CLIENT_ID: set all three to use an external provider, or none for the embedded one',
    ]);
  }
  if (e.BACKUP_PASSPHRASE && e.BACKUP_RECIPIENT) {
    throw new ConfigError([
      'BACKUP_PASSPHRASE and BACKUP_RECIPIENT: a backup is encrypted with a passphrase or for public keys, not both; set one',
    ]);
  }
  if (e.PAYMENTS === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((key) => !e[key]);
    if (missing.length > 0) {
      throw new ConfigError([
        `${missing.join(' and ')}: PAYMENTS=stripe needs ${missing.length > 1 ? 'them' : 'it'} (the secret key and the webhook signing secret of your Stripe account)`,
      ]);
    }
  }
  if (e.LATE_CANCELLATION === 'fee' && e.LATE_CANCELLATION_FEE_CENTS === undefined) {
    throw new ConfigError([
      'LATE_CANCELLATION_FEE_CENTS: LATE_CANCELLATION=fee needs the fee before tax, in cents (e.g. 4000 for $40.00)',
    ]);
  }
  if (e.LATE_CANCELLATION === 'fee' && e.PAYMENTS === 'off') {
    throw new ConfigError([
      'LATE_CANCELLATION=fee needs payments on (PAYMENTS=manual or stripe): with PAYMENTS=off a fee cannot be recorded',
    ]);
  }
  const sms = smsConfig(e);
  const devOrigin = e.DEV_WEB_ORIGIN ?? (e.NODE_ENV === 'development' ? 'http://localhost:5173' : undefined);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    // The server speaks plain HTTP: an https PUBLIC_URL means a proxy in front terminates TLS. Trusting a
    // count of hops (not every hop) keeps X-Forwarded-For values sent by clients from faking their address.
    trustProxy: parseTrustProxy(e.TRUST_PROXY, publicUrl),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    photosDir: path.resolve(baseDir, e.PHOTOS_DIR ?? path.join(e.DATA_DIR, 'visit-photos')),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    businessTimeZone: e.BUSINESS_TIMEZONE,
    seedDemo: e.SEED_DEMO,
    brandName: e.BRAND_NAME,
    contactTo: e.CONTACT_TO,
    slotCapacity: e.SLOT_CAPACITY,
    bufferMinutes: e.BUFFER_MINUTES,
    minNoticeHours: e.MIN_NOTICE_HOURS,
    changeCutoffHours: e.CHANGE_CUTOFF_HOURS,
    maxOpenVisits: e.MAX_OPEN_VISITS,
    bookingHorizonDays: e.BOOKING_HORIZON_DAYS,
    recurringHorizonWeeks: e.RECURRING_HORIZON_WEEKS,
    reminderHours: e.REMINDER_HOURS,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(baseDir, e.WEB_DIST_DIR)
      : path.join(REPO_ROOT, 'apps/web/dist'),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    mail: {
      smtpUrl: e.SMTP_URL,
      requireTls: e.SMTP_REQUIRE_TLS,
      rejectUnauthorized: e.SMTP_TLS_REJECT_UNAUTHORIZED,
      from: e.MAIL_FROM ?? `"${e.BRAND_NAME}" <no-reply@eclat.example>`,
    },
    auth: {
      mode: e.OIDC_ISSUER ? 'external' : 'embedded',
      // An external issuer is kept exactly as given: it must match the tokens' iss claim (Auth0 ends with /).
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      clientId: e.OIDC_CLIENT_ID ?? 'eclat-web',
      scope: e.OIDC_SCOPE,
      emailClaim: e.OIDC_EMAIL_CLAIM,
      permissionsClaim: e.OIDC_PERMISSIONS_CLAIM,
      accessTokenTtl: e.OIDC_ACCESS_TOKEN_TTL,
      webOrigins: [publicUrl, ...(devOrigin ? [new URL(devOrigin).origin] : [])],
    },
    businessLocale: e.BUSINESS_LOCALE,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    sms,
    metricsToken: e.METRICS_TOKEN,
    accessNotes: {
      key: e.ACCESS_NOTES_KEY,
      previousKeys: e.ACCESS_NOTES_PREVIOUS_KEYS ? e.ACCESS_NOTES_PREVIOUS_KEYS.split(/[\s,]+/) : [],
    },
    backup: {
      enabled: e.BACKUP_ENABLED,
      keep: e.BACKUP_KEEP,
      passphrase: e.BACKUP_PASSPHRASE,
      recipients: e.BACKUP_RECIPIENT ? e.BACKUP_RECIPIENT.split(/[\s,]+/) : [],
      identity: !e.BACKUP_IDENTITY
        ? undefined
        : e.BACKUP_IDENTITY.startsWith('AGE-SECRET-KEY-')
          ? { key: e.BACKUP_IDENTITY }
          : { file: path.resolve(baseDir, e.BACKUP_IDENTITY) },
    },
    jobs: {
      enabled: e.JOBS_ENABLED,
      pollSeconds: e.JOB_POLL_SECONDS,
      monitorSeconds: e.JOB_MONITOR_SECONDS,
      emailRetryLimit: e.EMAIL_RETRY_LIMIT,
      emailRetryDelaySeconds: e.EMAIL_RETRY_DELAY_SECONDS,
      emailConcurrency: e.EMAIL_CONCURRENCY,
    },
    payments: e.PAYMENTS,
    paymentHoldHours: e.PAYMENT_HOLD_HOURS,
    lateCancellationFeeCents: e.LATE_CANCELLATION === 'fee' ? (e.LATE_CANCELLATION_FEE_CENTS ?? null) : null,
    pay: {
      periodDays: e.PAY_PERIOD_DAYS === '7' ? 7 : 14,
      periodStart: e.PAY_PERIOD_START,
      travel: e.PAY_TRAVEL,
    },
  };
}

/** SMS=twilio needs the account's SID and token and one sender: a number or a messaging service. */
function smsConfig(e: z.output<typeof envSchema>): AppConfig['sms'] {
  const quietHours = e.SMS_QUIET_HOURS;
  if (e.SMS === 'log') return { adapter: 'log', quietHours };
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken } = e;
  if (!accountSid || !authToken) {
    const missing = [accountSid ? [] : ['TWILIO_ACCOUNT_SID'], authToken ? [] : ['TWILIO_AUTH_TOKEN']].flat();
    throw new ConfigError([
      `${missing.join(' and ')}: SMS=twilio needs ${missing.length > 1 ? 'them' : 'it'} (from the Twilio console's account info)`,
    ]);
  }
  const { TWILIO_FROM: from, TWILIO_MESSAGING_SERVICE_SID: messagingServiceSid } = e;
  const sender =
    from && !messagingServiceSid
      ? { from }
      : messagingServiceSid && !from
        ? { messagingServiceSid }
        : undefined;
  if (!sender) {
    throw new ConfigError([
      'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: SMS=twilio sends from one number or one messaging service; set exactly one',
    ]);
  }
  return {
    adapter: 'twilio',
    quietHours,
    accountSid,
    authToken,
    sender,
    apiBase: e.TWILIO_API_BASE,
  };
}
