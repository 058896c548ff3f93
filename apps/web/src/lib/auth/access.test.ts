import type { Permission } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { ROUTE_ACCESS } from '@/config/paths';

import { decideAccess, findRequiredAccess, hasAnyPermission, type SessionStatus } from './access';

describe('hasAnyPermission', () => {
  it('is true when the user holds any one of the required permissions', () => {
    expect(hasAnyPermission(['customer'], ['admin', 'employee', 'customer'])).toBe(true);
    expect(hasAnyPermission(['employee', 'customer'], ['admin'])).toBe(false);
    expect(hasAnyPermission([], ['customer'])).toBe(false);
    expect(hasAnyPermission(['admin'], [])).toBe(false);
  });
});

describe('decideAccess', () => {
  const statuses: SessionStatus[] = ['loading', 'signed-in', 'signed-out'];

  it('always shows a public route, even while the session loads', () => {
    for (const status of statuses) {
      expect(decideAccess({ status, permissions: [], required: [] })).toBe('allow');
      expect(decideAccess({ status, permissions: [], required: undefined })).toBe('allow');
    }
  });

  it('waits while the identity provider or the permissions load', () => {
    expect(decideAccess({ status: 'loading', permissions: [], required: ROUTE_ACCESS.admin })).toBe(
      'loading',
    );
    expect(decideAccess({ status: 'loading', permissions: ['admin'], required: ROUTE_ACCESS.account })).toBe(
      'loading',
    );
  });

  it('asks a signed-out visitor to sign in', () => {
    expect(decideAccess({ status: 'signed-out', permissions: [], required: ROUTE_ACCESS.account })).toBe(
      'sign-in',
    );
  });

  it('grants a route to a user holding any one of its permissions, and denies the others', () => {
    const cases: [Permission[], readonly Permission[], 'allow' | 'deny'][] = [
      [['customer'], ROUTE_ACCESS.account, 'allow'],
      [['customer'], ROUTE_ACCESS.staff, 'deny'],
      [['customer'], ROUTE_ACCESS.admin, 'deny'],
      [['employee'], ROUTE_ACCESS.account, 'allow'],
      [['employee'], ROUTE_ACCESS.staff, 'allow'],
      [['employee'], ROUTE_ACCESS.admin, 'deny'],
      [['admin'], ROUTE_ACCESS.account, 'allow'],
      [['admin'], ROUTE_ACCESS.staff, 'allow'],
      [['admin'], ROUTE_ACCESS.admin, 'allow'],
      [['customer', 'employee'], ROUTE_ACCESS.staff, 'allow'],
      [[], ROUTE_ACCESS.account, 'deny'],
    ];
    for (const [permissions, required, expected] of cases) {
      expect(
        decideAccess({ status: 'signed-in', permissions, required }),
        `${permissions.join()} -> ${required.join()}`,
      ).toBe(expected);
    }
  });
});

describe('findRequiredAccess', () => {
  it('reads the deepest route handle that declares access', () => {
    expect(findRequiredAccess([undefined, undefined, { access: ['admin'] }])).toEqual(['admin']);
    expect(findRequiredAccess([{ access: ['admin', 'employee'] }, { other: true }])).toEqual([
      'admin',
      'employee',
    ]);
    expect(findRequiredAccess([{ access: ['admin'] }, { access: [] }])).toEqual([]);
  });

  it('treats routes without a handle as public', () => {
    expect(findRequiredAccess([])).toEqual([]);
    expect(findRequiredAccess([undefined, null, 'x', { access: 'admin' }])).toEqual([]);
  });
});
