import {
  Anchor,
  AspectRatio,
  Avatar,
  Card,
  Center,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBrandYoutube, IconBroadcast, IconBuildingBroadcastTower, IconGift } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'wouter';
import { CampaignCard } from '../../../components/campaign-card';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { FollowButton } from '../components/follow-button';
import { useStreamerProfile } from '../streamer-api';

/** `/audience/streamer/:id`: a streamer's profile, channels, campaigns and goods. */
export function StreamerProfilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useStreamerProfile(id);
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) {
    return (
      <>
        <PageTitle>{t('streamerDirectory.title')}</PageTitle>
        <EmptyState
          description={t('streamerDirectory.notFound')}
          icon={<IconBuildingBroadcastTower size={32} aria-hidden />}
          next={{ to: '/audience/streamer', label: t('streamerDirectory.back') }}
        />
      </>
    );
  }
  const { streamer, links, campaigns, goods } = query.data;
  return (
    <Stack gap="lg" data-testid="streamer-profile">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar src={streamer.avatarUrl} alt="" size={72} radius="xl" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <PageTitle>{streamer.name}</PageTitle>
          <Text size="sm" c="dimmed" mt={-16} data-testid="follower-count">
            {t('streamerDirectory.followers', { count: streamer.followerCount })} ·{' '}
            {t('streamerDirectory.activeCampaigns', { count: streamer.activeCampaignCount })}
          </Text>
        </Stack>
      </Group>
      <Group>
        <FollowButton streamer={streamer} />
      </Group>
      {streamer.bio && <Text style={{ whiteSpace: 'pre-wrap' }}>{streamer.bio}</Text>}
      {links.length > 0 && (
        <Stack gap={4} component="section" aria-label={t('streamerDirectory.links')}>
          {links.map((link) => (
            <Group key={link.platform} gap={6} wrap="nowrap">
              {link.platform === 'youtube' ? (
                <IconBrandYoutube size={18} aria-label="YouTube" />
              ) : (
                <IconBroadcast size={18} aria-label="TwitCasting" />
              )}
              <Anchor href={`/externalRedirect?externalUrl=${encodeURIComponent(link.url)}`} size="sm">
                {link.label}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-labelledby="streamer-campaigns">
        <Title order={2} size="h4" id="streamer-campaigns">
          {t('streamerDirectory.campaigns')}
        </Title>
        {campaigns.length === 0 ? (
          <Text c="dimmed">{t('streamerDirectory.noCampaigns')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {campaigns.map((campaign) => (
              <CampaignCard key={campaign.id} campaign={campaign} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="streamer-goods">
        <Title order={2} size="h4" id="streamer-goods">
          {t('streamerDirectory.goods')}
        </Title>
        {goods.length === 0 ? (
          <Text c="dimmed">{t('streamerDirectory.noGoods')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
            {goods.map((item) => (
              <Card key={item.id} withBorder padding="xs" component={Link} to={`/collection/${item.id}`}>
                <Card.Section>
                  <AspectRatio ratio={1}>
                    {item.image ? (
                      <Image src={item.image.url} alt="" fit="cover" />
                    ) : (
                      <Center bg="gray.1">
                        <IconGift size={32} aria-hidden />
                      </Center>
                    )}
                  </AspectRatio>
                </Card.Section>
                <Text size="sm" fw={600} mt="xs" lineClamp={1}>
                  {item.name}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
