import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { NewsCard } from './news-card';

const card = (body: string) =>
  render(
    <MantineProvider>
      <NewsCard
        item={{ title: 'お知らせ', body, titleEn: null, bodyEn: null, publishedAt: null }}
        language="ja"
      />
    </MantineProvider>,
  );

describe('a news body', () => {
  it('is rendered as Markdown: bold, lists, and bare URLs as links that open apart', async () => {
    card('**大事な**お知らせ\n\n- 一つ目\n- 二つ目\n\n詳しくは https://example.com/info を見てください。');
    const body = await screen.findByTestId('news-body', {}, { timeout: 5000 });
    expect(body.querySelector('strong')?.textContent).toBe('大事な');
    expect(body.textContent).not.toContain('**');
    expect([...body.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['一つ目', '二つ目']);
    const link = screen.getByRole('link', { name: 'https://example.com/info' });
    expect(link.getAttribute('href')).toBe('https://example.com/info');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('never renders raw HTML or script links', async () => {
    card('<img src=x onerror="alert(1)"><b>太字</b>\n\n[押して](javascript:alert(1))');
    const body = await screen.findByTestId('news-body', {}, { timeout: 5000 });
    expect(body.querySelector('img')).toBeNull();
    expect(body.querySelector('b')).toBeNull();
    expect(body.querySelector('[onerror]')).toBeNull();
    const link = body.querySelector('a');
    expect(link?.getAttribute('href') ?? '').not.toContain('javascript');
  });
});
