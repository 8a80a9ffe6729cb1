import { Button, Card, CopyButton, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { currentLocale, i18n, loadLocale, type Locale, useTranslation } from '../../../lib/i18n';
import { useWinners, type StreamRef } from '../live-api';

/** The announcement in a fixed language (the chat's, not necessarily the streamer's UI language). */
export function announcementText(locale: Locale, title: string, names: string[], url: string): string {
  const t = i18n.getFixedT(locale);
  return t('results.announcement.text', {
    title,
    names: names.join(locale === 'ja' ? '、' : ', '),
    count: names.length,
    url,
  });
}

/**
 * In the live room: the results announcement the streamer pastes into the chat, with the public results link,
 * in Japanese or English. Winners learn from it that they won and where to claim a held prize.
 */
export function ResultsAnnouncement({
  campaignId,
  title,
  stream,
}: {
  campaignId: string;
  title: string;
  stream: StreamRef | null;
}) {
  const { t } = useTranslation();
  const [locale, setLocale] = useState<Locale>(currentLocale());
  // The draw panel's winners (same cache, refreshed by the room's live events).
  const winners = useWinners(campaignId, stream);
  const winnerNames = (winners.data?.winners ?? [])
    .filter((winner) => winner.status !== 'excluded')
    .map((winner) => winner.displayName);
  if (winnerNames.length === 0) return null;
  const url = `${window.location.origin}/campaign/${encodeURIComponent(campaignId)}`;
  const text = announcementText(locale, title, winnerNames, url);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="announcement-heading">
      <Stack gap="xs">
        <Title order={2} size="h5" id="announcement-heading">
          {t('results.announcement.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('results.announcement.hint')}
        </Text>
        <SegmentedControl
          value={locale}
          // The other language's messages load on demand (decision 0083): switch once they are in.
          onChange={(value) => void loadLocale(value as Locale).then(() => setLocale(value as Locale))}
          data={[
            { value: 'ja', label: '日本語' },
            { value: 'en', label: 'English' },
          ]}
          aria-label={t('results.announcement.language')}
          style={{ alignSelf: 'flex-start' }}
        />
        <Textarea
          value={text}
          readOnly
          autosize
          minRows={2}
          aria-label={t('results.announcement.title')}
          data-testid="results-announcement"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              variant="light"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {copied ? t('common.copied') : t('results.announcement.copy')}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Card>
  );
}
