import type { Campaign, CampaignStatus, DigitalGoods } from '@hanabi/api';
import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconConfetti, IconGift, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { formatDateTime } from '../../../lib/format';
import { errorMessageOf } from '../../../lib/toast';
import { useHomeCampaigns, useHomeGoods } from '../streamer-home-api';
import { NewsSection } from '../news-section';
import { CampaignStateText, LiveRoomButton } from '../../../components/live-room-link';

const CAMPAIGNS = '/streamer/editor/campaign';
const GOODS = '/streamer/editor/digitalgoods';
const STATUS_ORDER: CampaignStatus[] = ['live', 'scheduled', 'draft', 'ended'];
const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray.7',
  scheduled: 'blue.8',
  live: 'red.9',
  ended: 'dark.6',
};

interface Attention {
  key: string;
  text: string;
  to: string;
}

export function attentionItems(
  campaigns: readonly Campaign[],
  goods: readonly DigitalGoods[],
  t: (key: string, options?: Record<string, unknown>) => string,
): Attention[] {
  const items: Attention[] = [];
  for (const campaign of campaigns.filter((item) => item.status === 'draft')) {
    items.push({
      key: `c-${campaign.id}`,
      text: t('streamerHome.attention.draftCampaign', { title: campaign.title }),
      to: `${CAMPAIGNS}/${campaign.id}`,
    });
  }
  for (const item of goods.filter((entry) => entry.status === 'draft')) {
    items.push({
      key: `g-${item.id}`,
      text: item.image
        ? t('streamerHome.attention.unpublishedGoods', { name: item.name })
        : t('streamerHome.attention.goodsWithoutImage', { name: item.name }),
      to: `${GOODS}?edit=${encodeURIComponent(item.id)}`,
    });
  }
  return items;
}

/** `/streamer/home`: campaigns by status, goods, and what needs attention. */
export function StreamerHomePage() {
  const { t, i18n } = useTranslation();
  const goods = useHomeGoods();
  const campaigns = useHomeCampaigns();
  const translate = (key: string, options?: Record<string, unknown>) =>
    t(key as never, options as never) as unknown as string;

  if (goods.isPending || campaigns.isPending) {
    return (
      <>
        <PageTitle>{t('pages.streamerHome.title')}</PageTitle>
        <CenteredLoader />
      </>
    );
  }
  if (goods.isError || campaigns.isError) {
    return (
      <>
        <PageTitle>{t('pages.streamerHome.title')}</PageTitle>
        <Alert color="red">{errorMessageOf(goods.error ?? campaigns.error)}</Alert>
      </>
    );
  }
  const attention = attentionItems(campaigns.data, goods.data, translate);
  const publishedGoods = goods.data.filter((item) => item.status === 'published');

  return (
    <>
      <PageTitle>{t('pages.streamerHome.title')}</PageTitle>
      <Stack gap="xl">
        <NewsSection />
        <Stack gap="xs" component="section" aria-labelledby="attention-heading">
          <Title order={2} size="h4" id="attention-heading">
            {t('streamerHome.attention.title')}
          </Title>
          {attention.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="attention-none">
              {goods.data.length === 0
                ? t('streamerHome.attention.startWithGoods')
                : publishedGoods.length > 0 && campaigns.data.length === 0
                  ? t('streamerHome.attention.startCampaign')
                  : t('streamerHome.attention.none')}
            </Text>
          ) : (
            <Stack gap={6} data-testid="attention-list">
              {attention.map((item) => (
                <Alert
                  key={item.key}
                  color="yellow"
                  variant="light"
                  icon={<IconAlertCircle size={18} />}
                  p="xs"
                >
                  <Anchor component={Link} to={item.to} size="sm">
                    {item.text}
                  </Anchor>
                </Alert>
              ))}
            </Stack>
          )}
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="home-campaigns-heading">
          <Group justify="space-between">
            <Title order={2} size="h4" id="home-campaigns-heading">
              {t('streamerHome.campaigns')}
            </Title>
            <Button
              size="compact-sm"
              variant="light"
              component={Link}
              to={`${CAMPAIGNS}?new=1`}
              leftSection={<IconPlus size={14} />}
            >
              {t('streamerHome.newCampaign')}
            </Button>
          </Group>
          {campaigns.data.length === 0 ? (
            <EmptyState
              description={t('streamerHome.noCampaigns')}
              icon={<IconConfetti size={32} stroke={1.5} aria-hidden />}
              next={
                publishedGoods.length > 0
                  ? { to: `${CAMPAIGNS}?new=1`, label: t('streamerHome.newCampaign') }
                  : { to: GOODS, label: t('streamerHome.prepareGoods') }
              }
            />
          ) : (
            STATUS_ORDER.map((status) => {
              const group = campaigns.data.filter((campaign) => campaign.status === status);
              if (group.length === 0) return null;
              return (
                <Stack gap={6} key={status}>
                  <Group gap="xs">
                    <Badge color={STATUS_COLORS[status]} variant="filled">
                      {t(`campaigns.status.${status}`)}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {t('streamerHome.count', { n: group.length })}
                    </Text>
                  </Group>
                  {group.map((campaign) => (
                    <Card key={campaign.id} withBorder padding="xs" data-testid="home-campaign">
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                          <Anchor component={Link} to={`${CAMPAIGNS}/${campaign.id}`} fw={600}>
                            {campaign.title}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {t('campaigns.period', {
                              start: formatDateTime(campaign.startsAt, i18n.language),
                              end: formatDateTime(campaign.endsAt, i18n.language),
                            })}
                          </Text>
                          <CampaignStateText campaign={campaign} />
                        </Stack>
                        <LiveRoomButton campaign={campaign} />
                      </Group>
                    </Card>
                  ))}
                </Stack>
              );
            })
          )}
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="home-goods-heading">
          <Group justify="space-between">
            <Title order={2} size="h4" id="home-goods-heading">
              {t('streamerHome.goods')}
            </Title>
            <Button size="compact-sm" variant="light" component={Link} to={GOODS}>
              {t('streamerHome.allGoods')}
            </Button>
          </Group>
          {goods.data.length === 0 ? (
            <EmptyState
              description={t('streamerHome.noGoods')}
              icon={<IconGift size={32} stroke={1.5} aria-hidden />}
              next={{ to: `${GOODS}?new=1`, label: t('goods.list.createFirst') }}
            />
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {goods.data.slice(0, 8).map((item) => (
                <Card
                  key={item.id}
                  withBorder
                  padding="xs"
                  component={Link}
                  to={`${GOODS}?edit=${encodeURIComponent(item.id)}`}
                >
                  <AspectRatio ratio={1}>
                    {item.image ? (
                      <Image src={item.image.url} alt="" radius="sm" fit="cover" />
                    ) : (
                      <Center bg="gray.1">
                        <IconGift size={40} stroke={1.2} aria-hidden />
                      </Center>
                    )}
                  </AspectRatio>
                  <Text size="sm" fw={600} lineClamp={1} mt={4}>
                    {item.name}
                  </Text>
                  <Badge size="xs" color={item.status === 'draft' ? 'gray.7' : 'teal.9'} variant="filled">
                    {t(`goods.status.${item.status}`)}
                  </Badge>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>
    </>
  );
}
