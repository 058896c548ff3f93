import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';

import { Drawer, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';

import { useTranslation } from '@/lib/i18n';

import classes from './navbar.module.css';

/**
 * The menu drawer of a narrow screen: the same links and account controls as the bar, the staff pages
 * listed one by one. It closes when the window grows to where the bar shows (navbar.module.css).
 */
export function NavDrawer({
  opened,
  onClose,
  links,
  account,
}: {
  opened: boolean;
  onClose: () => void;
  links: ReactNode;
  account: ReactNode;
}) {
  const { t } = useTranslation();
  const isWide = useMediaQuery('(min-width: 64em)');
  useEffect(() => {
    if (isWide) onClose();
  }, [isWide, onClose]);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <nav aria-label={t('nav.mainLabel')}>{links}</nav>
      <Stack gap="xs" mt="lg" className={classes.drawerAccount}>
        {account}
      </Stack>
    </Drawer>
  );
}
