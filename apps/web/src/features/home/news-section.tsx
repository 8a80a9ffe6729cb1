import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import { usePublishedNews } from './news-api';
import { NewsCard } from '../../components/news-card';
import { LoadMoreButton } from '../../components/load-more-button';

/** The news on the home pages: the newest few, with "show more" paging through the rest. */
export function NewsSection() {
  const { t, i18n } = useTranslation();
  const news = usePublishedNews();
  const items = news.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <Stack gap="xs" component="section" aria-labelledby="news-heading" data-testid="news-section">
      <Group gap={6}>
        <IconNews size={20} stroke={1.6} aria-hidden />
        <Title order={2} size="h4" id="news-heading">
          {t('news.title')}
        </Title>
      </Group>
      {news.isPending ? (
        <Skeleton height={72} radius="md" />
      ) : news.isError ? (
        <Alert color="red" variant="light">
          {t('news.error')}
        </Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('news.empty')}
        </Text>
      ) : (
        <>
          {items.map((item) => (
            <NewsCard key={item.id} item={item} language={i18n.language} />
          ))}
          <LoadMoreButton query={news} label={t('news.more')} size="compact-sm" />
        </>
      )}
    </Stack>
  );
}
