import { z } from '../zod.ts';

/** Body of `POST /contact/send` (public). `website` is a honeypot: people leave it empty, robots fill it. */
export const contactMessageInputSchema = z
  .object({
    name: z
      .string({ error: 'contact.errors.allFields' })
      .trim()
      .min(1, 'contact.errors.allFields')
      .max(120, 'validation.tooLong'),
    email: z
      .email({
        error: (issue) => (issue.input === undefined ? 'contact.errors.allFields' : 'validation.email'),
      })
      .max(254, 'validation.tooLong'),
    subject: z
      .string({ error: 'contact.errors.allFields' })
      .trim()
      .min(1, 'contact.errors.allFields')
      .max(200, 'validation.tooLong'),
    message: z
      .string({ error: 'contact.errors.allFields' })
      .trim()
      .min(1, 'contact.errors.allFields')
      .max(5000, 'validation.tooLong'),
    website: z.string().max(500).optional(),
  })
  // No component id: trimming and defaults make its input and output shapes differ in OpenAPI.
  .describe('ContactMessageInput');
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageAcceptedSchema = z
  .object({ status: z.literal('accepted') })
  .meta({ id: 'ContactMessageAccepted' });
