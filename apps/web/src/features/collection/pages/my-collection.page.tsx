import { Alert, Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlbum, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { useAccount } from '../../../lib/account';
import { useCollection } from '../../../lib/collection-api';
import { CollectionItemCard } from '../components/collection-item-card';

/** `/audience/collection`: the digital goods the viewer won, with delivery state and wallet balances. */
export function MyCollectionPage() {
  const { t } = useTranslation();
  const { data: account } = useAccount();
  const query = useCollection(account?.id);
  if (!account || query.isPending) return <CenteredLoader />;
  const collection = query.data;
  const balances = new Map(collection?.balances.map((entry) => [entry.tokenId, entry.balance]));
  return (
    <Stack gap="md">
      <PageTitle>{t('collectionPage.title')}</PageTitle>
      <Group gap="xs">
        <Text size="sm" c="dimmed" data-testid="collection-privacy">
          {t(account.collectionPublic ? 'collectionPage.publicNote' : 'collectionPage.privateNote')}
        </Text>
        <Anchor component={Link} to="/audience/account#collection-privacy" size="sm">
          {t('collectionPage.changePrivacy')}
        </Anchor>
      </Group>
      {collection && !collection.chainReachable && (
        <Alert color="yellow" icon={<IconCloudOff size={18} aria-hidden />} data-testid="chain-unreachable">
          {t('collectionPage.chainUnreachable')}
        </Alert>
      )}
      {!collection || collection.items.length === 0 ? (
        <EmptyState
          description={t('collectionPage.empty')}
          icon={<IconAlbum size={32} aria-hidden />}
          next={{ to: '/audience/campaign', label: t('collectionPage.findCampaigns') }}
        />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
          {collection.items.map((item) => (
            <CollectionItemCard
              key={item.id}
              item={item}
              balance={item.goods.tokenId ? balances.get(item.goods.tokenId) : undefined}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
