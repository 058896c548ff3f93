import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';

import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';

import { decideAccess, findRequiredAccess } from '@/lib/auth/access';
import {
  formatLocation,
  pickDenyTarget,
  readAllowedLocation,
  rememberAttemptedLocation,
  trackAllowedLocation,
} from '@/lib/auth/remembered-location';
import { useSession } from '@/lib/auth/session';

/**
 * The access rule of spec §2, around every screen. Each route says who may open it
 * (`handle.access`, from `paths`); public routes always show. For a protected route:
 * - while the identity provider or the permissions load: "Loading...";
 * - signed out: remember the location and go to /; Log In there brings the user back;
 * - signed in without one of the permissions: back to the last page they were allowed to see, or /.
 * The page loader stays on screen until the redirect lands, so the page is never blank.
 */
export function RouteGuard() {
  const { status, permissions } = useSession();
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();

  const required = findRequiredAccess(matches.map((match) => match.handle));
  const decision = decideAccess({ status, permissions, required });
  const here = formatLocation(location);

  useEffect(() => {
    switch (decision) {
      case 'allow':
        trackAllowedLocation(here);
        return;
      case 'sign-in':
        rememberAttemptedLocation(here);
        notifications.show({
          id: 'auth-sign-in-required',
          color: 'eclat',
          message: i18n.t('auth.signInRequired'),
        });
        void navigate(paths.home.getHref(), { replace: true });
        return;
      case 'deny':
        notifications.show({ id: 'auth-access-denied', color: 'red', message: i18n.t('auth.accessDenied') });
        void navigate(pickDenyTarget({ origin: readAllowedLocation(), current: here }), { replace: true });
        return;
      case 'loading':
        return;
    }
  }, [decision, here, navigate]);

  return decision === 'allow' ? <Outlet /> : <PageLoader />;
}
