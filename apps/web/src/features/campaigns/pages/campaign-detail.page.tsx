import {
  AspectRatio,
  Avatar,
  Box,
  Card,
  Center,
  Group,
  Image,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBrandYoutube, IconBroadcast, IconConfetti, IconGift } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { LikeButton } from '../../../components/like-button';
import { PageTitle } from '../../../components/page-title';
import { WatchButton } from '../../../components/watch-button';
import { formatDateTime } from '../../../lib/format';
import { useCampaign } from '../campaign-api';
import { CampaignResultsSection } from '../components/campaign-results-section';
import { CampaignDetailSkeleton } from '../components/campaign-detail-skeleton';
import { OnAirBadge } from '../../../components/on-air-badge';
import { CampaignStatusBadge } from '../components/campaign-status-badge';
import { entryRuleInWords } from '../entry-rule-words';
import { LiveRoomButton } from '../../../components/live-room-link';
import { useAccount } from '../../../lib/account';

/** `/campaign/:id`: public campaign page (notification target, shareable, readable signed out). */
export function CampaignDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useCampaign(id);
  const account = useAccount();
  if (query.isPending) return <CampaignDetailSkeleton />;
  if (query.isError) {
    return (
      <>
        <PageTitle>{t('pages.campaignDetail.title')}</PageTitle>
        <EmptyState
          description={t('campaigns.detail.notFound')}
          icon={<IconConfetti size={32} aria-hidden />}
          next={{ to: '/', label: t('campaigns.detail.toTop') }}
        />
      </>
    );
  }
  const campaign = query.data;
  // The campaign's own streamer sees their way to the live room, and their name leads to their own home.
  const own = account.data?.id === campaign.userId && account.data?.type === 'streamer';
  const prize = campaign.prize.digitalGoods;
  const user = campaign.user;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const rule = entryRuleInWords(
    campaign.entryRule,
    (key, options) => t(key as never, options as never) as unknown as string,
    when,
  );
  const drawMode =
    campaign.drawMode.type === 'everyNMinutes'
      ? t('campaigns.draw.everyNMinutes', { minutes: campaign.drawMode.minutes })
      : t(`campaigns.draw.${campaign.drawMode.type}`);

  return (
    <Stack gap="lg" data-testid="campaign-detail">
      <Group gap="sm" align="center" wrap="wrap">
        <CampaignStatusBadge status={campaign.status} />
        {campaign.onAir && <OnAirBadge />}
        <Text size="sm" c="dimmed">
          {t('campaigns.period', { start: when(campaign.startsAt), end: when(campaign.endsAt) })}
        </Text>
      </Group>
      <PageTitle>{campaign.title}</PageTitle>
      <Group gap="sm" mt={-8}>
        <WatchButton campaign={campaign} />
        <LikeButton kind="campaign" id={campaign.id} />
        {own && <LiveRoomButton campaign={campaign} size="sm" />}
      </Group>
      {/* The box has its height before the image arrives (16:9, at most 320 px), so nothing below it moves;
          minHeight 0 keeps a tall picture from growing it (an aspect-ratio box grows to its content). */}
      {campaign.coverImage && (
        <Box
          style={{ aspectRatio: '16 / 9', maxHeight: 320, width: '100%', minHeight: 0, overflow: 'hidden' }}
        >
          <Image
            src={campaign.coverImage.url}
            alt={t('campaigns.detail.coverAlt')}
            radius="md"
            h="100%"
            w="100%"
            fit="cover"
          />
        </Box>
      )}
      {campaign.status !== 'scheduled' && <CampaignResultsSection campaignId={campaign.id} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder padding="md" component="section" aria-labelledby="prize-heading">
          <Card.Section>
            <AspectRatio ratio={1}>
              {prize.image ? (
                <Image
                  src={prize.image.url}
                  alt={t('campaigns.detail.prizeAlt', { name: prize.name })}
                  fit="cover"
                  data-testid="prize-image"
                />
              ) : (
                <Center bg="gray.1">
                  <IconGift size={64} stroke={1.2} aria-hidden />
                </Center>
              )}
            </AspectRatio>
          </Card.Section>
          <Stack gap={4} mt="sm">
            <Text size="xs" c="dimmed" id="prize-heading">
              {t('campaigns.detail.prize')}
            </Text>
            <Title order={2} size="h4" data-testid="prize-name">
              {prize.name}
            </Title>
            <Text size="sm">
              {t('campaigns.detail.winners', {
                count: campaign.winnerCount,
                copies: campaign.prize.copiesPerWinner,
              })}
            </Text>
            {prize.description && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {prize.description}
              </Text>
            )}
          </Stack>
        </Card>
        <Stack gap="md">
          <Card withBorder padding="md" component="section" aria-labelledby="streamer-heading">
            <Text size="xs" c="dimmed" id="streamer-heading">
              {t('campaigns.detail.streamer')}
            </Text>
            <Group gap="sm" mt={6} wrap="nowrap">
              <Avatar
                src={user.avatarUrl}
                alt={t('pages.account.avatarAlt', { name: user.name })}
                size="lg"
              />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text
                  fw={600}
                  data-testid="streamer-name"
                  component={Link}
                  to={own ? '/streamer/home' : `/audience/streamer/${user.id}`}
                  style={{ color: 'inherit' }}
                >
                  {user.name}
                </Text>
                {user.youtubeTitle && (
                  <Group gap={4} wrap="nowrap">
                    <IconBrandYoutube size={16} aria-label="YouTube" />
                    <Text size="sm">{user.youtubeTitle}</Text>
                  </Group>
                )}
                {user.twitcastingName && (
                  <Group gap={4} wrap="nowrap">
                    <IconBroadcast size={16} aria-label="TwitCasting" />
                    <Text size="sm">
                      {user.twitcastingName}
                      {user.twitcastingScreenId ? ` (@${user.twitcastingScreenId})` : ''}
                    </Text>
                  </Group>
                )}
              </Stack>
            </Group>
          </Card>
          <Card withBorder padding="md" component="section" aria-labelledby="rule-heading">
            <Title order={2} size="h5" id="rule-heading">
              {t('campaigns.detail.howToEnter')}
            </Title>
            <List size="sm" mt="xs" spacing={4} data-testid="entry-rule">
              {rule.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Text size="sm" mt="sm">
              {t('campaigns.detail.platforms', {
                platforms: campaign.platforms
                  .map((p) => (p === 'youtube' ? 'YouTube' : 'TwitCasting'))
                  .join(' / '),
              })}
            </Text>
            <Text size="sm">{t('campaigns.detail.drawMode', { mode: drawMode })}</Text>
          </Card>
        </Stack>
      </SimpleGrid>
      {campaign.description && (
        <Card withBorder padding="md" component="section" aria-labelledby="about-heading">
          <Title order={2} size="h5" id="about-heading">
            {t('campaigns.detail.about')}
          </Title>
          <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
            {campaign.description}
          </Text>
        </Card>
      )}
    </Stack>
  );
}
