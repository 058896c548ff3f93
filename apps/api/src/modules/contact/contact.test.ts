import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@eclat/shared';
import { buildApp } from '../../app.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { createTestDatabase, testConfig } from '../../../test/helpers.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.ts';

let app: Awaited<ReturnType<typeof buildApp>>;
let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  app = await buildApp(
    testConfig({
      SMTP_URL: smtp.url,
      CONTACT_TO: 'office@eclat.example',
      BUSINESS_LOCALE: 'fr',
      JOB_POLL_SECONDS: '0.5',
    }),
    { databaseUrl: await createTestDatabase() },
  );
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const message = {
  name: 'Léa Martin',
  email: 'lea@example.com',
  subject: 'Devis <bureau>',
  message: 'Bonjour,\n<b>deux</b> étages.',
};
const send = (payload: object, ip = '10.9.8.7') =>
  app.inject({ method: 'POST', url: '/api/v1/contact/send', payload, remoteAddress: ip });

describe('the contact form', () => {
  it('stores the message and emails it to the business, in its language, with Reply-To the visitor', async () => {
    const res = await send(message);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'accepted' });
    const [email] = await smtp.waitFor(1);
    expect(email?.to?.[0]?.address).toBe('office@eclat.example');
    expect(email?.replyTo?.[0]?.address).toBe('lea@example.com');
    expect(email?.subject).toBe('Formulaire de contact\u00a0: Devis <bureau>');
    expect(email?.text).toContain('Bonjour,\n<b>deux</b> étages.');
    expect(email?.html).toContain('&lt;b&gt;deux&lt;/b&gt; étages.');
    expect(await app.db.$count(contactMessages)).toBe(1);
  });

  it('needs all four fields and a real email address', async () => {
    for (const field of ['name', 'email', 'subject', 'message'] as const) {
      const res = await send({ ...message, [field]: field === 'email' ? undefined : '   ' }, '10.1.1.1');
      expect(res.statusCode, field).toBe(400);
      expect(errorBodySchema.parse(res.json()).details).toEqual([
        { path: `body.${field}`, message: 'contact.errors.allFields' },
      ]);
    }
    const bad = await send({ ...message, email: 'not-an-address' }, '10.1.1.2');
    expect(errorBodySchema.parse(bad.json()).details).toEqual([
      { path: 'body.email', message: 'validation.email' },
    ]);
  });

  it('answers a filled honeypot as usual but keeps and sends nothing', async () => {
    const before = await app.db.$count(contactMessages);
    const res = await send({ ...message, website: 'http://spam.example' }, '10.2.2.2');
    expect(res.statusCode).toBe(202);
    expect(await app.db.$count(contactMessages)).toBe(before);
  });

  it('limits each address to 5 messages in 10 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await send({ ...message, subject: `n${i}` }, '10.3.3.3')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await send(message, '10.3.3.3');
    expect(errorBodySchema.parse(limited.json()).code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('600');
    expect((await send(message, '10.4.4.4')).statusCode).toBe(202);
  });
});
