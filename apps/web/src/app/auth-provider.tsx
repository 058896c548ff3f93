import { meSchema, type AuthConfig } from '@eclat/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserManager } from 'oidc-client-ts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { hasAuthParams, AuthProvider as OidcAuthProvider, useAuth } from 'react-oidc-context';

import { PageLoader } from '@/components/ui/page-loader';
import { apiGet } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { getActiveLanguage } from '@/lib/i18n';

import { hasAnyPermission } from '@/lib/auth/access';
import { authConfigQueryOptions } from '@/lib/auth/auth-config';
import { createSignOutArgs, readSignInState } from '@/lib/auth/oidc-settings';
import { clearAttemptedLocation, pickReturnTo, readAttemptedLocation } from '@/lib/auth/remembered-location';
import { renewSession } from '@/lib/auth/renewal';
import { isSignOutReturnAddress } from '@/lib/auth/visitor-session';
import { signInLoadingConfig } from '@/lib/auth/visitor-sign-in';
import { resolveSession, SessionContext, withAccountPermissions, type Session } from '@/lib/auth/session';
import { CONFIG_ERROR_TOAST_ID, showAuthError, startSignIn } from '@/lib/auth/sign-in';
import { getUserManager } from '@/lib/auth/user-manager';

/** Client-side navigation (the router's `navigate` with `replace`), used after the provider's redirects. */
export type NavigateAfterRedirect = (to: string) => Promise<void> | void;

/** The provider came back to / after signing out (`?state=` and no authorization response). */
function isSignOutReturn(): boolean {
  return isSignOutReturnAddress(window.location) && !hasAuthParams();
}

/** The session once the provider is known: react-oidc-context's state, read through the access token. */
function OidcSessionBridge({
  config,
  manager,
  children,
}: {
  config: AuthConfig;
  manager: UserManager;
  children: ReactNode;
}) {
  const auth = useAuth();
  const { events, isLoading, user, error } = auth;

  // Whether the access token has expired depends on the clock: note the time again when it expires.
  const [now, setNow] = useState(Date.now);
  useEffect(
    () =>
      events.addAccessTokenExpired(() => {
        setNow(Date.now());
      }),
    [events],
  );

  const resolvedFromToken = useMemo(
    () =>
      resolveSession(
        {
          isLoading,
          user: user
            ? {
                accessToken: user.access_token,
                isExpired: user.expires_at !== undefined && user.expires_at * 1000 <= now,
                canRenew: Boolean(user.refresh_token),
              }
            : null,
        },
        config,
      ),
    [isLoading, user, config, now],
  );

  // External provider: the API adds the roles granted in Éclat (spec reads them from the token, but
  // that provider's tokens do not carry them). Asked again whenever the access token changes.
  const needsAccount = config.provider === 'external' && resolvedFromToken.status === 'signed-in';
  const account = useQuery({
    queryKey: ['auth', 'account-permissions', user?.profile.sub, user?.expires_at],
    queryFn: ({ signal }) => apiGet('/auth/me', { schema: meSchema, signal }),
    enabled: needsAccount,
    // A renewed token asks again, but the roles already known stand meanwhile (no loading flash).
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: 1,
  });
  const resolved = useMemo(
    () =>
      withAccountPermissions(
        resolvedFromToken,
        !needsAccount
          ? null
          : account.isSuccess
            ? { status: 'success', permissions: account.data.permissions }
            : account.isError
              ? { status: 'error' }
              : { status: 'pending' },
      ),
    [resolvedFromToken, needsAccount, account.isSuccess, account.isError, account.data],
  );

  // An expired access token (a tab left open, a reload the next day): renew it once with the
  // refresh token while guards show Loading; if that fails, the user is signed out.
  const refreshToken = user?.refresh_token ?? null;
  const renewedWith = useRef<string | null>(null);
  useEffect(() => {
    if (!resolved.shouldRenew || !refreshToken || renewedWith.current === refreshToken) return;
    renewedWith.current = refreshToken;
    void renewSession(manager).then(async (renewed) => {
      if (!renewed) await auth.removeUser();
    });
  }, [resolved.shouldRenew, refreshToken, auth, manager]);

  const signInError = error?.source === 'signinCallback' ? error : null;

  const session = useMemo<Session>(
    () => ({
      status: resolved.status,
      email: resolved.email,
      permissions: resolved.permissions,
      hasAny: (...required) => hasAnyPermission(resolved.permissions, required),
      signIn: (returnTo) => startSignIn(manager, config, returnTo),
      signOut: async () => {
        clearAttemptedLocation();
        // Removes the local user, then leaves for the provider's sign-out page. While it leaves,
        // the session reads as loading, so guards do not redirect in between.
        await auth.signoutRedirect(createSignOutArgs(getActiveLanguage()));
      },
      signInError,
    }),
    [resolved, manager, config, auth, signInError],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

function OidcSession({
  config,
  navigate,
  children,
}: {
  config: AuthConfig;
  navigate: NavigateAfterRedirect;
  children: ReactNode;
}) {
  const manager = getUserManager(config);

  // Back from the provider with a code: react-oidc-context exchanges it, then this replaces
  // /auth/callback?code=... with the remembered location.
  const onSigninCallback = useCallback(
    async (user: User | undefined) => {
      const returnTo = pickReturnTo({
        requested: readSignInState(user?.state)?.returnTo,
        attempted: readAttemptedLocation(),
        current: null,
      });
      clearAttemptedLocation();
      await navigate(returnTo);
    },
    [navigate],
  );

  // Back from the provider's sign-out page: drop `?state=` from the address.
  const onSignoutCallback = useCallback(() => navigate(paths.home.getHref()), [navigate]);

  return (
    <OidcAuthProvider
      userManager={manager}
      onSigninCallback={onSigninCallback}
      matchSignoutCallback={isSignOutReturn}
      onSignoutCallback={onSignoutCallback}
    >
      <OidcSessionBridge config={config} manager={manager}>
        {children}
      </OidcSessionBridge>
    </OidcAuthProvider>
  );
}

/**
 * The provider's settings could not be loaded: everyone browses signed out. Log In tries to load
 * them again and, if that works, goes on to the provider.
 */
function UnavailableSession({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useMemo<Session>(
    () => ({
      status: 'signed-out',
      email: null,
      permissions: [],
      hasAny: () => false,
      signIn: (returnTo) => signInLoadingConfig(() => queryClient.query(authConfigQueryOptions()), returnTo),
      signOut: () => Promise.resolve(),
      signInError: null,
    }),
    [queryClient],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/**
 * Loads the provider's settings (`GET /api/v1/auth/config`, once) with the page loader meanwhile,
 * then provides the session that `useSession()` reads. If the settings cannot be loaded, the app
 * still renders, signed out, and a toast says sign-in is unavailable.
 */
export function AuthProvider({
  navigate,
  children,
}: {
  navigate: NavigateAfterRedirect;
  children: ReactNode;
}) {
  const configQuery = useQuery(authConfigQueryOptions());
  const isUnavailable = configQuery.isError;

  useEffect(() => {
    if (isUnavailable) showAuthError(CONFIG_ERROR_TOAST_ID, 'auth.unavailable');
  }, [isUnavailable]);

  if (configQuery.isPending) return <PageLoader />;
  if (configQuery.isError) return <UnavailableSession>{children}</UnavailableSession>;
  return (
    <OidcSession config={configQuery.data} navigate={navigate}>
      {children}
    </OidcSession>
  );
}
