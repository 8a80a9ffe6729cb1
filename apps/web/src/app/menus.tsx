import { NavLink, Stack } from '@mantine/core';
import {
  IconAlbum,
  IconBuildingBroadcastTower,
  IconCloudUpload,
  IconConfetti,
  IconCoins,
  IconEye,
  IconGift,
  IconHome,
  IconLayoutDashboard,
  IconNews,
  IconSend,
  IconStethoscope,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from '../lib/i18n';
import { Link } from 'wouter';
import type { Area, MenuSection } from './route-rules';
import { MENU_SECTIONS, currentMenuSection, menuPath } from './route-rules';

type MenuLabelKey = {
  [A in Area]: `menu.${A}.${MenuSection<A>}`;
}[Area];

function menuLabelKey(area: Area, section: MenuSection): MenuLabelKey {
  return `menu.${area}.${section}` as MenuLabelKey;
}

type IconComponent = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

const MENU_ICONS: { [A in Area]: Record<MenuSection<A>, IconComponent> } = {
  streamer: {
    home: IconHome,
    campaign: IconConfetti,
    'manual-distribution': IconSend,
    digitalgoods: IconGift,
    account: IconUserCircle,
  },
  audience: {
    home: IconHome,
    collection: IconAlbum,
    campaign: IconConfetti,
    watchlist: IconEye,
    streamer: IconBuildingBroadcastTower,
    account: IconUserCircle,
  },
  operator: {
    dashboard: IconLayoutDashboard,
    users: IconUsers,
    tokens: IconCoins,
    ipfs: IconCloudUpload,
    deliveries: IconTruckDelivery,
    news: IconNews,
    system: IconStethoscope,
  },
};

interface AreaMenuProps {
  area: Area;
  pathname: string;
  /** Called after a link is followed (closes the mobile navbar). */
  onNavigate?: () => void;
}

/**
 * The area's menu. The current entry (see `currentMenuSection`) carries `aria-current="page"`;
 * every link carries `data-menu="<section>"`.
 */
export function AreaMenu({ area, pathname, onNavigate }: AreaMenuProps) {
  const { t } = useTranslation();
  const current = currentMenuSection(area, pathname);
  const sections = MENU_SECTIONS[area] as readonly MenuSection[];
  const icons = MENU_ICONS[area] as Record<string, IconComponent>;
  return (
    <nav aria-label={t('menu.label')}>
      <Stack gap={4}>
        {sections.map((section) => {
          const Icon = icons[section] ?? IconHome;
          const isCurrent = section === current;
          return (
            <NavLink
              key={section}
              component={Link}
              to={menuPath(area, section)}
              label={t(menuLabelKey(area, section))}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
              active={isCurrent}
              aria-current={isCurrent ? 'page' : undefined}
              data-menu={section}
              onClick={onNavigate}
              variant="light"
            />
          );
        })}
      </Stack>
    </nav>
  );
}
