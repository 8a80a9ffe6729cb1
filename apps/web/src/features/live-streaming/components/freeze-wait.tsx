import type { DrawSummary } from '@hanabi/api';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** The draw of the list that waits for ingestion to pass its close time T (decision 0204), if one does. */
export function waitingDraw(draws: DrawSummary[]): DrawSummary | null {
  return (
    draws.find((draw) => draw.status === 'open' && draw.closedAt && draw.freeze && !draw.freeze.frozenAt) ??
    null
  );
}

/**
 * A draw closed at T waits for the comments written before T to be read before it freezes its entrants
 * (bounded; decision 0204): the streamer sees for what, how long it has waited and the longest it will.
 * The draw event that ends the wait refreshes the list, and this goes.
 */
export function FreezeWait({ draw }: { draw: DrawSummary }) {
  const { t } = useTranslation();
  const closedAt = Date.parse(draw.closedAt!);
  const until = Date.parse(draw.freeze!.waitUntil);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, []);
  const bound = Math.max(0, Math.round((until - closedAt) / 1000));
  const elapsed = Math.min(bound, Math.max(0, Math.floor((now - closedAt) / 1000)));
  const label = t('liveRoom.freezeWaiting', { time: formatTime(draw.closedAt!) });
  return (
    <Alert color="blue" icon={<IconClock size={20} aria-hidden />} data-testid="freeze-wait" role="status">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Progress value={bound > 0 ? (elapsed / bound) * 100 : 100} animated aria-label={label} />
        <Text size="xs" data-testid="freeze-wait-elapsed">
          {t('liveRoom.freezeWaitingHint', { elapsed, bound })}
        </Text>
      </Stack>
    </Alert>
  );
}
