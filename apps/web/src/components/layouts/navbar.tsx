import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, NavLink } from '@/lib/navigation';

import { LanguageSwitcher } from '@/components/layouts/language-switcher';
import { getNavItems, type NavItem } from '@/components/layouts/nav-items';
import { useFitsWidth } from '@/components/layouts/use-fits-width';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';

import classes from './navbar.module.css';

function NavLinks({
  items,
  className,
  onNavigate,
}: {
  items: readonly NavItem[];
  className?: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className ? `${classes.links} ${className}` : classes.links}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={classes.link} onClick={onNavigate}>
            {t(item.labelKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Log In (signed out; the user comes back to this page, or to the protected page they were sent
 * home from), or the profile link and Log Out (signed in). Nothing while the session loads.
 */
function AccountControls({ inDrawer = false, onNavigate }: { inDrawer?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { status, signIn, signOut } = useSession();

  if (status === 'loading') return null;
  if (status === 'signed-out') {
    return (
      <Button fullWidth={inDrawer} onClick={() => signIn()}>
        {t('nav.logIn')}
      </Button>
    );
  }
  return (
    <>
      {inDrawer ? (
        <NavLink to={paths.profile.getHref()} className={classes.link} onClick={onNavigate}>
          <span className={classes.iconLabel}>
            <IconUserCircle size={22} stroke={1.75} aria-hidden="true" />
            {t('nav.profile')}
          </span>
        </NavLink>
      ) : (
        <NavLink
          to={paths.profile.getHref()}
          aria-label={t('nav.profile')}
          title={t('nav.profile')}
          className={classes.profileLink}
        >
          <IconUserCircle size={26} stroke={1.75} aria-hidden="true" />
        </NavLink>
      )}
      <Button variant="default" fullWidth={inDrawer} onClick={() => signOut()}>
        {t('nav.logOut')}
      </Button>
    </>
  );
}

/** The menu drawer loads when it is first opened: most visits never open it. */
const NavDrawer = lazy(() => import('./nav-drawer').then((module) => ({ default: module.NavDrawer })));

export function Navbar() {
  const { t } = useTranslation();
  const [isMenuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const { permissions } = useSession();
  const items = getNavItems(permissions);
  // The links and account controls stay in the bar while they fit (it depends on the width, the
  // language and the role); otherwise they move into the menu drawer.
  const { slotRef, contentRef, fits } = useFitsWidth<HTMLDivElement, HTMLDivElement>();
  const isMenuShown = isMenuOpen && fits === false;
  const [wasMenuShown, setWasMenuShown] = useState(false);
  if (isMenuShown && !wasMenuShown) setWasMenuShown(true);

  useEffect(() => {
    if (fits) closeMenu();
  }, [fits, closeMenu]);

  return (
    // Wider than the pages (xl): the menu of a French-speaking employee needs about 1,450 px.
    <Container size={1600} className={classes.inner}>
      <div className={classes.row}>
        <Link to={paths.home.getHref()} className={classes.brand} aria-label={t('nav.brandHome')}>
          <img src="/logo-mark.svg" alt="" className={classes.logo} width={32} height={32} />
          <span>{t('brand.name')}</span>
        </Link>

        <div ref={slotRef} className={classes.barSlot} data-fits={fits ?? 'unknown'}>
          <div ref={contentRef} className={classes.barContent}>
            <nav aria-label={t('nav.mainLabel')}>
              <NavLinks items={items} />
            </nav>
            <Group gap={6} wrap="nowrap">
              <AccountControls />
            </Group>
          </div>
        </div>

        <LanguageSwitcher />
        {/* Until measured (a pre-rendered page), the width decides by CSS (navbar.module.css). */}
        {fits !== true && (
          <Burger
            opened={isMenuShown}
            onClick={toggleMenu}
            size="sm"
            className={classes.burger}
            data-fits={fits ?? 'unknown'}
            aria-label={isMenuShown ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={isMenuShown}
          />
        )}
      </div>

      {/* Kept once opened, so closing it animates and gives focus back to the menu button. */}
      {(isMenuShown || wasMenuShown) && (
        <Suspense fallback={null}>
          <NavDrawer
            opened={isMenuShown}
            onClose={closeMenu}
            links={<NavLinks items={items} className={classes.drawerLinks} onNavigate={closeMenu} />}
            account={<AccountControls inDrawer onNavigate={closeMenu} />}
          />
        </Suspense>
      )}
    </Container>
  );
}
