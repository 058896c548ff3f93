import { describe, expect, it } from 'vitest';
import { quoteStatusAt } from './quotes.ts';

describe('quote status', () => {
  const now = new Date('2027-03-10T12:00:00Z');
  it('an answer not decided by its expiry has expired', () => {
    expect(quoteStatusAt({ status: 'answered', expiresAt: '2027-03-10T11:59:59Z' }, now)).toBe('expired');
    expect(quoteStatusAt({ status: 'answered', expiresAt: '2027-03-10T12:00:01Z' }, now)).toBe('answered');
  });
  it('other statuses stay as they are', () => {
    expect(quoteStatusAt({ status: 'requested', expiresAt: null }, now)).toBe('requested');
    expect(quoteStatusAt({ status: 'accepted', expiresAt: '2020-01-01T00:00:00Z' }, now)).toBe('accepted');
  });
});
