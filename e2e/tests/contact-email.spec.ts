import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import { startSmtpReceiver } from '../../apps/api/test/smtp-receiver.ts';
import { expect, test } from './fixtures.ts';
import { setLanguage } from './support/accounts.ts';
import { startOwnServer } from './support/server.ts';

/** The contact form, through the real server and its job queue, to a real SMTP server on loopback. */
for (const language of ['en', 'fr'] as const) {
  test(`a visitor's contact message reaches the business by email (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    const smtp = await startSmtpReceiver();
    const port = await freePort();
    const dataDir = path.join(
      import.meta.dirname,
      '../../test-results',
      `contact-data-${language}-${Date.now()}`,
    );
    const server = await startOwnServer(port, dataDir, {
      SMTP_URL: smtp.url,
      CONTACT_TO: 'office@eclat.example',
      JOB_POLL_SECONDS: '0.5',
    });
    try {
      const t =
        language === 'en'
          ? {
              name: 'Name',
              email: 'Email',
              subject: 'Subject',
              message: 'Message',
              send: 'Send',
              success: 'Email sent successfully!',
            }
          : {
              name: 'Nom',
              email: 'Courriel',
              subject: 'Objet',
              message: 'Message',
              send: 'Envoyer',
              success: 'Courriel envoyé!',
            };
      await setLanguage(page, language);
      await page.goto(`http://127.0.0.1:${port}/contacts`);
      await page.getByRole('textbox', { name: t.name, exact: true }).fill('Léa Martin');
      await page.getByRole('textbox', { name: t.email, exact: true }).fill('lea@example.com');
      await page
        .getByRole('textbox', { name: t.subject, exact: true })
        .fill(`Quote for a 3-bedroom house (${language})`);
      await page
        .getByRole('textbox', { name: t.message, exact: true })
        .fill('Hello,\nCould you clean <b>two floors</b> next Tuesday?');
      await page.getByRole('button', { name: t.send, exact: true }).click();
      await expect(page.getByText(t.success)).toBeVisible();

      const [email] = await smtp.waitFor(1, 30_000);
      expect(email?.to?.[0]?.address).toBe('office@eclat.example');
      expect(email?.replyTo?.[0]?.address).toBe('lea@example.com');
      expect(email?.subject).toContain(`Quote for a 3-bedroom house (${language})`);
      expect(email?.text).toContain('Could you clean <b>two floors</b> next Tuesday?');
    } finally {
      await server.stop();
      await smtp.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
}
