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
import { feedbackRequestDataSchema, renderFeedbackRequest } from './templates/feedback-request.ts';
import {
  quoteAnsweredDataSchema,
  quoteRequestDataSchema,
  renderQuoteAnswered,
  renderQuoteRequest,
} from './templates/quotes.ts';
import { onTheWayDataSchema, renderOnTheWay } from './templates/on-the-way.ts';
import { paymentNeededDataSchema, renderPaymentNeeded } from './templates/payment-needed.ts';
import { receiptEmail, receiptEmailDataSchema } from './templates/receipt.ts';
import { renderSeriesConfirmation, seriesConfirmationDataSchema } from './templates/series.ts';
import { renderSignUpAttempt, signUpAttemptDataSchema } from './templates/sign-up-attempt.ts';
import { renderVisitProblem, visitProblemDataSchema } from './templates/visit-problem.ts';
import {
  renderVisitNotice,
  visitNoticeCalendarMethod,
  visitNoticeDataSchema,
  type VisitNoticeData,
} from './templates/visit-notice.ts';

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
  z.object({ template: z.literal('visit-notice'), data: visitNoticeDataSchema }),
  z.object({ template: z.literal('feedback-request'), data: feedbackRequestDataSchema }),
  z.object({ template: z.literal('quote-request'), data: quoteRequestDataSchema }),
  z.object({ template: z.literal('quote-answered'), data: quoteAnsweredDataSchema }),
  z.object({ template: z.literal('receipt'), data: receiptEmailDataSchema }),
  z.object({ template: z.literal('payment-needed'), data: paymentNeededDataSchema }),
  z.object({ template: z.literal('on-the-way'), data: onTheWayDataSchema }),
  z.object({ template: z.literal('visit-problem'), data: visitProblemDataSchema }),
]);
export type EmailMessage = z.infer<typeof emailMessageSchema>;
export type EmailTemplate = EmailMessage['template'];

export const emailJobSchema = z.object({
  to: z.email(),
  /** The recipient's language. */
  locale: z.enum(LOCALES),
  replyTo: z.email().optional(),
  /** An optional email's one-click unsubscribe address (RFC 8058): sent as `List-Unsubscribe`. */
  unsubscribeUrl: z.url().optional(),
  message: emailMessageSchema,
});
export type EmailJob = z.infer<typeof emailJobSchema>;

/** A file sent with an email: text (a calendar invitation), or bytes in base64 (a receipt's PDF). */
export type EmailAttachment = { filename: string; content: string; contentType: string; encoding?: 'base64' };
export type RenderedEmailWithAttachments = RenderedEmail & { attachments: EmailAttachment[] };

export function renderEmail(job: EmailJob, base: RenderContext): RenderedEmailWithAttachments {
  const { message, locale } = job;
  // An optional email says how to stop it in its body too, beside the List-Unsubscribe header.
  const ctx = job.unsubscribeUrl ? { ...base, unsubscribeUrl: job.unsubscribeUrl } : base;
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
    case 'visit-notice':
      return {
        ...renderVisitNotice(message.data, locale, ctx),
        attachments: visitNoticeAttachments(message.data, locale, ctx),
      };
    case 'feedback-request':
      return { ...renderFeedbackRequest(message.data, locale, ctx), attachments: [] };
    case 'quote-request':
      return { ...renderQuoteRequest(message.data, locale, ctx), attachments: [] };
    case 'quote-answered':
      return { ...renderQuoteAnswered(message.data, locale, ctx), attachments: [] };
    case 'receipt':
      // The job's language: the payments service queues it in the document's (decision 049).
      return receiptEmail({ ...message.data, locale }, ctx);
    case 'payment-needed':
      return { ...renderPaymentNeeded(message.data, locale, ctx), attachments: [] };
    case 'on-the-way':
      return { ...renderOnTheWay(message.data, locale, ctx), attachments: [] };
    case 'visit-problem':
      return { ...renderVisitProblem(message.data, locale, ctx), attachments: [] };
  }
}

/**
 * The visit's event published again (same UID, SEQUENCE its revision after the change) for a
 * confirmation, a move or an assignment; cancelled for a cancellation or an unassignment; none for a
 * visit that needs a time.
 */
function visitNoticeAttachments(
  data: VisitNoticeData,
  locale: Locale,
  ctx: RenderContext,
): EmailAttachment[] {
  const method = visitNoticeCalendarMethod(data.kind);
  if (!method) return [];
  return [
    {
      filename: method === 'CANCEL' ? 'cancellation.ics' : 'appointment.ics',
      content: createVisitChange(data, method, locale, ctx),
      contentType: calendarContentType(method),
    },
  ];
}
