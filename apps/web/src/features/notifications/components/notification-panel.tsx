import type { Notification } from '@hanabi/api';
import { Box, Button, Group, Indicator, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { formatDateTime } from '../../../lib/format';
import { errorMessageOf, showErrorToast } from '../../../lib/toast';
import { markAllRead, markRead, useNotifications } from '../notification-api';
import { LoadMoreButton } from '../../../components/load-more-button';

/** The notification list: newest first, unread ones marked, "read all", more pages on demand. */
export function NotificationPanel({ userId, onNavigate }: { userId: string; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const query = useNotifications(userId);
  if (query.isPending) return <CenteredLoader />;
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  const fail = (error: unknown) => showErrorToast(errorMessageOf(error));

  const open = (item: Notification) => {
    markRead(queryClient, userId, item).catch(fail);
    if (item.href) {
      onNavigate?.();
      navigate(item.href);
    }
  };

  return (
    <Stack gap="sm" data-testid="notification-panel">
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="light"
          disabled={!items.some((item) => !item.isRead)}
          onClick={() => markAllRead(queryClient, userId, items).catch(fail)}
          data-testid="notifications-read-all"
        >
          {t('notifications.readAll')}
        </Button>
      </Group>
      {items.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('notifications.empty')}
        </Text>
      )}
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item) => (
          <Box component="li" key={item.id}>
            <UnstyledButton
              onClick={() => open(item)}
              w="100%"
              p="sm"
              style={{
                borderRadius: 8,
                background: item.isRead ? undefined : 'var(--mantine-color-orange-0)',
              }}
              data-testid="notification-item"
              data-type={item.type}
              data-read={item.isRead}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Indicator
                  disabled={item.isRead}
                  color="orange"
                  size={10}
                  position="middle-start"
                  mt={6}
                  aria-label={item.isRead ? undefined : t('notifications.unread')}
                >
                  <Box w={10} />
                </Indicator>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={item.isRead ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
                    {item.text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.createdAt, i18n.language)}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          </Box>
        ))}
      </Stack>
      <LoadMoreButton query={query} label={t('notifications.more')} />
    </Stack>
  );
}
