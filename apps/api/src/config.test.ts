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
      slotCapacity: 2,
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
