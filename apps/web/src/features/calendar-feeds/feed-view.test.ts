import type { CalendarFeedCreated } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { toFeedView } from './feed-view';

const created: CalendarFeedCreated = {
  for: 'customer',
  url: 'https://eclat.example/api/v1/calendar/abc.ics',
  webcalUrl: 'webcal://eclat.example/api/v1/calendar/abc.ics',
  createdAt: '2026-11-25T14:00:00.000Z',
};

describe('toFeedView', () => {
  it('hides the card from a person without that record', () => {
    expect(toFeedView('employee', { customer: { createdAt: null }, employee: null }, null)).toEqual({
      kind: 'hidden',
    });
  });

  it('offers to make one when there is none', () => {
    expect(toFeedView('customer', { customer: { createdAt: null }, employee: null }, null)).toEqual({
      kind: 'none',
    });
  });

  it('shows the address just made, once the list agrees (or has not caught up yet)', () => {
    const feeds = { customer: { createdAt: created.createdAt }, employee: null };
    expect(toFeedView('customer', feeds, created)).toEqual({ kind: 'shown', created });
    expect(toFeedView('customer', { customer: { createdAt: null }, employee: null }, created)).toEqual({
      kind: 'shown',
      created,
    });
  });

  it('says an address exists when its secret is not known here', () => {
    const feeds = { customer: { createdAt: '2026-11-01T10:00:00.000Z' }, employee: null };
    expect(toFeedView('customer', feeds, null)).toEqual({
      kind: 'exists',
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    // One made elsewhere since: the one shown here no longer works.
    expect(toFeedView('customer', feeds, created)).toEqual({
      kind: 'exists',
      createdAt: '2026-11-01T10:00:00.000Z',
    });
  });

  it('does not show a customer address on the employee card', () => {
    const feeds = { customer: { createdAt: created.createdAt }, employee: { createdAt: null } };
    expect(toFeedView('employee', feeds, created)).toEqual({ kind: 'none' });
  });
});
