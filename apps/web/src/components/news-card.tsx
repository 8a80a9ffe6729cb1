import type { NewsItem } from '@hanabi/api';
import { Card, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../lib/format';
import { NewsBody } from './news-body';

/** The item's text in the reader's language: English when there is some, Japanese otherwise. */
export function newsText(
  item: Pick<NewsItem, 'title' | 'body' | 'titleEn' | 'bodyEn'>,
  language: string,
): { title: string; body: string; lang: 'ja' | 'en' } {
  if (language === 'en' && item.titleEn && item.bodyEn) {
    return { title: item.titleEn, body: item.bodyEn, lang: 'en' };
  }
  return { title: item.title, body: item.body, lang: 'ja' };
}

/** One news item. Also the news desk's preview, so operators see exactly what readers will. */
export function NewsCard({
  item,
  language,
}: {
  item: Pick<NewsItem, 'title' | 'body' | 'titleEn' | 'bodyEn'> & { publishedAt: string | null };
  language: string;
}) {
  const text = newsText(item, language);
  return (
    <Card withBorder padding="md" component="article" lang={text.lang} data-testid="news-item">
      <Stack gap={4}>
        {item.publishedAt && (
          <Text size="xs" c="dimmed">
            <time dateTime={item.publishedAt}>{formatDateTime(item.publishedAt, language)}</time>
          </Text>
        )}
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {text.title}
        </Title>
        <NewsBody text={text.body} />
      </Stack>
    </Card>
  );
}
