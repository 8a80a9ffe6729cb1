import type { Campaign } from '@hanabi/api';
import {
  Anchor,
  AspectRatio,
  Card,
  Center,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { CampaignCard } from '../../../components/campaign-card';
import { CampaignCardSkeletons } from '../../../components/campaign-card-skeleton';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { useAccount } from '../../../lib/account';
import { useCollection } from '../../../lib/collection-api';
import { NewsSection } from '../news-section';
import { notYetShown, useFollowedCampaigns, useOpenNow, useStartingSoon } from '../audience-home-api';

function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {more}
      </Group>
      {children}
    </Stack>
  );
}

function CampaignRow({
  query,
  shownAbove = [],
  empty,
}: {
  query: UseQueryResult<{ list: Campaign[] }>;
  /** Campaigns an earlier section already shows: left out here, so each campaign appears once. */
  shownAbove?: readonly Campaign[];
  empty: { description: string; next?: { to: string; label: string } };
}) {
  if (query.isPending) return <CampaignCardSkeletons />;
  const all = query.data?.list ?? [];
  const list = notYetShown(all, shownAbove);
  if (all.length === 0) return <EmptyState {...empty} />;
  // Every campaign of this section is already shown above: say so instead of repeating them.
  if (list.length === 0) return <EmptyState description={empty.description} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {list.map((campaign) => (
        <CampaignCard key={campaign.id} campaign={campaign} />
      ))}
    </SimpleGrid>
  );
}

/**
 * `/audience/home`: the followed streamers' campaigns, then the other open campaigns, then those opening soon —
 * each campaign once — and the newest prizes.
 */
export function AudienceHomePage() {
  const { t } = useTranslation();
  const { data: account } = useAccount();
  const open = useOpenNow();
  const starting = useStartingSoon();
  const followed = useFollowedCampaigns();
  const prizes = useCollection(account?.id);
  const seeAll = (to: string) => (
    <Anchor component={Link} to={to} size="sm">
      {t('audienceHome.seeAll')}
    </Anchor>
  );
  const recent = prizes.data?.items.slice(0, 4) ?? [];
  const followedList = followed.data?.list ?? [];

  return (
    <>
      <PageTitle>{t('audienceHome.title')}</PageTitle>
      <Stack gap="xl">
        <NewsSection />
        <Section id="home-followed" title={t('audienceHome.followed')}>
          <CampaignRow
            query={followed}
            empty={{
              description: t('audienceHome.followedEmpty'),
              next: { to: '/audience/streamer', label: t('audienceHome.findStreamers') },
            }}
          />
        </Section>
        <Section
          id="home-live"
          title={t('audienceHome.liveNow')}
          more={seeAll('/audience/campaign?status=live')}
        >
          <CampaignRow
            query={open}
            shownAbove={followedList}
            empty={{
              description: t('audienceHome.liveNowEmpty'),
              next: { to: '/audience/campaign', label: t('audienceHome.browseCampaigns') },
            }}
          />
        </Section>
        <Section
          id="home-starting"
          title={t('audienceHome.startingSoon')}
          more={seeAll('/audience/campaign?sort=startingSoon')}
        >
          <CampaignRow
            query={starting}
            shownAbove={followedList}
            empty={{ description: t('audienceHome.startingSoonEmpty') }}
          />
        </Section>
        <Section
          id="home-prizes"
          title={t('audienceHome.recentPrizes')}
          more={seeAll('/audience/collection')}
        >
          {prizes.isPending ? (
            <CenteredLoader />
          ) : recent.length === 0 ? (
            <EmptyState
              description={t('audienceHome.recentPrizesEmpty')}
              next={{ to: '/audience/campaign', label: t('audienceHome.browseCampaigns') }}
            />
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              {recent.map((item) => (
                <Card
                  key={item.id}
                  withBorder
                  padding="xs"
                  component={Link}
                  to={`/collection/${item.goods.id}`}
                >
                  <Card.Section>
                    <AspectRatio ratio={1}>
                      {item.goods.image ? (
                        <Image src={item.goods.image.url} alt="" fit="cover" />
                      ) : (
                        <Center bg="gray.1">
                          <IconGift size={32} aria-hidden />
                        </Center>
                      )}
                    </AspectRatio>
                  </Card.Section>
                  <Text size="sm" fw={600} mt="xs" lineClamp={1}>
                    {item.goods.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`collectionPage.state.${item.state}`)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Section>
      </Stack>
    </>
  );
}
