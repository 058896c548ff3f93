import { forwardRef, type ComponentPropsWithoutRef } from 'react';

import type { NavItem } from '@/components/layouts/nav-items';
import { useTranslation } from '@/lib/i18n';
import { isActivePath, useNavigationContext } from '@/lib/navigation';

import navbarClasses from './navbar.module.css';
import classes from './work-menu.module.css';

type WorkButtonProps = ComponentPropsWithoutRef<'button'> & { items: readonly NavItem[] };

/**
 * The Work menu's button in the bar: shows "Work" and a chevron, and looks like the current link when
 * one of its pages is open (the page's own item in the menu says `aria-current`). The navigation bar
 * shows it while the menu's code loads; the menu (work-menu.tsx) then uses it as its trigger.
 */
export const WorkButton = forwardRef<HTMLButtonElement, WorkButtonProps>(function WorkButton(
  { items, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const { pathname } = useNavigationContext();
  const isActive = items.some((item) => isActivePath(pathname, item.to, item.end));
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...rest}
      ref={ref}
      className={`${navbarClasses.link} ${classes.button}`}
      data-active={isActive || undefined}
    >
      {t('nav.work')}
      <span className={classes.chevron} aria-hidden="true" />
    </button>
  );
});
