import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconDevices, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { errorMessageOf, showErrorToast } from '../../../lib/toast';
import { useSignOut } from '../../../lib/use-sign-out';

/** Sign out here, or on every device (every session of this person). */
export function SessionSection() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [busy, setBusy] = useState<'here' | 'everywhere' | null>(null);

  const run = async (everywhere: boolean) => {
    setBusy(everywhere ? 'everywhere' : 'here');
    try {
      await signOut({ everywhere });
    } catch (error) {
      showErrorToast(t('account.session.everywhereFailed', { message: errorMessageOf(error) }));
    } finally {
      setBusy(null);
    }
  };

  const confirmEverywhere = () =>
    modals.openConfirmModal({
      title: t('account.session.everywhereTitle'),
      children: <Text size="sm">{t('account.session.everywhereBody')}</Text>,
      labels: { confirm: t('account.session.everywhere'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(true),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="session-heading">
      <Stack gap="md">
        <Group gap="xs">
          <IconDevices size={22} stroke={1.6} aria-hidden />
          <Title order={2} size="h4" id="session-heading">
            {t('account.session.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('account.session.lead')}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            loading={busy === 'here'}
            disabled={busy !== null}
            onClick={() => void run(false)}
            data-testid="sign-out"
          >
            {t('header.signOut')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconDevices size={18} aria-hidden />}
            loading={busy === 'everywhere'}
            disabled={busy !== null}
            onClick={confirmEverywhere}
            data-testid="sign-out-everywhere"
          >
            {t('account.session.everywhere')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
