import type { z } from 'zod';
import type { contactMessageInputSchema, Locale } from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { insertContactMessage } from './contact.repository.ts';

export type ContactDeps = { jobs: Jobs; config: AppConfig };

/**
 * A visitor's message: stored, and emailed to the business (CONTACT_TO, in BUSINESS_LOCALE, Reply-To
 * the visitor) through the job queue in the same transaction. A robot that filled the hidden field gets
 * the same answer, and nothing is kept or sent (`dropped`).
 */
export async function sendContactMessage(
  { jobs, config }: ContactDeps,
  input: z.output<typeof contactMessageInputSchema>,
  locale: Locale,
): Promise<'sent' | 'dropped'> {
  const { website, ...message } = input;
  if (website) return 'dropped';
  await jobs.transaction(async (tx) => {
    const createdAt = await insertContactMessage(tx.db, { ...message, locale });
    await tx.enqueue('email', {
      to: config.contactTo,
      locale: config.businessLocale,
      replyTo: message.email,
      message: {
        template: 'contact-message',
        data: { ...message, sentAt: (createdAt ?? new Date()).toISOString() },
      },
    });
  });
  return 'sent';
}
