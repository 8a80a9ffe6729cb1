import { ActionIcon, Drawer, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CenteredLoader } from '../../../components/centered-loader';
import { unreadCountOf, useNotifications, useNotificationStream } from '../notification-api';

// Every signed-in page has the bell; the panel loads when it is first opened.
const NotificationPanel = lazy(async () => ({
  default: (await import('./notification-panel')).NotificationPanel,
}));

/** The bell in the top bar: the unread count, kept live over SSE; opens the notification panel. */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const query = useNotifications(userId);
  useNotificationStream(userId);
  const unread = unreadCountOf(query.data);
  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={18}
        color="red"
        disabled={unread === 0}
        offset={6}
        data-testid="notification-count"
        data-count={unread}
        data-loaded={query.isSuccess}
      >
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={open}
          aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
          data-testid="notification-bell"
        >
          <IconBell size={22} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        title={t('notifications.title')}
        size="md"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened && (
          <Suspense fallback={<CenteredLoader />}>
            <NotificationPanel userId={userId} onNavigate={close} />
          </Suspense>
        )}
      </Drawer>
    </>
  );
}
