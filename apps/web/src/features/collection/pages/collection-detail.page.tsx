import {
  Anchor,
  AspectRatio,
  Card,
  Center,
  Code,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlbum, IconGift } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { LikeButton } from '../../../components/like-button';
import { PageTitle } from '../../../components/page-title';
import { formatDateTime } from '../../../lib/format';
import { useCollectionItem } from '../collection-api';
import { CollectionStateBadge } from '../components/collection-item-card';

function IpfsRow({ label, uri, gateway }: { label: string; uri: string | null; gateway: string | null }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        {uri ? (
          <Stack gap={2}>
            <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{uri}</Code>
            {gateway && (
              <Anchor href={gateway} target="_blank" rel="noopener noreferrer" size="sm">
                {t('collectionPage.item.gateway')}
              </Anchor>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('collectionPage.item.notPinned')}
          </Text>
        )}
      </td>
    </tr>
  );
}

/** `/collection/:id`: one token (notification target): picture, metadata, IPFS links, likes, what you received. */
export function CollectionDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useCollectionItem(id);
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) {
    return (
      <>
        <PageTitle>{t('collectionPage.title')}</PageTitle>
        <EmptyState
          description={t('collectionPage.item.notFound')}
          icon={<IconAlbum size={32} aria-hidden />}
        />
      </>
    );
  }
  const { goods, mine, holderCount } = query.data;
  return (
    <Stack gap="lg" data-testid="collection-detail">
      <PageTitle>{goods.name}</PageTitle>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder padding={0}>
          <AspectRatio ratio={1}>
            {goods.image ? (
              <Image
                src={goods.image.url}
                alt={t('collectionPage.item.imageAlt', { name: goods.name })}
                fit="cover"
              />
            ) : (
              <Center bg="gray.1">
                <IconGift size={64} aria-hidden />
              </Center>
            )}
          </AspectRatio>
        </Card>
        <Stack gap="md">
          <Group gap="sm">
            <LikeButton kind="token" id={goods.id} />
          </Group>
          <Text size="sm">
            {t('collectionPage.item.by')}:{' '}
            <Anchor component={Link} to={`/audience/streamer/${goods.streamer.id}`}>
              {goods.streamer.name}
            </Anchor>
          </Text>
          {goods.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{goods.description}</Text>}
          {/* A plain table: Mantine's Table brings its scroll container (ScrollArea and, by the bundler's
              chunking, all of floating-ui: ~22 KiB gzip) into this public page's first load (issue 16). */}
          <table className="facts-table">
            <tbody>
              <tr>
                <th scope="row">{t('collectionPage.item.tokenId')}</th>
                <td>{goods.tokenId ?? '—'}</td>
              </tr>
              <tr>
                <th scope="row">{t('collectionPage.item.supply')}</th>
                <td>{goods.supply}</td>
              </tr>
              <tr>
                <th scope="row">{t('collectionPage.item.holders')}</th>
                <td>{t('collectionPage.item.holdersCount', { count: holderCount })}</td>
              </tr>
              <IpfsRow
                label={t('collectionPage.item.ipfsImage')}
                uri={goods.imageUri}
                gateway={goods.imageGatewayUrl}
              />
              <IpfsRow
                label={t('collectionPage.item.ipfsMetadata')}
                uri={goods.tokenUri}
                gateway={goods.metadataGatewayUrl}
              />
            </tbody>
          </table>
        </Stack>
      </SimpleGrid>
      {mine.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="mine-heading">
          <Title order={2} size="h4" id="mine-heading">
            {t('collectionPage.item.mine')}
          </Title>
          {mine.map((item) => (
            <Card key={item.id} withBorder padding="sm">
              <Group gap="sm" wrap="wrap">
                <CollectionStateBadge state={item.state} />
                <Text size="sm">{t('collectionPage.amount', { amount: item.amount })}</Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(item.receivedAt, i18n.language)} ·{' '}
                  {t(`collectionPage.source.${item.source}`)}
                </Text>
                {item.campaign && (
                  <Anchor component={Link} to={`/campaign/${item.campaign.id}`} size="sm">
                    {t('collectionPage.fromCampaign', { title: item.campaign.title })}
                  </Anchor>
                )}
                {item.txHash && (
                  <Code
                    style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}
                    title={t('collectionPage.transaction')}
                  >
                    {item.txHash}
                  </Code>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
