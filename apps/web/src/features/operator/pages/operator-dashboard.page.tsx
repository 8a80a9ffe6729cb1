import {
  ANALYTICS_INTERVALS,
  LIVE_PLATFORMS,
  type AnalyticsDashboard,
  type AnalyticsInterval,
} from '@hanabi/api';
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { errorMessageOf } from '../../../lib/toast';
import { ProjectQuotaCard } from '../components/project-quota-card';
import { TotalCard } from '../components/total-card';
import { SignerFundsNotice } from '../system/signer-funds-card';
import { useDashboard } from '../dashboard/dashboard-api';
import { DashboardCharts } from '../dashboard/dashboard-charts';
import { csvFileName, dashboardCsv, downloadText } from '../dashboard/dashboard-csv';
import {
  browserTimeZone,
  dashboardQuery,
  presetRange,
  rangeFromSearch,
  type DashboardRange,
} from '../dashboard/dashboard-range';

const PRESETS = [
  ['last7', 7, 'day'],
  ['last30', 30, 'day'],
  ['last90', 90, 'week'],
  ['last365', 365, 'month'],
] as const;

function Totals({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const { t, i18n } = useTranslation();
  const n = (value: number | string) => Number(value).toLocaleString(i18n.language);
  const { totals } = dashboard;
  const deliveries = Object.values(totals.deliveries).reduce((sum, value) => sum + value, 0);
  const { youtube, twitcasting } = totals.live;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <TotalCard
        testId="total-signups"
        label={t('dashboard.totals.signUps')}
        value={n(totals.signUpsStreamer + totals.signUpsAudience)}
        detail={t('dashboard.totals.signUpsDetail', {
          streamer: n(totals.signUpsStreamer),
          audience: n(totals.signUpsAudience),
        })}
      />
      <TotalCard
        testId="total-campaigns"
        label={t('dashboard.totals.activeCampaigns')}
        value={n(totals.activeCampaigns)}
        detail={t('dashboard.totals.campaignsDetail', {
          live: n(totals.campaignsByStatus.live),
          scheduled: n(totals.campaignsByStatus.scheduled),
          ended: n(totals.campaignsByStatus.ended),
          peak: n(Math.max(0, ...dashboard.series.map((row) => row.activeCampaigns))),
        })}
      />
      <TotalCard
        testId="total-deliveries"
        label={t('dashboard.totals.deliveries')}
        value={n(deliveries)}
        detail={t('dashboard.totals.deliveriesDetail', {
          confirmed: n(totals.deliveries.confirmed),
          failed: n(totals.deliveries.failed),
        })}
      />
      <TotalCard
        testId="total-gas"
        label={t('dashboard.totals.gas')}
        value={n(totals.gasUsed)}
        detail={t('dashboard.totals.gasDetail', { count: totals.transactions })}
      />
      <TotalCard
        testId="total-held"
        label={t('dashboard.totals.held')}
        value={`${n(totals.heldClaimsCreated)} → ${n(totals.heldClaimsReleased)}`}
        detail={t('dashboard.totals.heldDetail', {
          created: n(totals.heldClaimsCreated),
          released: n(totals.heldClaimsReleased),
        })}
      />
      <TotalCard
        testId="total-comments"
        label={t('dashboard.totals.comments')}
        value={n(youtube.comments + twitcasting.comments)}
        detail={t('dashboard.totals.perPlatform', {
          youtube: n(youtube.comments),
          twitcasting: n(twitcasting.comments),
        })}
      />
      <TotalCard
        testId="total-winners"
        label={t('dashboard.totals.winners')}
        value={n(youtube.winners + twitcasting.winners)}
        detail={t('dashboard.totals.winnersDetail', {
          eligible: n(youtube.eligible + twitcasting.eligible),
          held: n(youtube.held + twitcasting.held),
          delivered: n(youtube.delivered + twitcasting.delivered),
        })}
      />
      <TotalCard
        testId="total-quota"
        label={t('dashboard.totals.quota')}
        value={n(totals.youtubeQuotaUsed)}
        detail={t('dashboard.totals.quotaDetail')}
      />
      <ProjectQuotaCard />
    </SimpleGrid>
  );
}

function isEmpty(dashboard: AnalyticsDashboard): boolean {
  const { totals } = dashboard;
  return (
    totals.signUpsStreamer + totals.signUpsAudience + totals.activeCampaigns + totals.heldClaimsCreated ===
      0 &&
    totals.heldClaimsReleased === 0 &&
    totals.transactions === 0 &&
    totals.youtubeQuotaUsed === 0 &&
    Object.values(totals.deliveries).every((value) => value === 0) &&
    LIVE_PLATFORMS.every((platform) => Object.values(totals.live[platform]).every((value) => value === 0))
  );
}

/** `/operator/dashboard`: the figures of a date range by day, week or month, as charts and CSV. */
export function OperatorDashboardPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const applied = rangeFromSearch(search);
  const [draft, setDraft] = useState<DashboardRange>(applied);
  const query = dashboardQuery(applied, browserTimeZone());
  const dashboard = useDashboard(query);
  const draftValid = dashboardQuery(draft, browserTimeZone()) !== null;

  const apply = (range: DashboardRange) => {
    setDraft(range);
    setSearch({ from: range.from, to: range.to, interval: range.interval }, { replace: true });
  };

  return (
    <>
      <PageTitle>{t('pages.operatorDashboard.title')}</PageTitle>
      <Stack gap="md">
        <SignerFundsNotice />
        <Card
          withBorder
          padding="md"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (draftValid) apply(draft);
          }}
        >
          <Stack gap="sm">
            <Group gap="sm" align="flex-end">
              <TextInput
                type="date"
                label={t('dashboard.from')}
                value={draft.from}
                onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
                w={170}
                data-testid="range-from"
              />
              <TextInput
                type="date"
                label={t('dashboard.to')}
                value={draft.to}
                onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
                w={170}
                data-testid="range-to"
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="interval-label">
                  {t('dashboard.interval')}
                </Text>
                <SegmentedControl
                  aria-labelledby="interval-label"
                  value={draft.interval}
                  onChange={(value) => setDraft({ ...draft, interval: value as AnalyticsInterval })}
                  data={ANALYTICS_INTERVALS.map((value) => ({
                    value,
                    label: t(`dashboard.intervals.${value}`),
                  }))}
                />
              </Stack>
              <Button type="submit" disabled={!draftValid} data-testid="range-apply">
                {t('dashboard.apply')}
              </Button>
            </Group>
            <Group gap="xs">
              {PRESETS.map(([key, days, interval]) => (
                <Button
                  key={key}
                  size="compact-sm"
                  variant="light"
                  onClick={() => apply(presetRange(days, interval))}
                >
                  {t(`dashboard.presets.${key}`)}
                </Button>
              ))}
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden />}
                disabled={!dashboard.data || dashboard.isPlaceholderData}
                onClick={() =>
                  dashboard.data && downloadText(dashboardCsv(dashboard.data), csvFileName(dashboard.data))
                }
                data-testid="export-csv"
                ml="auto"
              >
                {t('dashboard.exportCsv')}
              </Button>
            </Group>
            {!draftValid && (
              <Text size="sm" c="red" role="alert">
                {t('dashboard.rangeInvalid')}
              </Text>
            )}
          </Stack>
        </Card>

        {!query ? (
          <Alert color="red">{t('dashboard.rangeInvalid')}</Alert>
        ) : dashboard.isPending ? (
          <Stack gap="sm" data-testid="dashboard-loading">
            <Skeleton height={90} radius="md" />
            <Skeleton height={260} radius="md" />
          </Stack>
        ) : dashboard.isError ? (
          <Alert color="red" role="alert">
            {errorMessageOf(dashboard.error)}
          </Alert>
        ) : (
          <Stack gap="md" data-testid="dashboard" style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1 }}>
            <Totals dashboard={dashboard.data} />
            {isEmpty(dashboard.data) ? (
              <EmptyState
                description={t('dashboard.empty')}
                icon={<IconChartBar size={32} stroke={1.5} aria-hidden />}
              />
            ) : (
              <DashboardCharts dashboard={dashboard.data} />
            )}
          </Stack>
        )}
      </Stack>
    </>
  );
}
