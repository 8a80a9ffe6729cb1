import { Anchor, List, Text, Title } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * A news body as Markdown (react-markdown + GFM, so bare URLs become links). It renders to React elements, never
 * to HTML: raw HTML in the text shows as text, and `javascript:` and similar URLs are dropped by react-markdown's
 * default URL check. Loaded lazily by `NewsBody`, so the parser never weighs on a page's first load.
 */
const components: Components = {
  p: ({ children }) => (
    <Text size="sm" mb="xs" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  ),
  a: ({ href, children }) => (
    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" size="sm">
      {children}
    </Anchor>
  ),
  // A news item's own title is the h3: headings inside its body sit below it.
  h1: ({ children }) => (
    <Title order={4} size="h6">
      {children}
    </Title>
  ),
  h2: ({ children }) => (
    <Title order={4} size="h6">
      {children}
    </Title>
  ),
  h3: ({ children }) => (
    <Title order={5} size="h6">
      {children}
    </Title>
  ),
  ul: ({ children }) => (
    <List size="sm" mb="xs">
      {children}
    </List>
  ),
  ol: ({ children }) => (
    <List type="ordered" size="sm" mb="xs">
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  img: ({ alt }) => <>{alt}</>,
};

export default function NewsMarkdown({ text }: { text: string }) {
  return (
    <div data-testid="news-body" className="news-body">
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
