import type { Account } from '@hanabi/api';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconPuzzle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CenteredLoader } from '../../../components/centered-loader';
import { usePublicConfig } from '../../../lib/public-config';
import { errorMessageOf } from '../../../lib/toast';
import { BrowserWalletWizard } from './browser-wallet-wizard';

// wagmi is only downloaded by people who choose an extension wallet.
const InjectedWalletConnect = lazy(() => import('./injected-wallet-connect'));

export interface WalletSetupProps {
  account: Account;
  onSaved: (account: Account) => void;
  /** Leave the setup altogether (replacing a wallet); absent in the wallet step, which cannot be skipped. */
  onCancel?: () => void;
}

type Choice = 'browser' | 'injected';

/** The two ways to get a wallet: create one in this browser, or connect an extension wallet. */
export function WalletSetup({ account, onSaved, onCancel }: WalletSetupProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice | null>(null);
  const config = usePublicConfig();

  if (choice === 'browser') {
    return <BrowserWalletWizard account={account} onSaved={onSaved} onCancel={() => setChoice(null)} />;
  }
  if (choice === 'injected') {
    if (config.isPending) return <CenteredLoader />;
    if (!config.data) {
      return (
        <Alert color="red" role="alert">
          {errorMessageOf(config.error)}
        </Alert>
      );
    }
    return (
      <Suspense fallback={<CenteredLoader />}>
        <InjectedWalletConnect
          account={account}
          expectedChainId={config.data.chainId}
          onSaved={onSaved}
          onCancel={() => setChoice(null)}
        />
      </Suspense>
    );
  }

  const options: { value: Choice; icon: typeof IconDeviceDesktop; recommended: boolean }[] = [
    { value: 'browser', icon: IconDeviceDesktop, recommended: true },
    { value: 'injected', icon: IconPuzzle, recommended: false },
  ];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {options.map(({ value, icon: Icon, recommended }) => (
          <Card key={value} withBorder padding="lg">
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="xs">
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Icon size={24} stroke={1.6} aria-hidden />
                    <Text fw={700} component="h2" fz="md">
                      {t(`wallet.choice.${value}Title`)}
                    </Text>
                  </Group>
                  {recommended && (
                    <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
                      {t('wallet.choice.recommended')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`wallet.choice.${value}Body`)}
                </Text>
              </Stack>
              <Button
                variant={recommended ? 'filled' : 'default'}
                onClick={() => setChoice(value)}
                data-testid={`wallet-choice-${value}`}
              >
                {t(`wallet.choice.${value}Action`)}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {onCancel && (
        <Group>
          <Button variant="subtle" color="gray" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
