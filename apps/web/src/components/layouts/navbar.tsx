import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCircle } from '@tabler/icons-react';
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, NavLink } from '@/lib/navigation';

import { LanguageSwitcher } from '@/components/layouts/language-switcher';
import { getNavItems, type NavItem } from '@/components/layouts/nav-items';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';

import classes from './navbar.module.css';

/**
 * The Work menu of the single-page app (app-layout.tsx), which only a signed-in employee or admin sees: the
 * bar shows it where the staff pages stood, in their place. The pre-rendered public pages, whose
 * visitors see no staff page, leave it empty, and so do without its code (decision 037).
 */
export const WorkMenuSlot = createContext<ReactNode>(null);

/** The links; with a Work menu (the bar's), the staff pages are that menu, where the first of them stood. */
function NavLinks({
  items,
  workMenu,
  className,
  onNavigate,
}: {
  items: readonly NavItem[];
  workMenu?: ReactNode;
  className?: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className ? `${classes.links} ${className}` : classes.links}>
      {items.map((item, index) =>
        workMenu && item.work ? (
          !items[index - 1]?.work && <li key="work">{workMenu}</li>
        ) : (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={classes.link} onClick={onNavigate}>
              {t(item.labelKey)}
            </NavLink>
          </li>
        ),
      )}
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
      <Button fullWidth={inDrawer} px={14} onClick={() => signIn()}>
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
      <Button variant="default" fullWidth={inDrawer} px={14} onClick={() => signOut()}>
        {t('nav.logOut')}
      </Button>
    </>
  );
}

/** The menu drawer loads when it is first opened: most visits never open it. */
const NavDrawer = lazy(() => import('./nav-drawer').then((module) => ({ default: module.NavDrawer })));

/**
 * The bar: the brand, the links (the staff pages under the Work menu) and the account controls from
 * 1,024 px (64em) up, where every role's bar fits in English and French (e2e/tests/navigation-fit.spec.ts
 * measures it); below, the menu button and its drawer with every link. CSS decides, so a pre-rendered
 * page is right before its script runs (navbar.module.css).
 */
export function Navbar() {
  const { t } = useTranslation();
  const [isMenuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const [wasMenuOpen, setWasMenuOpen] = useState(false);
  if (isMenuOpen && !wasMenuOpen) setWasMenuOpen(true);
  const { permissions } = useSession();
  const items = getNavItems(permissions);
  const workMenu = useContext(WorkMenuSlot);

  return (
    // Wider than the pages (xl), so a wide screen keeps some room between the links.
    <Container size={1600} className={classes.inner}>
      <div className={classes.row}>
        <Link to={paths.home.getHref()} className={classes.brand} aria-label={t('nav.brandHome')}>
          <img src="/logo-mark.svg" alt="" className={classes.logo} width={32} height={32} />
          <span>{t('brand.name')}</span>
        </Link>

        <div className={classes.bar}>
          <nav aria-label={t('nav.mainLabel')}>
            <NavLinks items={items} workMenu={workMenu} />
          </nav>
          <Group gap={6} wrap="nowrap">
            <AccountControls />
          </Group>
        </div>

        <LanguageSwitcher />
        <Burger
          opened={isMenuOpen}
          onClick={toggleMenu}
          size="sm"
          className={classes.burger}
          aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={isMenuOpen}
        />
      </div>

      {/* Kept once opened, so closing it animates and gives focus back to the menu button. */}
      {wasMenuOpen && (
        <Suspense fallback={null}>
          <NavDrawer
            opened={isMenuOpen}
            onClose={closeMenu}
            links={<NavLinks items={items} className={classes.drawerLinks} onNavigate={closeMenu} />}
            account={<AccountControls inDrawer onNavigate={closeMenu} />}
          />
        </Suspense>
      )}
    </Container>
  );
}
