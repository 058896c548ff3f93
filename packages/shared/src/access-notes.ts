import { addDays } from './booking-rules.ts';
import { fromLocal, toLocal } from './time-zone.ts';

/**
 * Access notes (issue 30 §5, decision 065): how a cleaner gets into the customer's place. The fields, in
 * the order every screen shows them.
 */
export const ACCESS_NOTE_FIELDS = ['doorCode', 'alarmCode', 'keys', 'pets', 'parking', 'other'] as const;
export type AccessNoteField = (typeof ACCESS_NOTE_FIELDS)[number];

/** The longest text of one field. */
export const ACCESS_NOTE_MAX_LENGTH = 500;

/** What a visit needs of itself to decide whether its cleaner may read the notes now. */
export type AccessWindowVisit = {
  appointmentDate: Date;
  endsAt: Date;
  status: string;
  /** Its step in the field (decision 062): a visit completed or ended at the door is over. */
  step: string;
};

const OVER_STEPS = new Set(['completed', 'noAccess', 'cancelledAtDoor']);

/** A visit over for the field: cancelled, completed, or ended at the door; its access notes are closed. */
export function isOverInField(visit: { status: string; step: string }): boolean {
  return visit.status === 'cancelled' || visit.status === 'completed' || OVER_STEPS.has(visit.step);
}

/**
 * When the cleaner on a visit may read the place's access notes: from the start (00:00, business time
 * zone) of the day before the visit's day until its end; a visit cancelled, completed or ended at the
 * door has no window left. Returns the window, or null when it is closed for good.
 */
export function accessWindowOf(
  visit: AccessWindowVisit,
  timeZone: string,
): { opensAt: Date; closesAt: Date } | null {
  if (isOverInField(visit)) return null;
  const visitDay = toLocal(visit.appointmentDate, timeZone).date;
  return { opensAt: fromLocal(addDays(visitDay, -1), 0, 0, timeZone), closesAt: visit.endsAt };
}

/** Whether the cleaner on the visit may read the notes at `now`. */
export function isAccessWindowOpen(visit: AccessWindowVisit, timeZone: string, now: Date): boolean {
  const window = accessWindowOf(visit, timeZone);
  return window !== null && now >= window.opensAt && now < window.closesAt;
}

// A code-like run: three or more digits (a space, hyphen, # or * between them allowed), alone in its word.
const CODE_RUN = /(?<![\p{L}\p{N}])(?:\p{N}[\s#*-]?){3,}/u;
// Words about getting in, English and French, as whole words (accented letters count as letters here).
const ACCESS_WORDS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:codes?|doors?|portes?|alarms?|alarmes?|digicodes?|cl[ée]s?|cl[ée]fs?|keys?|lock\s*box(?:es)?|bo[iî]tes?\s*[àa]\s*cl[ée]s?|keypad|gates?|portail|garage|buzz(?:er)?|interphone|intercom|pin|nip|mot\s*de\s*passe|password)(?![\p{L}\p{N}])`,
  'iu',
);

/**
 * Whether a free-text comment looks like it holds an access code: a code-like run of digits and, in the
 * same comment, a word about getting in (code, door, porte, alarm, alarme, clé, key, lockbox, digicode…).
 * The admin's list of comments to move into access notes reads it.
 */
export function looksLikeAccessCode(text: string | null | undefined): boolean {
  if (!text) return false;
  return CODE_RUN.test(text) && ACCESS_WORDS.test(text);
}
