import type { OverlayState } from '@hanabi/api';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation, type Locale } from '../../../lib/i18n';

type RevealedDraw = NonNullable<OverlayState['latestDraw']>;

/** How long names shuffle before landing on the verified winners. */
export const SHUFFLE_MS = 3000;
const SHUFFLE_STEP_MS = 90;

interface DrawRevealProps {
  draw: RevealedDraw;
  /** Names to shuffle through (the ticker's entrants); the winners are added. */
  pool: string[];
  /** Shuffle first (a draw revealed while the overlay is open); false shows the winners at once. */
  animate: boolean;
  /** Text and panel colours for the chosen theme. */
  color: string;
  panel: string;
  /** The language to speak (the overlay's); the app's when absent. */
  lng?: Locale;
}

/**
 * The draw on stream: names shuffle for ~3 s, then the winners the server revealed (never a name picked here:
 * the animation only dresses up the verified result), with a QR code and the URL of the public proof.
 */
export function DrawReveal({ draw, pool, animate, color, panel, lng }: DrawRevealProps) {
  // The overlay's language (its `?lang=` or the streamer's), not necessarily the app's.
  const { t } = useTranslation({ lng });
  const reducedMotion = useReducedMotion();
  const shuffle = animate && !reducedMotion;
  const [shuffling, setShuffling] = useState(shuffle);
  const [shown, setShown] = useState<string[]>([]);
  const winnerNames = draw.winners.map((winner) => winner.displayName);

  useEffect(() => {
    if (!shuffle) return;
    const names = [...new Set([...pool, ...winnerNames])];
    const slots = Math.max(1, Math.min(winnerNames.length, 5));
    const tick = window.setInterval(() => {
      setShown(Array.from({ length: slots }, () => names[Math.floor(Math.random() * names.length)] ?? ''));
    }, SHUFFLE_STEP_MS);
    const done = window.setTimeout(() => setShuffling(false), SHUFFLE_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(done);
    };
    // The parent keys this component by draw id; the pool changing under the animation must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shuffle]);

  const proofUrl = `${window.location.origin}${draw.proofPath}`;
  return (
    <Box p="lg" style={{ background: panel, borderRadius: 16, color }} data-testid="overlay-draw">
      {shuffle && shuffling ? (
        <Stack gap="xs" align="center" aria-live="off">
          <Text fz={28} fw={700}>
            {t('liveOverlay.drawing')}
          </Text>
          {shown.map((name, index) => (
            <Text key={index} fz={40} fw={800} style={{ filter: 'blur(0.5px)' }}>
              {name}
            </Text>
          ))}
        </Stack>
      ) : (
        <Group gap="xl" align="center" wrap="nowrap" justify="space-between">
          <Stack gap={4} style={{ minWidth: 0 }} role="status" aria-live="polite">
            <Text fz={24} fw={700}>
              {t('liveOverlay.winners')}
            </Text>
            {winnerNames.map((name, index) => (
              <Text
                key={`${name}-${index}`}
                fz={40}
                fw={800}
                lh={1.15}
                data-testid="overlay-winner"
                truncate="end"
              >
                {name}
              </Text>
            ))}
          </Stack>
          <Stack gap={6} align="center">
            <Box p={8} style={{ background: '#fff', borderRadius: 8 }}>
              <QRCodeSVG value={proofUrl} size={132} title={t('liveOverlay.qrAlt')} />
            </Box>
            <Text fz={14} fw={600}>
              {t('liveOverlay.verify')}
            </Text>
            <Text fz={12} style={{ overflowWrap: 'anywhere', maxWidth: 220 }} data-testid="overlay-proof-url">
              {proofUrl}
            </Text>
          </Stack>
        </Group>
      )}
    </Box>
  );
}
