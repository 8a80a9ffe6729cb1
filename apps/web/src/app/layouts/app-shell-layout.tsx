import { ActionIcon, AppShell, Badge, Container, Group } from '@mantine/core';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useLocation } from 'wouter';
import { CenteredLoader } from '../../components/centered-loader';
import { useAccountSuspended } from '../../lib/account-suspended';
import { useAccount } from '../../lib/account';
import { AreaAccessGate } from '../guards/area-access-gate';
import { WalletStepGate } from '../guards/wallet-step-gate';
import type { Area } from '../route-rules';
import { menuAreaFor } from '../route-rules';

// The header's menus load right after the first paint (their own chunk); the page does not wait for them.
const HeaderActions = lazy(async () => ({ default: (await import('./header-actions')).HeaderActions }));

// Only a signed-in person has an area menu (NavLink, its icons): its own chunk, out of a visitor's first load.
// The navbar's width is set by AppShell, so the menu filling it a moment later moves nothing.
const AreaMenu = lazy(async () => ({ default: (await import('../menus')).AreaMenu }));

// Only a suspended person ever sees it: its own chunk, out of every page's first load.
const SuspendedNotice = lazy(async () => ({
  default: (await import('../../components/suspended-notice')).SuspendedNotice,
}));

const NAVBAR_ID = 'hanabi-navbar';

interface AppShellLayoutProps {
  /** The area this layout serves; null for the pages outside the four areas (root, /campaign/:id, …). */
  area: Area | 'signup' | null;
  /** The page. */
  children: ReactNode;
}

/**
 * The page frame: header (brand, area name, language, account) and, for signed-in users, the area menu in
 * a navbar that folds behind a burger below the `sm` breakpoint.
 */
export function AppShellLayout({ area, children }: AppShellLayoutProps) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const { data: account } = useAccount();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const menuArea = menuAreaFor(area, account);
  const suspended = useAccountSuspended();

  const page = (
    <WalletStepGate>
      <Suspense fallback={<CenteredLoader />}>{children}</Suspense>
    </WalletStepGate>
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        menuArea
          ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: false } }
          : undefined
      }
      padding="md"
    >
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* minWidth 0: on a phone the left side gives way (the badge truncates) rather than run under the bell. */}
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {menuArea && (
              // Not Mantine's Burger: it draws its lines with a <div> inside the <button>, which HTML does not
              // allow (decision 0218). The same 28 px box, so the first paint's burger sits where this one does.
              <ActionIcon
                variant="subtle"
                color="dark"
                size={28}
                onClick={toggleNav}
                hiddenFrom="sm"
                aria-label={navOpened ? t('menu.close') : t('menu.open')}
                aria-expanded={navOpened}
                aria-controls={NAVBAR_ID}
              >
                {navOpened ? <IconX size={18} aria-hidden /> : <IconMenu2 size={18} aria-hidden />}
              </ActionIcon>
            )}
            <Link href="/" className="brand-mark" aria-label={t('app.homeLink')}>
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span className="brand-name">{t('app.name')}</span>
            </Link>
            {area && (
              <Badge
                variant="light"
                size="lg"
                radius="sm"
                tt="none"
                style={{ flexShrink: 1, minWidth: 0 }}
                data-testid="area-name"
              >
                {t(`area.${area}`)}
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Suspense fallback={null}>
              <HeaderActions account={account} showSignIn={area !== 'signup'} />
            </Suspense>
          </Group>
        </Group>
      </AppShell.Header>
      {menuArea && (
        <AppShell.Navbar p="sm" id={NAVBAR_ID}>
          <Suspense fallback={null}>
            <AreaMenu area={menuArea} pathname={pathname} onNavigate={closeNav} />
          </Suspense>
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Container size="lg" px={0}>
          {suspended && (
            <Suspense fallback={null}>
              <SuspendedNotice />
            </Suspense>
          )}
          {area && area !== 'signup' ? <AreaAccessGate area={area}>{page}</AreaAccessGate> : page}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
