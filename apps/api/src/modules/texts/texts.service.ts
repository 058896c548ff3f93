import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  TEXT_CONSENT_WORDING,
  type Locale,
  type TextChannel,
  type TextPreferences,
  type textPreferencesInputSchema,
} from '@eclat/shared';
import type { z } from 'zod';
import { textContacts, textDeliveries } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Transaction } from '../../plugins/jobs.ts';
import type { TextKind } from '../../sms/templates.ts';
import { findOwnCustomer, type Owner } from '../auth/ownership.ts';

/**
 * Text messages (issue 31, decision 067): a customer's mobile number and consent, what goes by text, the
 * queueing of a text with the email it goes with, and STOP/START and the provider's delivery statuses.
 */

type ContactRow = typeof textContacts.$inferSelect;

const preferencesOf = (contact: ContactRow | undefined): TextPreferences => ({
  mobile: contact?.mobile ?? null,
  consentedAt: contact?.consentedAt.toISOString() ?? null,
  consentWording: contact?.consentWording ?? null,
  stopped: contact?.stoppedAt != null,
  reminderBy: channelOf(contact?.reminderBy),
  confirmationBy: channelOf(contact?.confirmationBy),
});
const channelOf = (value: string | undefined): TextChannel =>
  value === 'text' || value === 'email' ? value : 'both';

async function ownCustomerId(db: Db, owner: Owner): Promise<string> {
  const customer = await findOwnCustomer(db, owner);
  if (!customer) throw notFound('Customer profile');
  return customer.id;
}

export async function myTextPreferences(db: Db, owner: Owner): Promise<TextPreferences> {
  const customerId = await ownCustomerId(db, owner);
  const [contact] = await db.select().from(textContacts).where(eq(textContacts.customerId, customerId));
  return preferencesOf(contact);
}

/**
 * Sets the caller's number and choices. A new number (or a first one) records the consent again, with the
 * time and the exact sentence shown in the language shown; the same number keeps its consent and its STOP
 * (only a START from the phone lifts a STOP). `mobile: null` removes the number and the consent.
 */
export async function setMyTextPreferences(
  db: Db,
  owner: Owner,
  input: z.output<typeof textPreferencesInputSchema>,
): Promise<TextPreferences> {
  const customerId = await ownCustomerId(db, owner);
  if (input.mobile === null) {
    await db.delete(textContacts).where(eq(textContacts.customerId, customerId));
    return preferencesOf(undefined);
  }
  const consent = {
    mobile: input.mobile,
    consentedAt: new Date(),
    consentWording: TEXT_CONSENT_WORDING[input.consentLocale],
    consentLocale: input.consentLocale,
    stoppedAt: null,
  };
  const choices = { reminderBy: input.reminderBy, confirmationBy: input.confirmationBy };
  const [saved] = await db
    .insert(textContacts)
    .values({ customerId, ...consent, ...choices })
    .onConflictDoUpdate({
      target: textContacts.customerId,
      targetWhere: sql`true`,
      set: {
        ...choices,
        // A new number: new consent. The same number: the consent (and a STOP) stay as they were.
        mobile: consent.mobile,
        consentedAt: sql`case when ${textContacts.mobile} = ${consent.mobile} then ${textContacts.consentedAt} else now() end`,
        consentWording: sql`case when ${textContacts.mobile} = ${consent.mobile} then ${textContacts.consentWording} else ${consent.consentWording} end`,
        consentLocale: sql`case when ${textContacts.mobile} = ${consent.mobile} then ${textContacts.consentLocale} else ${consent.consentLocale} end`,
        stoppedAt: sql`case when ${textContacts.mobile} = ${consent.mobile} then ${textContacts.stoppedAt} else null end`,
      },
    })
    .returning();
  return preferencesOf(saved);
}

/**
 * How a message of this kind reaches a customer: by email, and by text to this number when they consented,
 * have not sent STOP, and chose text or both for the kind. No number (or a STOP): email only.
 */
export async function channelsFor(
  db: Db,
  customerId: string,
  kind: TextKind,
): Promise<{ email: boolean; textTo: string | null }> {
  const [contact] = await db
    .select()
    .from(textContacts)
    .where(and(eq(textContacts.customerId, customerId), isNull(textContacts.stoppedAt)));
  if (!contact) return { email: true, textTo: null };
  const by = channelOf(kind === 'appointment-reminder' ? contact.reminderBy : contact.confirmationBy);
  return { email: by !== 'text', textTo: by === 'email' ? null : contact.mobile };
}

/**
 * Writes a text's row and its job in the caller's transaction (the one that decides to send it): the row's
 * id is the key the provider is given, so the text is recorded once however often the job runs.
 */
export async function queueVisitText(
  tx: Transaction,
  text: {
    kind: TextKind;
    to: string;
    locale: Locale;
    customerId: string;
    appointmentId: string;
    startsAt: string;
  },
): Promise<string> {
  const [row] = await tx.db
    .insert(textDeliveries)
    .values({
      kind: text.kind,
      recipient: text.to,
      locale: text.locale,
      data: { startsAt: text.startsAt },
      appointmentId: text.appointmentId,
      customerId: text.customerId,
    })
    .returning({ id: textDeliveries.id });
  if (!row) throw new Error('The text was not saved.');
  const jobId = await tx.enqueue('text', { deliveryId: row.id, kind: text.kind, to: text.to });
  await tx.db.update(textDeliveries).set({ jobId }).where(eq(textDeliveries.id, row.id));
  return row.id;
}

/** Words that stop texts (Twilio's and CASL's usual ones, English and French), and that bring them back. */
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'ARRET',
  'ARRETER',
  'DESABONNER',
]);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'SUBSCRIBE', 'DEBUT', 'REPRENDRE']);

/** The keyword of an inbound text: its first word, upper case, accents removed (ARRÊT is ARRET). */
export function keywordOf(body: string): 'stop' | 'start' | null {
  const word = (body.trim().split(/\s+/)[0] ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

/** STOP or START from a number, honoured at once for every profile with that number. Returns what it did. */
export async function receiveInboundText(
  db: Db,
  from: string,
  body: string,
): Promise<'stop' | 'start' | null> {
  const keyword = keywordOf(body);
  if (keyword === 'stop') {
    await db
      .update(textContacts)
      .set({ stoppedAt: new Date() })
      .where(and(eq(textContacts.mobile, from), isNull(textContacts.stoppedAt)));
  } else if (keyword === 'start') {
    await db.update(textContacts).set({ stoppedAt: null }).where(eq(textContacts.mobile, from));
  }
  return keyword;
}

/** The order of a text's statuses: a callback only moves it forward, so a replay or a late one changes nothing. */
const STATUS_RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 };

/** A delivery status from the provider's callback. True when it changed the row. */
export async function recordTextStatus(db: Db, providerId: string, status: string): Promise<boolean> {
  const rank = STATUS_RANK[status];
  if (rank === undefined) return false;
  const lower = Object.entries(STATUS_RANK)
    .filter(([, value]) => value < rank)
    .map(([name]) => name);
  const updated = await db
    .update(textDeliveries)
    .set({ status })
    .where(
      and(
        eq(textDeliveries.providerId, providerId),
        sql`${textDeliveries.status} in (${sql.join(
          lower.map((name) => sql`${name}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: textDeliveries.id });
  return updated.length > 0;
}
