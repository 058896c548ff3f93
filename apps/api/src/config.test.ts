import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('gives every setting a sensible default', () => {
    const config = loadConfig({}, '/srv/eclat');
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.resolve('/srv/eclat', '.data'),
      logLevel: 'info',
      businessTimeZone: 'America/Toronto',
      seedDemo: true,
      slotCapacity: undefined,
      bufferMinutes: 30,
      minNoticeHours: 12,
      maxOpenVisits: 10,
      bookingHorizonDays: 365,
      recurringHorizonWeeks: 12,
      reminderHours: [24],
      webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
    });
  });

  it('reads and converts the values it is given', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        PUBLIC_URL: 'https://book.example.com/',
        DATABASE_URL: 'postgres://u:p@db:5432/eclat',
        SEED_DEMO: 'false',
        BUSINESS_TIMEZONE: 'America/Vancouver',
        DATA_DIR: '/var/lib/eclat',
      },
      '/ignored',
    );
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://book.example.com');
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/eclat');
    expect(config.seedDemo).toBe(false);
    expect(config.businessTimeZone).toBe('America/Vancouver');
    expect(config.dataDir).toBe('/var/lib/eclat');
  });

  it('reads reminders as hours before a visit, the earliest first, or none', () => {
    expect(loadConfig({ REMINDER_HOURS: '2, 48' }).reminderHours).toEqual([48, 2]);
    expect(loadConfig({ REMINDER_HOURS: 'off' }).reminderHours).toEqual([]);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['BUSINESS_TIMEZONE', 'Mars/Olympus'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['MAX_OPEN_VISITS', '0'],
    ['BOOKING_HORIZON_DAYS', 'a year'],
    ['REMINDER_HOURS', '0'],
    ['REMINDER_HOURS', 'the day before'],
  ])('stops with a message naming %s when it is %j', (key, value) => {
    let caught: unknown;
    try {
      loadConfig({ [key]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]).toContain(key);
    expect(error.message).toContain(JSON.stringify(value));
  });
});

describe('loadConfig, safety details', () => {
  it('trusts one proxy hop by default behind https, and a count or addresses when told', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://book.example.com' }).trustProxy).toBe(1);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' }).trustProxy).toBe(
      '10.0.0.0/8, 192.168.1.10',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
  });

  it('never prints the password of a connection string in its errors', () => {
    let message = '';
    try {
      loadConfig({
        SMTP_URL: 'smtp+starttls://mailer:S3cretPass@mail.example.com:587',
        DATABASE_URL: 'mysql://u:DbSecret@db/x',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('DATABASE_URL');
    expect(message).not.toContain('S3cretPass');
    expect(message).not.toContain('DbSecret');
    expect(message).toContain('mailer:***@');
  });

  it('reads how backups are encrypted, and never repeats a passphrase or a secret key in its errors', () => {
    const recipient = 'age1qc43pdgr62p54xc72gjfqalj7mdqcsfpzlnkzskw35pwfrhrnccszdgzw2';
    expect(loadConfig({}).backup).toMatchObject({
      passphrase: undefined,
      recipients: [],
      identity: undefined,
    });
    expect(loadConfig({ BACKUP_PASSPHRASE: 'a long random passphrase' }).backup.passphrase).toBe(
      'a long random passphrase',
    );
    expect(loadConfig({ BACKUP_RECIPIENT: `${recipient}, ${recipient}` }).backup.recipients).toEqual([
      recipient,
      recipient,
    ]);
    expect(loadConfig({ BACKUP_IDENTITY: 'keys/backup.txt' }, '/srv/eclat').backup.identity).toEqual({
      file: '/srv/eclat/keys/backup.txt',
    });
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return '';
    };
    expect(messageOf({ BACKUP_PASSPHRASE: 'Short-Pass1' })).toMatch(/BACKUP_PASSPHRASE: at least 12/);
    expect(messageOf({ BACKUP_PASSPHRASE: 'Short-Pass1' })).not.toContain('Short-Pass1');
    expect(messageOf({ BACKUP_IDENTITY: 'AGE-SECRET-KEY-1NOTAKEY' })).toMatch(/BACKUP_IDENTITY: expected/);
    expect(messageOf({ BACKUP_IDENTITY: 'AGE-SECRET-KEY-1NOTAKEY' })).not.toContain('NOTAKEY');
    expect(messageOf({ BACKUP_RECIPIENT: 'age1nope' })).toMatch(/BACKUP_RECIPIENT: expected age public keys/);
    expect(messageOf({ BACKUP_PASSPHRASE: 'a long random passphrase', BACKUP_RECIPIENT: recipient })).toMatch(
      /not both/,
    );
  });

  it('writes readable lines on a terminal and JSON lines otherwise, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, '/srv', true).logFormat).toBe('pretty');
    expect(loadConfig({}, '/srv', false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, '/srv', true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, '/srv', false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'colour' })).toThrow(/LOG_FORMAT: expected pretty or json/);
  });

  it('reads the Stripe keys and a loopback API base, and never repeats a key in its errors', () => {
    expect(loadConfig({}).stripe).toEqual({
      secretKey: undefined,
      webhookSecret: undefined,
      apiBase: undefined,
    });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiBase: 'http://127.0.0.1:12111',
    });
    for (const base of ['http://localhost:12111', 'http://[::1]:12111', 'https://127.0.0.2']) {
      expect(loadConfig({ STRIPE_API_BASE: base }).stripe.apiBase).toBe(base);
    }
    for (const base of [
      'https://api.stripe.com',
      'http://10.1.2.3:12111',
      'http://127.0.0.1.example.net',
      'nonsense',
    ]) {
      expect(() => loadConfig({ STRIPE_API_BASE: base })).toThrow(/STRIPE_API_BASE: expected/);
    }
    expect(() => loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' })).toThrow(
      /only a scheme, a host and a port/,
    );
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return error instanceof Error ? error.message : '';
      }
      return '';
    };
    expect(refused({ STRIPE_SECRET_KEY: 'pk_test_Publishable9' })).toMatch(
      /STRIPE_SECRET_KEY: expected a Stripe secret key/,
    );
    expect(refused({ STRIPE_SECRET_KEY: 'pk_test_Publishable9' })).not.toContain('Publishable9');
    expect(refused({ STRIPE_WEBHOOK_SECRET: 'secret-Hidden7' })).toMatch(/STRIPE_WEBHOOK_SECRET: expected/);
    expect(refused({ STRIPE_WEBHOOK_SECRET: 'secret-Hidden7' })).not.toContain('Hidden7');
  });

  it('accepts PAYMENTS=stripe with both Stripe secrets, names the missing one otherwise, and reads PAYMENT_HOLD_HOURS', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    expect(loadConfig({ PAYMENTS: 'stripe', ...keys }).payments).toBe('stripe');
    expect(() => loadConfig({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET: PAYMENTS=stripe needs it/,
    );
    expect(() =>
      loadConfig({ PAYMENTS: 'stripe', STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET }),
    ).toThrow(/STRIPE_SECRET_KEY: PAYMENTS=stripe needs it/);
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: PAYMENTS=stripe needs them/,
    );
    expect(loadConfig({}).paymentHoldHours).toBe(24);
    expect(loadConfig({ PAYMENT_HOLD_HOURS: '48' }).paymentHoldHours).toBe(48);
    // Decimal hours (decision 059): 36 h 30 min; the bounds themselves are allowed.
    expect(loadConfig({ PAYMENT_HOLD_HOURS: '36.5' }).paymentHoldHours).toBe(36.5);
    expect(loadConfig({ PAYMENT_HOLD_HOURS: '1' }).paymentHoldHours).toBe(1);
    expect(loadConfig({ PAYMENT_HOLD_HOURS: '168' }).paymentHoldHours).toBe(168);
    expect(loadConfig({ PAYMENT_HOLD_HOURS: '49.9875' }).paymentHoldHours).toBe(49.9875);
    for (const hours of ['0', '0.99', '168.01', '169', '-24', 'soon', '1e400', 'NaN']) {
      expect(() => loadConfig({ PAYMENT_HOLD_HOURS: hours })).toThrow(
        /PAYMENT_HOLD_HOURS: expected a number of hours from 1 to 168 \(a decimal is allowed, e\.g\. 36\.5\)/,
      );
    }
  });

  it('reads the late-cancellation policy: call us by default, a fee needs its amount and payments on', () => {
    expect(loadConfig({}).lateCancellationFeeCents).toBeNull();
    expect(loadConfig({ LATE_CANCELLATION_FEE_CENTS: '4000' }).lateCancellationFeeCents).toBeNull();
    expect(
      loadConfig({ LATE_CANCELLATION: 'fee', LATE_CANCELLATION_FEE_CENTS: '4000' }).lateCancellationFeeCents,
    ).toBe(4000);
    expect(() => loadConfig({ LATE_CANCELLATION: 'fee' })).toThrow(
      /LATE_CANCELLATION_FEE_CENTS: LATE_CANCELLATION=fee needs/,
    );
    expect(() =>
      loadConfig({ LATE_CANCELLATION: 'fee', LATE_CANCELLATION_FEE_CENTS: '4000', PAYMENTS: 'off' }),
    ).toThrow(/LATE_CANCELLATION=fee needs payments on/);
    expect(() => loadConfig({ LATE_CANCELLATION: 'sometimes' })).toThrow(
      /LATE_CANCELLATION: expected call-us or fee/,
    );
    for (const cents of ['49', '100001', '12.5']) {
      expect(() => loadConfig({ LATE_CANCELLATION: 'fee', LATE_CANCELLATION_FEE_CENTS: cents })).toThrow(
        /LATE_CANCELLATION_FEE_CENTS: expected a whole number of cents from 50 to 100000/,
      );
    }
  });

  it('needs a pool of at least two connections', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
