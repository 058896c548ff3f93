import { ActionIcon, Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';

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
        <ActionIcon
          component={NavLink}
          to={paths.profile.getHref()}
          aria-label={t('nav.profile')}
          title={t('nav.profile')}
          variant="subtle"
          color="eclat"
          size="lg"
          radius="xl"
          className={classes.profileLink}
        >
          <IconUserCircle size={26} stroke={1.75} aria-hidden="true" />
        </ActionIcon>
      )}
      <Button variant="default" fullWidth={inDrawer} onClick={() => signOut()}>
        {t('nav.logOut')}
      </Button>
    </>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const [isMenuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const { permissions } = useSession();
  const items = getNavItems(permissions);
  // The links and account controls stay in the bar while they fit (it depends on the width, the
  // language and the role); otherwise they move into the menu drawer.
  const { slotRef, contentRef, fits } = useFitsWidth<HTMLDivElement, HTMLDivElement>();
  const isMenuShown = isMenuOpen && !fits;

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

        <div ref={slotRef} className={classes.barSlot} data-fits={fits}>
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
        {!fits && (
          <Burger
            opened={isMenuShown}
            onClick={toggleMenu}
            size="sm"
            aria-label={isMenuShown ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={isMenuShown}
          />
        )}
      </div>

      <Drawer
        opened={isMenuShown}
        onClose={closeMenu}
        position="right"
        size="xs"
        title={t('nav.menu')}
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        <nav aria-label={t('nav.mainLabel')}>
          <NavLinks items={items} className={classes.drawerLinks} onNavigate={closeMenu} />
        </nav>
        <Stack gap="xs" mt="lg" className={classes.drawerAccount}>
          <AccountControls inDrawer onNavigate={closeMenu} />
        </Stack>
      </Drawer>
    </Container>
  );
}
