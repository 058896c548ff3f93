import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import { Menu } from '@mantine/core';
import { useState } from 'react';

import type { NavItem } from '@/components/layouts/nav-items';
import { WorkButton } from '@/components/layouts/work-button';
import { useTranslation } from '@/lib/i18n';
import { NavLink } from '@/lib/navigation';

import classes from './work-menu.module.css';

/**
 * The staff pages of the bar under one button (decision 037), loaded when a signed-in employee or admin
 * first sees the bar: a visitor's first visit does without Mantine's Menu. A menu button as WAI-ARIA
 * describes it: Enter, Space or Arrow Down opens it on its first page, Arrow Up on its last; the arrows,
 * Home and End move; Escape closes it and gives the focus back to the button; a page is followed with
 * Enter or a click. It stays inside the navigation landmark (no portal), fixed so the bar's clipping
 * does not cut it.
 */
export function WorkMenu({
  items,
  initiallyOpened = false,
}: {
  items: readonly NavItem[];
  initiallyOpened?: boolean;
}) {
  const { t } = useTranslation();
  // Opened at once when its stand-in button was pressed while this code loaded (app-layout.tsx).
  const [opened, setOpened] = useState(initiallyOpened);
  const [startAtLast, setStartAtLast] = useState(false);
  const first = startAtLast ? items.length - 1 : 0;

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      offset={6}
      withinPortal={false}
      floatingStrategy="fixed"
      // The focus goes to the first (or last) page, not to an empty placeholder.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <WorkButton
          items={items}
          onClick={() => {
            setStartAtLast(false);
          }}
          onKeyDown={(event) => {
            if (opened || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
            event.preventDefault();
            setStartAtLast(event.key === 'ArrowUp');
            setOpened(true);
          }}
        />
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item, index) => (
          <Menu.Item
            key={item.to}
            component={NavLink}
            to={item.to}
            end={item.end}
            className={classes.item}
            data-autofocus={index === first || undefined}
          >
            {t(item.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
