import { z } from '../zod.ts';
import { LOCALES } from '../locales.ts';

/** Private calendar addresses (issue 15): a customer's visits, an employee's jobs, as an `.ics` feed. */
export const CALENDAR_FEED_OWNERS = ['customer', 'employee'] as const;
export type CalendarFeedOwner = (typeof CALENDAR_FEED_OWNERS)[number];

/** `POST` and `DELETE /calendar-feeds/mine`: whose feed, the person's customer record or employee record. */
export const calendarFeedOwnerSchema = z.object({
  for: z.enum(CALENDAR_FEED_OWNERS, { error: 'validation.required' }),
});

/** `POST /calendar-feeds/mine`: whose feed, and the language of its events' text. */
export const calendarFeedRequestSchema = calendarFeedOwnerSchema.extend({
  locale: z.enum(LOCALES).optional(),
});

const feedState = z
  .object({
    /** When the current address was made; null: none yet (or revoked). */
    createdAt: z.iso.datetime().nullable(),
  })
  /** Null: the person has no such record (no customer profile, or not on the team). */
  .nullable();

/** `GET /calendar-feeds/mine`: which addresses exist. Their secrets are shown once, when made. */
export const calendarFeedsSchema = z
  .object({ customer: feedState, employee: feedState })
  .meta({ id: 'CalendarFeeds' });
export type CalendarFeeds = z.infer<typeof calendarFeedsSchema>;

/** A new address: `url` (https) and `webcalUrl` (what calendar apps subscribe to). Shown only now. */
export const calendarFeedCreatedSchema = z
  .object({
    for: z.enum(CALENDAR_FEED_OWNERS),
    url: z.url(),
    webcalUrl: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CalendarFeedCreated' });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
