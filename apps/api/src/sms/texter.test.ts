import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { startTwilioFake, type TwilioFake } from '../../test/fakes/twilio-fake.ts';
import { createLogTexter, createTwilioTexter, TextRefused } from './texter.ts';

const quiet = { info: () => undefined };
const base = { DATABASE_URL: 'postgres://u@localhost/db' };
const SID = `AC${'0'.repeat(32)}`;
const TOKEN = 'f'.repeat(32);

describe('SMS configuration', () => {
  it('writes texts to the log by default', () => {
    expect(loadConfig(base, '/srv').sms).toEqual({ adapter: 'log', quietHours: { from: 21, until: 8 } });
    expect(loadConfig({ ...base, SMS_QUIET_HOURS: 'off' }, '/srv').sms.quietHours).toBeNull();
  });

  it('reads SMS=twilio with a number or a messaging service, and never repeats the token in an error', () => {
    const twilio = { ...base, SMS: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN };
    expect(loadConfig({ ...twilio, TWILIO_FROM: '+15145550100' }, '/srv').sms).toEqual({
      adapter: 'twilio',
      quietHours: { from: 21, until: 8 },
      accountSid: SID,
      authToken: TOKEN,
      sender: { from: '+15145550100' },
      apiBase: undefined,
    });
    const service = `MG${'a'.repeat(32)}`;
    expect(loadConfig({ ...twilio, TWILIO_MESSAGING_SERVICE_SID: service }, '/srv').sms).toMatchObject({
      sender: { messagingServiceSid: service },
    });
    const issues = (env: Record<string, string>) => {
      try {
        loadConfig(env, '/srv');
      } catch (error) {
        if (error instanceof ConfigError) return error.issues.join('\n');
      }
      return 'no error';
    };
    expect(issues({ ...base, SMS: 'twilio' })).toMatch(
      /TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: SMS=twilio needs them/,
    );
    expect(issues(twilio)).toMatch(/TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: .* set exactly one/);
    expect(issues({ ...twilio, TWILIO_FROM: '+15145550100', TWILIO_MESSAGING_SERVICE_SID: service })).toMatch(
      /set exactly one/,
    );
    expect(issues({ ...twilio, TWILIO_FROM: '514-555-0100' })).toMatch(
      /TWILIO_FROM: expected the sending number in E\.164/,
    );
    expect(issues({ ...base, SMS_QUIET_HOURS: '9pm' })).toMatch(
      /SMS_QUIET_HOURS: expected two hours such as 21-8/,
    );
    expect(issues({ ...base, SMS: 'email' })).toMatch(/SMS: expected log or twilio/);
    const badToken = issues({ ...twilio, TWILIO_AUTH_TOKEN: 'not-a-token-secret' });
    expect(badToken).toMatch(/TWILIO_AUTH_TOKEN: expected/);
    expect(badToken).not.toContain('not-a-token-secret');
    expect(
      issues({ ...twilio, TWILIO_FROM: '+15145550100', TWILIO_API_BASE: 'https://api.twilio.example' }),
    ).toMatch(/TWILIO_API_BASE: expected a loopback address/);
  });
});

describe('SMS=log', () => {
  it('writes each text whole under the folder, once per key', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-sms-'));
    const texter = createLogTexter(folder, quiet);
    const text = { to: '+15145550100', body: 'Éclat : rappel demain 9 h', key: 'k1', queuedAt: new Date() };
    const first = await texter.send(text);
    const again = await texter.send(text);
    expect(again.file).toBe(first.file);
    const files = (await fs.readdir(folder)).filter((name) => !name.startsWith('.'));
    expect(files).toHaveLength(1);
    expect(await fs.readFile(path.join(folder, files[0] ?? ''), 'utf8')).toBe(
      'To: +15145550100\nKey: k1\n\nÉclat : rappel demain 9 h\n',
    );
    await fs.rm(folder, { recursive: true, force: true });
  });
});

describe('SMS=twilio against the local fake', () => {
  let fake: TwilioFake;
  beforeAll(async () => {
    fake = await startTwilioFake();
  });
  afterAll(async () => {
    await fake.close();
  });

  const texterFor = (sender: { from: string } | { messagingServiceSid: string }) =>
    createTwilioTexter({
      adapter: 'twilio',
      quietHours: null,
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      sender,
      apiBase: fake.url,
    });

  it('sends through the official SDK with our idempotency key: the same key twice is one message', async () => {
    fake.reset();
    const texter = texterFor({ from: '+15145550199' });
    expect(texter.destination).toBe(`twilio at ${fake.url}`);
    const text = {
      to: '+15145550100',
      body: 'Reminder',
      key: 'delivery-1',
      queuedAt: new Date(),
      statusCallback: 'http://127.0.0.1:9/api/sms/status',
    };
    const first = await texter.send(text);
    const second = await texter.send(text);
    expect(first.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(second.providerId).toBe(first.providerId);
    expect(fake.requests().map((request) => request.key)).toEqual(['delivery-1', 'delivery-1']);
    expect(fake.texts()).toMatchObject([
      { to: '+15145550100', from: '+15145550199', body: 'Reminder', statusCallback: text.statusCallback },
    ]);
  });

  it('sends from a messaging service when that is the sender', async () => {
    fake.reset();
    const service = `MG${'b'.repeat(32)}`;
    await texterFor({ messagingServiceSid: service }).send({
      to: '+15145550100',
      body: 'Hi',
      key: 'delivery-2',
      queuedAt: new Date(),
    });
    expect(fake.texts()).toMatchObject([{ messagingServiceSid: service, from: null }]);
  });

  it("reports Twilio's refusal with its code, and a wrong token as refused", async () => {
    fake.reset();
    const texter = texterFor({ from: '+15145550199' });
    const refused = await texter
      .send({ to: '+1514', body: 'Hi', key: 'delivery-3', queuedAt: new Date() })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TextRefused);
    expect(refused).toMatchObject({ code: 21211, status: 400 });
    const wrong = createTwilioTexter({
      adapter: 'twilio',
      quietHours: null,
      accountSid: fake.accountSid,
      authToken: '0'.repeat(32),
      sender: { from: '+15145550199' },
      apiBase: fake.url,
    });
    await expect(
      wrong.send({ to: '+15145550100', body: 'Hi', key: 'k', queuedAt: new Date() }),
    ).rejects.toMatchObject({
      code: 20003,
      status: 401,
    });
  });
});
