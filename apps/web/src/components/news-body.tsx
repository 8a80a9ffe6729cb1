import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

const NewsMarkdown = lazy(() => import('./news-markdown'));

/** A news body: the plain text at once, then the same text rendered as Markdown when its chunk has loaded. */
export function NewsBody({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="news-body-plain"
        >
          {text}
        </Text>
      }
    >
      <NewsMarkdown text={text} />
    </Suspense>
  );
}
