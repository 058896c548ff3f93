import { describe, expect, it } from 'vitest';

import {
  clampPage,
  readFilterParams,
  readPageParam,
  toApiPage,
  writeFilterParams,
  writePageParam,
} from './staff-table';

describe('readPageParam', () => {
  it('reads the page counted from 1', () => {
    expect(readPageParam('?page=3')).toBe(3);
    expect(readPageParam(new URLSearchParams('tab=appointments&page=2'))).toBe(2);
  });

  it('falls back to the first page for anything else', () => {
    for (const search of ['', '?page=', '?page=0', '?page=-2', '?page=two', '?page=1.5', '?page=99999']) {
      expect(readPageParam(search)).toBe(1);
    }
  });
});

describe('writePageParam', () => {
  it('sets the page and keeps other parameters', () => {
    expect(writePageParam('?tab=appointments', 4).toString()).toBe('tab=appointments&page=4');
  });

  it('leaves the first page out of the address', () => {
    expect(writePageParam('?page=4', 1).toString()).toBe('');
  });
});

describe('toApiPage', () => {
  it('converts to the API index from 0', () => {
    expect(toApiPage(1)).toBe(0);
    expect(toApiPage(4)).toBe(3);
    expect(toApiPage(0)).toBe(0);
  });
});

describe('clampPage', () => {
  it('moves past-the-end pages to the last one', () => {
    expect(clampPage(5, 4)).toBe(4);
    expect(clampPage(4, 4)).toBeNull();
    expect(clampPage(2, 0)).toBeNull();
  });
});

describe('the table filter in the address', () => {
  it('reads a status and a range of days', () => {
    expect(readFilterParams('?status=confirmed&from=2026-11-01&to=2026-11-30&page=3')).toEqual({
      status: 'confirmed',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(readFilterParams('')).toEqual({});
  });

  it('leaves out what it cannot read, and keeps the rest', () => {
    expect(readFilterParams('?status=lost&from=2026-11-01')).toEqual({ from: '2026-11-01' });
    expect(readFilterParams('?status=pending&from=2026-02-30')).toEqual({ status: 'pending' });
    // A backwards range is no filter: its dates go, the status stays.
    expect(readFilterParams('?status=pending&from=2026-12-01&to=2026-11-01')).toEqual({ status: 'pending' });
  });

  it('writes the filter and goes back to the first page, keeping other parameters', () => {
    expect(
      writeFilterParams('?tab=appointments&page=4&status=pending', {
        from: '2026-11-01',
        to: '2026-11-30',
      }).toString(),
    ).toBe('tab=appointments&from=2026-11-01&to=2026-11-30');
    expect(writeFilterParams('?status=pending&from=2026-11-01&to=2026-11-30', {}).toString()).toBe('');
  });

  it('keeps "payment needed only" (decision 058) through the address, and drops what it cannot read', () => {
    expect(readFilterParams('?payment=needed&status=confirmed')).toEqual({
      status: 'confirmed',
      payment: 'needed',
    });
    expect(readFilterParams('?payment=owed&status=confirmed')).toEqual({ status: 'confirmed' });
    expect(readFilterParams('?payment=needed&from=2026-12-01&to=2026-11-01')).toEqual({ payment: 'needed' });
    expect(writeFilterParams('?page=2', { payment: 'needed' }).toString()).toBe('payment=needed');
    expect(writeFilterParams('?payment=needed', {}).toString()).toBe('');
  });
});
