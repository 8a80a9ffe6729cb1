import { LIVE_PLATFORMS, type AnalyticsDashboard } from '@hanabi/api';
import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

function ChartCard({
  title,
  note,
  children,
  testId,
}: {
  title: string;
  /** Which days the chart counts in (one time zone per chart, stated). */
  note: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Stack gap="xs">
        <div>
          <Title order={2} size="h5">
            {title}
          </Title>
          <Text size="xs" c="dimmed" data-testid={`${testId}-zone`}>
            {note}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** A bucket's start as a short label in the reader's language, in the zone the buckets were cut in. */
export function bucketLabel(
  iso: string,
  interval: AnalyticsDashboard['range']['interval'],
  language: string,
  timeZone?: string,
) {
  const options: Intl.DateTimeFormatOptions =
    interval === 'month'
      ? { year: 'numeric', month: 'short', timeZone }
      : { month: 'numeric', day: 'numeric', timeZone };
  return new Intl.DateTimeFormat(language === 'en' ? 'en' : 'ja', options).format(new Date(iso));
}

/** The dashboard's charts (Mantine charts on Recharts), all drawn from the one response. */
export function DashboardCharts({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const { t, i18n } = useTranslation();
  const data = dashboard.series.map((row) => ({
    label: bucketLabel(row.bucket, dashboard.range.interval, i18n.language, dashboard.range.timeZone),
    streamer: row.signUpsStreamer,
    audience: row.signUpsAudience,
    active: row.activeCampaigns,
    ...row.deliveries,
    gas: Number(row.gasUsed),
    heldCreated: row.heldClaimsCreated,
    heldReleased: row.heldClaimsReleased,
    youtubeComments: row.live.youtube.comments,
    twitcastingComments: row.live.twitcasting.comments,
    quota: row.youtubeQuotaUsed,
  }));
  // The entry funnel over the whole range, one group of bars per platform (entrants and eligible are distinct
  // people over the range, so they come from the totals, not from summed buckets).
  const funnel = LIVE_PLATFORMS.map((platform) => {
    const figures = dashboard.totals.live[platform];
    return {
      label: t(`dashboard.platforms.${platform}`),
      entrants: figures.entrants,
      eligible: figures.eligible,
      winners: figures.winners,
      winnersHeld: figures.held,
      winnersDelivered: figures.delivered,
    };
  });
  const platforms = dashboard.byPlatform.map((row) => ({
    label: t(`dashboard.platforms.${row.platform}`),
    heldCreated: row.heldClaimsCreated,
    heldReleased: row.heldClaimsReleased,
    heldDelivered: row.heldClaimsDelivered,
    stillHeld: row.heldClaimsStillHeld,
  }));
  const s = (name: string, color: string) => ({ name, color, label: t(`dashboard.series.${name}` as never) });
  const common = { h: 220, data, dataKey: 'label', withLegend: true, tickLine: 'y' as const };
  // Every chart but the quota one buckets by the reader's zone (the range's); YouTube's quota resets at midnight
  // Pacific, so that chart counts Pacific quota days, each on its own date (decision 0090).
  const zone = dashboard.range.timeZone;
  const perBucket = t('dashboard.zone', { zone, unit: t(`dashboard.units.${dashboard.range.interval}`) });
  const wholeRange = t('dashboard.wholeRange', { zone });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard title={t('dashboard.charts.signUps')} testId="chart-signups" note={perBucket}>
        <BarChart {...common} type="stacked" series={[s('streamer', 'blue.6'), s('audience', 'orange.6')]} />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.activeCampaigns')} testId="chart-campaigns" note={perBucket}>
        <LineChart {...common} curveType="monotone" series={[s('active', 'red.6')]} />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.deliveries')} testId="chart-deliveries" note={perBucket}>
        <BarChart
          {...common}
          type="stacked"
          series={[
            s('confirmed', 'teal.6'),
            s('submitted', 'blue.5'),
            s('queued', 'gray.5'),
            s('failed', 'red.6'),
            s('cancelled', 'dark.3'),
          ]}
        />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.gas')} testId="chart-gas" note={perBucket}>
        <AreaChart
          {...common}
          series={[s('gas', 'violet.6')]}
          valueFormatter={(value) => value.toLocaleString()}
        />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.held')} testId="chart-held" note={perBucket}>
        <LineChart {...common} series={[s('heldCreated', 'yellow.7'), s('heldReleased', 'teal.6')]} />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.comments')} testId="chart-comments" note={perBucket}>
        <BarChart
          {...common}
          type="stacked"
          series={[s('youtubeComments', 'red.6'), s('twitcastingComments', 'blue.6')]}
        />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.funnel')} testId="chart-funnel" note={wholeRange}>
        <BarChart
          {...common}
          data={funnel}
          series={[
            s('entrants', 'gray.6'),
            s('eligible', 'blue.5'),
            s('winners', 'orange.6'),
            s('winnersHeld', 'yellow.7'),
            s('winnersDelivered', 'teal.6'),
          ]}
        />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.quota')} testId="chart-quota" note={t('dashboard.quotaZone')}>
        <AreaChart
          {...common}
          series={[s('quota', 'red.6')]}
          valueFormatter={(value) => value.toLocaleString()}
        />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.byPlatform')} testId="chart-platforms" note={wholeRange}>
        <BarChart
          {...common}
          data={platforms}
          series={[
            s('heldCreated', 'yellow.7'),
            s('heldReleased', 'blue.5'),
            s('heldDelivered', 'teal.6'),
            s('stillHeld', 'gray.5'),
          ]}
        />
      </ChartCard>
    </SimpleGrid>
  );
}
