import { Box, Burger, Container, Drawer, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';

import { LanguageSwitcher } from '@/components/layouts/language-switcher';
import { paths } from '@/config/paths';

import classes from './navbar.module.css';

type NavItem = { to: string; labelKey: string; end?: boolean };

// Role-specific links (Appointments, Schedule, My Availabilities, Admin Dashboard, My Appointments)
// and the Log In / Log Out button arrive with the auth issue (spec §2, navigation bar).
const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.home.getHref(), labelKey: 'nav.home', end: true },
  { to: paths.services.getHref(), labelKey: 'nav.services' },
  { to: paths.aboutUs.getHref(), labelKey: 'nav.aboutUs' },
  { to: paths.contacts.getHref(), labelKey: 'nav.contacts' },
];

function NavLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className={className ? `${classes.links} ${className}` : classes.links}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={classes.link} onClick={onNavigate}>
            {t(item.labelKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const [isMenuOpen, menu] = useDisclosure(false);

  return (
    <Container size="lg" className={classes.inner}>
      <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
        <Link to={paths.home.getHref()} className={classes.brand} aria-label={t('nav.brandHome')}>
          <img src="/logo-mark.svg" alt="" className={classes.logo} width={32} height={32} />
          <span>{t('brand.name')}</span>
        </Link>

        <Group gap="md" wrap="nowrap">
          <Box component="nav" visibleFrom="sm" aria-label={t('nav.mainLabel')}>
            <NavLinks />
          </Box>
          <LanguageSwitcher />
          <Burger
            opened={isMenuOpen}
            onClick={menu.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={isMenuOpen}
          />
        </Group>
      </Group>

      <Drawer
        opened={isMenuOpen}
        onClose={menu.close}
        position="right"
        size="xs"
        title={t('nav.menu')}
        hiddenFrom="sm"
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        <nav aria-label={t('nav.mainLabel')}>
          <NavLinks className={classes.drawerLinks} onNavigate={menu.close} />
        </nav>
      </Drawer>
    </Container>
  );
}
