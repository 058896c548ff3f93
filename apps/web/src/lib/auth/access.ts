import type { Permission } from '@eclat/shared';

/** Where the session stands: the auth library (or the permission check) is still working, or not. */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** What a route guard does with the current location. */
export type AccessDecision = 'loading' | 'allow' | 'sign-in' | 'deny';

/** Route `handle` read by the guard: who may open the route (empty: public). */
export type RouteHandle = { access: readonly Permission[] };

/** Granted when the user holds any one of the required permissions (spec §2 access rule). */
export function hasAnyPermission(held: readonly Permission[], required: readonly Permission[]): boolean {
  return required.some((permission) => held.includes(permission));
}

/**
 * The access rule of spec §2 for one route:
 * - a public route (nothing required) always shows, even while the session is loading;
 * - while the identity provider or the permissions are loading, wait (the guard shows Loading);
 * - not signed in: sign in first (the guard remembers the location and goes to /);
 * - signed in: allowed with any one of the required permissions, otherwise denied.
 */
export function decideAccess({
  status,
  permissions,
  required,
}: {
  status: SessionStatus;
  permissions: readonly Permission[];
  required: readonly Permission[] | undefined;
}): AccessDecision {
  if (!required || required.length === 0) return 'allow';
  if (status === 'loading') return 'loading';
  if (status === 'signed-out') return 'sign-in';
  return hasAnyPermission(permissions, required) ? 'allow' : 'deny';
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    handle !== null && typeof handle === 'object' && Array.isArray((handle as { access?: unknown }).access)
  );
}

/**
 * The permissions the current location requires: those of the deepest matched route that declares
 * any (react-router's `useMatches()` lists matches from the root down). None: public.
 */
export function findRequiredAccess(handles: readonly unknown[]): readonly Permission[] {
  for (let index = handles.length - 1; index >= 0; index -= 1) {
    const handle = handles[index];
    if (isRouteHandle(handle)) return handle.access;
  }
  return [];
}
