import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { CampaignCardSkeletons } from '../../../components/campaign-card-skeleton';
import { CampaignDetailSkeleton } from './campaign-detail-skeleton';

describe('campaign detail skeleton', () => {
  it('announces loading once and keeps the cover box 16:9 before any data', () => {
    render(
      <MantineProvider>
        <CampaignDetailSkeleton />
      </MantineProvider>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain(i18n.t('session.loading'));
    const cover = status.querySelector<HTMLElement>('[style*="aspect-ratio"]');
    expect(cover?.style.aspectRatio).toBe('16 / 9');
    expect(cover?.style.maxHeight).toBe('320px');
  });
});

describe('campaign card skeletons', () => {
  it('announce loading once and draw one 16:9 card per expected campaign', () => {
    render(
      <MantineProvider>
        <CampaignCardSkeletons count={2} />
      </MantineProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain(i18n.t('session.loading'));
    expect(screen.getByTestId('campaign-card-skeletons').querySelectorAll('.mantine-Card-root')).toHaveLength(
      2,
    );
  });
});
