import type { CalendarFeedCreated, CalendarFeedOwner, CalendarFeeds } from '@eclat/shared';

/**
 * What the calendar address card shows for one owner (customer or employee):
 * - `hidden`: the person has no such record (no customer profile, not on the team);
 * - `none`: no address yet (or it was revoked): "Get my calendar address";
 * - `shown`: made in this visit of the page, so its secret is known and shown once;
 * - `exists`: one exists but its secret cannot be shown again (the server keeps only a hash).
 */
export type FeedView =
  | { kind: 'hidden' }
  | { kind: 'none' }
  | { kind: 'shown'; created: CalendarFeedCreated }
  | { kind: 'exists'; createdAt: string };

export function toFeedView(
  owner: CalendarFeedOwner,
  feeds: CalendarFeeds,
  created: CalendarFeedCreated | null,
): FeedView {
  const state = feeds[owner];
  if (!state) return { kind: 'hidden' };
  if (created?.for === owner && (state.createdAt === null || state.createdAt === created.createdAt)) {
    return { kind: 'shown', created };
  }
  return state.createdAt ? { kind: 'exists', createdAt: state.createdAt } : { kind: 'none' };
}
