import { apiRoutes, type DevMailMessage } from '@hanabi/api';
import { Alert, Anchor, Badge, Button, Card, Code, Group, Spoiler, Stack, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconInbox, IconLink, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { callApi } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { usePublicConfig } from '../../../lib/public-config';
import { errorMessageOf, showErrorToast } from '../../../lib/toast';

const mailboxKey = ['dev-mailbox'] as const;

/** The sign-in link of a message: the first link that opens better-auth's magic-link check, else the first. */
/** Only a sign-in link is called one: the same mailbox carries collection links, wallet notices and undo links. */
function isSignInLink(link: string): boolean {
  try {
    return new URL(link, window.location.origin).pathname.startsWith('/api/auth/magic-link');
  } catch {
    return false;
  }
}

function signInLinkOf(message: DevMailMessage): string | null {
  return message.links.find((link) => link.includes('/magic-link/verify')) ?? message.links[0] ?? null;
}

function MailCard({ message }: { message: DevMailMessage }) {
  const { t, i18n } = useTranslation();
  const link = signInLinkOf(message);
  return (
    <Card withBorder padding="md" component="article" data-testid="dev-mail">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} size="md" style={{ overflowWrap: 'anywhere' }}>
            {message.subject}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time>
          </Text>
        </Group>
        <Text size="sm">
          <Badge variant="light" color="gray" mr={6} tt="none">
            {t('devMailbox.to')}
          </Badge>
          <span style={{ overflowWrap: 'anywhere' }}>{message.to}</span>
        </Text>
        {link && (
          <Button
            component="a"
            href={link}
            variant="light"
            leftSection={<IconLink size={18} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            data-testid="dev-mail-link"
          >
            {t(isSignInLink(link) ? 'devMailbox.openLink' : 'devMailbox.openOtherLink')}
          </Button>
        )}
        <Spoiler maxHeight={90} showLabel={t('devMailbox.more')} hideLabel={t('devMailbox.less')}>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Code>
        </Spoiler>
        {message.links.length > 1 && (
          <Stack gap={2}>
            {message.links.slice(1).map((other) => (
              <Anchor key={other} href={other} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {other}
              </Anchor>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * `/dev/mailbox` (embedded mode only): what the server "sent" instead of e-mail, newest first, with each
 * message's sign-in link as a button. Public, so a signed-out visitor can finish signing in.
 */
export function DevMailboxPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const embedded = config.data?.mode === 'embedded';
  const mailbox = useQuery({
    queryKey: mailboxKey,
    queryFn: () => callApi(apiRoutes.devMailbox),
    enabled: embedded,
    staleTime: 0,
    refetchInterval: 5000,
  });
  const clear = useMutation({
    mutationFn: () => callApi(apiRoutes.clearDevMailbox),
    onSuccess: () => queryClient.setQueryData(mailboxKey, { messages: [] }),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });

  const confirmClear = () =>
    modals.openConfirmModal({
      title: t('devMailbox.clearTitle'),
      children: <Text size="sm">{t('devMailbox.clearBody')}</Text>,
      labels: { confirm: t('devMailbox.clear'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => clear.mutate(),
    });

  let content;
  if (config.isPending) {
    content = <CenteredLoader />;
  } else if (!embedded) {
    content = (
      <EmptyState description={t('devMailbox.unavailable')} next={{ to: '/', label: t('notFound.home') }} />
    );
  } else if (mailbox.isPending) {
    content = <CenteredLoader />;
  } else if (mailbox.error) {
    content = (
      <Alert color="red" role="alert">
        {errorMessageOf(mailbox.error)}
      </Alert>
    );
  } else if (mailbox.data.messages.length === 0) {
    content = (
      <EmptyState
        description={t('devMailbox.empty')}
        icon={<IconInbox size={32} stroke={1.5} aria-hidden />}
      />
    );
  } else {
    content = (
      <Stack gap="md" aria-label={t('devMailbox.listLabel')} component="section">
        {mailbox.data.messages.map((message) => (
          <MailCard key={message.id} message={message} />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageTitle>{t('devMailbox.title')}</PageTitle>
      <Text c="dimmed" mb="md">
        {t('devMailbox.lead')}
      </Text>
      {embedded && (
        <Group gap="sm" mb="lg">
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={mailbox.isFetching && !mailbox.isPending}
            onClick={() => void mailbox.refetch()}
          >
            {t('devMailbox.refresh')}
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            loading={clear.isPending}
            disabled={!mailbox.data || mailbox.data.messages.length === 0}
            onClick={confirmClear}
          >
            {t('devMailbox.clear')}
          </Button>
        </Group>
      )}
      {content}
    </>
  );
}
