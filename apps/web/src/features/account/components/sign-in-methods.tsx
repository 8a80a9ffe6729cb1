import { AUTH_PROVIDERS, type Account, type AuthProvider } from '@hanabi/api';
import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconBrandGoogle, IconBrandX, IconKey, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { browserNavigation } from '../../../lib/browser-navigation';
import { formatDate } from '../../../lib/format';
import { useAuthProviders } from '../../../lib/public-config';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { updateSignInLink } from '../account-api';

const ICONS = { google: IconBrandGoogle, twitter: IconBrandX, email: IconMail } as const;

/** Which methods can be linked now: Google/X when the server offers them, e-mail when the account has an address. */
export function linkableProviders(
  account: Pick<Account, 'signInMethods' | 'email'>,
  offered: { google: boolean; twitter: boolean } | undefined,
): AuthProvider[] {
  const linked = new Set(account.signInMethods.map((method) => method.provider));
  return AUTH_PROVIDERS.filter((provider) => {
    if (linked.has(provider)) return false;
    if (provider === 'email') return account.email !== null;
    return offered?.[provider] === true;
  });
}

/**
 * The sign-in methods of the account: linked ones with their dates (unlink, never the last one), and the ones
 * that can be added (Google/X go through the provider and come back to this page).
 */
export function SignInMethods({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const { t, i18n } = useTranslation();
  const providers = useAuthProviders();
  const methods = account.signInMethods;
  const onlyOne = methods.length <= 1;
  const linkable = linkableProviders(account, providers.data);

  const change = useMutation({
    mutationFn: (body: { action: 'link' | 'unlink'; provider: AuthProvider }) =>
      updateSignInLink(account.id, {
        ...body,
        ...(body.action === 'link' && body.provider !== 'email'
          ? { callbackURL: `/${account.type}/account` }
          : {}),
      }),
    onSuccess: (result) => {
      if ('redirectUrl' in result) {
        browserNavigation.assign(result.redirectUrl);
        return;
      }
      onSaved(result);
      showSuccessToast();
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });

  const confirmUnlink = (provider: AuthProvider) =>
    modals.openConfirmModal({
      title: t('account.methods.unlinkTitle', { provider: t(`account.methods.providers.${provider}`) }),
      children: <Text size="sm">{t('account.methods.unlinkBody')}</Text>,
      labels: { confirm: t('account.methods.unlink'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => change.mutate({ action: 'unlink', provider }),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="methods-heading">
      <Stack gap="md">
        <Group gap="xs">
          <IconKey size={22} stroke={1.6} aria-hidden />
          <Title order={2} size="h4" id="methods-heading">
            {t('account.methods.title')}
          </Title>
        </Group>
        <Table verticalSpacing="sm" data-testid="sign-in-methods">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('account.methods.method')}</Table.Th>
              <Table.Th>{t('account.methods.linkedAt')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('account.methods.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {methods.map((method) => {
              const Icon = ICONS[method.provider];
              const name = t(`account.methods.providers.${method.provider}`);
              return (
                <Table.Tr key={method.provider}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Icon size={18} aria-hidden />
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <time dateTime={method.linkedAt}>{formatDate(method.linkedAt, i18n.language)}</time>
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={onlyOne || change.isPending}
                      aria-label={t('account.methods.unlinkNamed', { provider: name })}
                      aria-describedby={onlyOne ? 'last-method-hint' : undefined}
                      onClick={() => confirmUnlink(method.provider)}
                    >
                      {t('account.methods.unlink')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {onlyOne && (
          <Text size="sm" c="dimmed" id="last-method-hint">
            {t('account.methods.lastMethod')}
          </Text>
        )}
        {account.email && (
          <Text size="sm" c="dimmed">
            {t('account.methods.email', { email: account.email })}
          </Text>
        )}
        {linkable.length > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('account.methods.addTitle')}
            </Text>
            <Group gap="sm">
              {linkable.map((provider) => {
                const Icon = ICONS[provider];
                return (
                  <Button
                    key={provider}
                    variant="default"
                    leftSection={<Icon size={18} aria-hidden />}
                    loading={change.isPending && change.variables?.provider === provider}
                    disabled={change.isPending}
                    onClick={() => change.mutate({ action: 'link', provider })}
                  >
                    {t(`account.methods.link.${provider}`)}
                  </Button>
                );
              })}
            </Group>
          </Stack>
        )}
        {linkable.length === 0 && !providers.isPending && methods.length > 0 && (
          <Badge variant="light" color="gray" tt="none" style={{ alignSelf: 'flex-start' }}>
            {t('account.methods.allLinked')}
          </Badge>
        )}
      </Stack>
    </Card>
  );
}
