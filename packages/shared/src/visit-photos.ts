/**
 * Photos and problem reports from the field (issue 30 §4, decision 068): what a cleaner may send from My Day,
 * and the server's limits. The schemas are in `schemas/visit-photos.ts`.
 */

/** "Before" and "after" the cleaning, or a photo sent with a problem report. */
export const VISIT_PHOTO_KINDS = ['before', 'after', 'problem'] as const;
export type VisitPhotoKind = (typeof VISIT_PHOTO_KINDS)[number];

/** What a problem report is about: damage, no supplies, or something else to tell the office. */
export const VISIT_PROBLEM_KINDS = ['damage', 'noSupplies', 'message'] as const;
export type VisitProblemKind = (typeof VISIT_PROBLEM_KINDS)[number];

/** The largest photo accepted, as sent (a phone's camera JPEG is 2 to 6 MB). */
export const VISIT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Photos per visit and kind. */
export const VISIT_PHOTOS_PER_KIND = 10;
/** The stored copy's longest side, in pixels (a larger photo is scaled down, a smaller one kept). */
export const VISIT_PHOTO_LONGEST_SIDE = 1600;
/** The longest note of a problem report. */
export const VISIT_PROBLEM_NOTE_MAX = 2000;

/** The photo's bytes as the phone sends them: a base64 data URL (its declared type is not trusted). */
export const VISIT_PHOTO_DATA_URL = /^data:[a-z0-9.+/-]{0,100};base64,[A-Za-z0-9+/]+={0,2}$/i;
/** The longest data URL of a photo within the limit (base64 is 4 characters for 3 bytes, plus its prefix). */
export const VISIT_PHOTO_DATA_URL_MAX = Math.ceil(VISIT_PHOTO_MAX_BYTES / 3) * 4 + 128;

/** The customer sees "before" and "after" once the visit is completed; problem photos stay the office's. */
export const CUSTOMER_VISIT_PHOTO_KINDS: readonly VisitPhotoKind[] = ['before', 'after'];
