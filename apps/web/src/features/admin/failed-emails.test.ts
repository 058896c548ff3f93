import { describe, expect, it } from 'vitest';

import { describeFailedJob } from './failed-emails';

describe('describeFailedJob', () => {
  it('splits an email job into its template and recipient', () => {
    expect(
      describeFailedJob({ id: '1', queue: 'email', summary: 'booking-confirmation to ana@example.com' }),
    ).toEqual({
      id: '1',
      template: 'booking-confirmation',
      what: 'booking-confirmation',
      to: 'ana@example.com',
    });
  });

  it('keeps a template it does not know by its name', () => {
    expect(describeFailedJob({ id: '2', queue: 'email', summary: 'new-thing to bo@example.com' })).toEqual({
      id: '2',
      template: null,
      what: 'new-thing',
      to: 'bo@example.com',
    });
  });

  it('shows another queue, or an email summary it cannot read, as it is', () => {
    expect(describeFailedJob({ id: '3', queue: 'series-plan', summary: 'series-plan' })).toEqual({
      id: '3',
      template: null,
      what: 'series-plan',
      to: null,
    });
    expect(describeFailedJob({ id: '4', queue: 'email', summary: 'email' })).toMatchObject({
      what: 'email',
      to: null,
    });
  });
});
