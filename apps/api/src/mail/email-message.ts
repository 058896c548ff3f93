import { LOCALES, type Locale } from '@eclat/shared';
import { z } from 'zod';
import {
  calendarContentType,
  createAppointmentInvite,
  createSeriesInvite,
  createVisitChange,
} from './ics.ts';
import type { RenderContext, RenderedEmail } from './layout.ts';
import {
  appointmentEmailDataSchema,
  renderAppointmentReminder,
  renderBookingConfirmation,
} from './templates/appointment.ts';
import { contactMessageDataSchema, renderContactMessage } from './templates/contact-message.ts';
import { emailVerificationDataSchema, renderEmailVerification } from './templates/email-verification.ts';
import { passwordResetDataSchema, renderPasswordReset } from './templates/password-reset.ts';
import {
  renderSeriesConfirmation,
  renderSeriesVisitNotice,
  seriesConfirmationDataSchema,
  seriesVisitNoticeDataSchema,
  type SeriesVisitNoticeData,
} from './templates/series.ts';
import { renderSignUpAttempt, signUpAttemptDataSchema } from './templates/sign-up-attempt.ts';

/**
 * Every email the application sends, by template, with its typed data. A job carries one of these; the
 * worker renders it in the recipient's language when it sends, so a retried job uses the same data.
 */
export const emailMessageSchema = z.discriminatedUnion('template', [
  z.object({ template: z.literal('password-reset'), data: passwordResetDataSchema }),
  z.object({ template: z.literal('email-verification'), data: emailVerificationDataSchema }),
  z.object({ template: z.literal('sign-up-attempt'), data: signUpAttemptDataSchema }),
  z.object({ template: z.literal('contact-message'), data: contactMessageDataSchema }),
  z.object({ template: z.literal('booking-confirmation'), data: appointmentEmailDataSchema }),
  z.object({ template: z.literal('appointment-reminder'), data: appointmentEmailDataSchema }),
  z.object({ template: z.literal('series-confirmation'), data: seriesConfirmationDataSchema }),
  z.object({ template: z.literal('series-visit-notice'), data: seriesVisitNoticeDataSchema }),
]);
export type EmailMessage = z.infer<typeof emailMessageSchema>;
export type EmailTemplate = EmailMessage['template'];

export const emailJobSchema = z.object({
  to: z.email(),
  /** The recipient's language. */
  locale: z.enum(LOCALES),
  replyTo: z.email().optional(),
  message: emailMessageSchema,
});
export type EmailJob = z.infer<typeof emailJobSchema>;

export type EmailAttachment = { filename: string; content: string; contentType: string };
export type RenderedEmailWithAttachments = RenderedEmail & { attachments: EmailAttachment[] };

export function renderEmail(job: EmailJob, ctx: RenderContext): RenderedEmailWithAttachments {
  const { message, locale } = job;
  switch (message.template) {
    case 'password-reset':
      return { ...renderPasswordReset(message.data, locale, ctx), attachments: [] };
    case 'email-verification':
      return { ...renderEmailVerification(message.data, locale, ctx), attachments: [] };
    case 'sign-up-attempt':
      return { ...renderSignUpAttempt(message.data, locale, ctx), attachments: [] };
    case 'contact-message':
      return { ...renderContactMessage(message.data, locale, ctx), attachments: [] };
    case 'booking-confirmation':
      return {
        ...renderBookingConfirmation(message.data, locale, ctx),
        attachments: [
          {
            filename: 'appointment.ics',
            content: createAppointmentInvite(message.data, locale, ctx),
            contentType: calendarContentType('PUBLISH'),
          },
        ],
      };
    case 'appointment-reminder':
      return { ...renderAppointmentReminder(message.data, locale, ctx), attachments: [] };
    case 'series-confirmation': {
      const invite = createSeriesInvite(message.data, locale, ctx);
      return {
        ...renderSeriesConfirmation(message.data, locale, ctx),
        attachments: invite
          ? [{ filename: 'series.ics', content: invite, contentType: calendarContentType('PUBLISH') }]
          : [],
      };
    }
    case 'series-visit-notice':
      return {
        ...renderSeriesVisitNotice(message.data, locale, ctx),
        attachments: seriesVisitAttachments(message.data, locale, ctx),
      };
  }
}

/** A moved visit's event published again (same UID, higher SEQUENCE); a skipped one's cancelled. */
function seriesVisitAttachments(
  data: SeriesVisitNoticeData,
  locale: Locale,
  ctx: RenderContext,
): EmailAttachment[] {
  switch (data.kind) {
    case 'flagged':
      return [];
    case 'moved':
      return [
        {
          filename: 'appointment.ics',
          content: createVisitChange(data, 'PUBLISH', locale, ctx),
          contentType: calendarContentType('PUBLISH'),
        },
      ];
    case 'skipped':
      return [
        {
          filename: 'cancellation.ics',
          content: createVisitChange(data, 'CANCEL', locale, ctx),
          contentType: calendarContentType('CANCEL'),
        },
      ];
  }
}
