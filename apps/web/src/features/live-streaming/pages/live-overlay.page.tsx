import type { LiveEvent } from '@hanabi/api';
import { Box, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_LOCALE, isLocale, useTranslation } from '../../../lib/i18n';
import { useParams, useSearchParams } from 'wouter';
import { DrawReveal } from '../components/draw-reveal';
import { isOverlayNotFound, liveKeys, useOverlayState } from '../live-api';
import { useLiveEvents } from '../../../lib/use-live-events';

const THEMES = {
  dark: { color: '#ffffff', panel: 'rgba(0, 0, 0, 0.62)' },
  light: { color: '#1a1b1e', panel: 'rgba(255, 255, 255, 0.85)' },
} as const;

/** OBS composites the page over the video: only this page makes the document itself transparent. */
function useTransparentDocument() {
  useEffect(() => {
    const targets = [document.documentElement, document.body];
    const previous = targets.map((element) => element.style.background);
    for (const element of targets) element.style.background = 'transparent';
    return () => targets.forEach((element, index) => (element.style.background = previous[index] ?? ''));
  }, []);
}

/**
 * `/overlay/:id` (campaign): the OBS browser source. Public, outside the app's layouts. Shows the entrant count,
 * a ticker of recent entrants and, when a draw is revealed (SSE), the animated reveal of its verified winners.
 */
export function LiveOverlayPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const overlay = useOverlayState(id);
  // `?lang=` of the browser source, else the streamer's language; never the viewer's stored choice.
  const asked = searchParams.get('lang');
  const lng = isLocale(asked) ? asked : (overlay.data?.locale ?? DEFAULT_LOCALE);
  const { t, i18n } = useTranslation({ lng });
  const theme = THEMES[searchParams.get('theme') === 'light' ? 'light' : 'dark'];
  const queryClient = useQueryClient();
  const reducedMotion = useReducedMotion();
  useTransparentDocument();

  const onEvent = useCallback(
    (event: LiveEvent) => {
      // Counts and ticker change with comments; a revealed draw brings the winners.
      if (event.type === 'comments' || (event.type === 'draw' && event.status === 'revealed')) {
        void queryClient.invalidateQueries({ queryKey: liveKeys.overlay(id) });
      }
    },
    [id, queryClient],
  );
  const notFound = isOverlayNotFound(overlay.error);
  // No stream to hold open for a campaign that does not exist.
  useLiveEvents(notFound ? '' : id, onEvent);

  // The draw already revealed when the overlay opened is shown still; a later one is animated. Recorded while
  // rendering (not in an effect) so a new draw never flashes its winners before the animation starts.
  const latest = overlay.data?.latestDraw ?? null;
  const [firstDrawId, setFirstDrawId] = useState<string | null | undefined>(undefined);
  if (overlay.data && firstDrawId === undefined) setFirstDrawId(latest?.id ?? null);

  if (notFound) {
    return (
      <Box p="md" style={{ color: theme.color, background: 'transparent' }} data-testid="overlay-not-found">
        <Box p="md" maw={900} style={{ background: theme.panel, borderRadius: 16 }}>
          <Text fz={24} fw={700} role="alert">
            {t('liveOverlay.notFound')}
          </Text>
          <Text fz={16}>{t('liveOverlay.notFoundHint')}</Text>
        </Box>
      </Box>
    );
  }
  if (!overlay.data) return null;
  const data = overlay.data;
  const ticker = data.recentEntrants;

  return (
    <Box
      p="md"
      style={{ color: theme.color, background: 'transparent', minHeight: '100vh' }}
      data-testid="overlay"
    >
      <style>{`@keyframes hanabi-ticker { from { transform: translateX(0); } to { transform: translateX(-50%); } }`}</style>
      <Stack gap="md" maw={900}>
        <Box p="md" style={{ background: theme.panel, borderRadius: 16 }}>
          <Text fz={20} fw={600} truncate="end">
            {data.campaignTitle}
          </Text>
          <Text fz={18}>{t('liveOverlay.entrants')}</Text>
          <Text fz={72} fw={900} lh={1} data-testid="overlay-entrants">
            {data.entrantCount.toLocaleString(lng ?? i18n.language)}
          </Text>
        </Box>
        {ticker.length > 0 && (
          <Box
            p="xs"
            style={{ background: theme.panel, borderRadius: 12, overflow: 'hidden', whiteSpace: 'nowrap' }}
            aria-label={t('liveOverlay.recent')}
          >
            <Box
              component="span"
              style={{
                display: 'inline-block',
                animation: reducedMotion ? undefined : 'hanabi-ticker 30s linear infinite',
              }}
            >
              {/* Twice, so the scroll loops without a gap. */}
              {[...ticker, ...(reducedMotion ? [] : ticker)].map((name, index) => (
                <Text key={index} span fz={22} fw={600} mx="md" data-testid="overlay-ticker-name">
                  {name}
                </Text>
              ))}
            </Box>
          </Box>
        )}
        {latest && (
          <DrawReveal
            key={latest.id}
            draw={latest}
            lng={lng}
            pool={ticker}
            animate={firstDrawId !== undefined && latest.id !== firstDrawId}
            color={theme.color}
            panel={theme.panel}
          />
        )}
      </Stack>
    </Box>
  );
}
