import type { FailedJob } from '@eclat/shared';

/** The emails the admin screen names in words; any other template is shown as it is. */
export const KNOWN_EMAIL_TEMPLATES = [
  'password-reset',
  'email-verification',
  'sign-up-attempt',
  'contact-message',
  'booking-confirmation',
  'appointment-reminder',
  'series-confirmation',
  'visit-notice',
  'feedback-request',
  'quote-request',
  'quote-answered',
] as const;
export type KnownEmailTemplate = (typeof KNOWN_EMAIL_TEMPLATES)[number];

/** One row of the Emails tab: what it was, to whom (null for a job that is not an email). */
export type FailedEmailRow = {
  id: string;
  template: KnownEmailTemplate | null;
  /** The template or queue name as the server gave it, for anything not known here. */
  what: string;
  to: string | null;
};

const isKnownTemplate = (value: string): value is KnownEmailTemplate =>
  (KNOWN_EMAIL_TEMPLATES as readonly string[]).includes(value);

/**
 * Splits the server's summary of a failed job ("booking-confirmation to ana@example.com") into what and
 * to whom. A job of another queue (or an email whose data no longer reads) keeps its summary as "what".
 */
export function describeFailedJob(job: Pick<FailedJob, 'id' | 'queue' | 'summary'>): FailedEmailRow {
  const match = job.queue === 'email' ? /^(\S+) to (\S+@\S+)$/.exec(job.summary) : null;
  if (!match?.[1] || !match[2]) return { id: job.id, template: null, what: job.summary, to: null };
  const what = match[1];
  return { id: job.id, template: isKnownTemplate(what) ? what : null, what, to: match[2] };
}
