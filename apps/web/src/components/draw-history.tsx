import type { ResultDraw } from '@hanabi/api';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useTranslation } from '../lib/i18n';
import {
  HISTORY_STATUS_TONE,
  drawHistoryText,
  type HistoryEntryText,
  type HistoryStatus,
  type HistoryTranslate,
} from '../lib/draw-history-text';

const badgeColor = (status: HistoryStatus) =>
  `${HISTORY_STATUS_TONE[status].color}.${HISTORY_STATUS_TONE[status].shade}`;

const drawPath = (id: string) => `/draw/${encodeURIComponent(id)}`;

/** The texts of the history in the reader's language (the same function the first paint uses). */
export function useDrawHistoryText(draws: readonly ResultDraw[]): HistoryEntryText[] {
  const { t, i18n } = useTranslation();
  return drawHistoryText(draws, t as HistoryTranslate, i18n.language);
}

/** A draw's lines under its title: start time and entrants (and `extra`), why it failed, what it replaces. */
export function HistoryDetails({ entry, extra }: { entry: HistoryEntryText; extra?: string }) {
  return (
    <>
      <Text size="xs" c="dimmed">
        {extra ? `${entry.meta} · ${extra}` : entry.meta}
      </Text>
      {entry.failure && (
        <Text size="sm" data-testid="history-failure">
          {entry.failure}
        </Text>
      )}
      {entry.replaces && (
        <Text size="sm" data-testid="history-replaces">
          {entry.replaces.text}{' '}
          <Anchor component={Link} to={drawPath(entry.replaces.drawId)} size="sm">
            {entry.replaces.label}
          </Anchor>
        </Text>
      )}
    </>
  );
}

/** A draw's state badge. */
export function HistoryStatusBadge({ entry }: { entry: HistoryEntryText }) {
  return (
    <Badge size="xs" variant="filled" color={badgeColor(entry.status)} data-testid="history-status">
      {entry.statusLabel}
    </Badge>
  );
}

/** One draw's heading lines: number (a link unless it is this page's), state, then `HistoryDetails`. */
function HistoryEntryHead({ entry, linked }: { entry: HistoryEntryText; linked: boolean }) {
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        {linked ? (
          <Anchor component={Link} to={drawPath(entry.id)} size="sm" fw={600}>
            {entry.title}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {entry.title}
          </Text>
        )}
        <HistoryStatusBadge entry={entry} />
      </Group>
      <HistoryDetails entry={entry} />
    </Stack>
  );
}

/** Why a winner was excluded, when, the streamer's words, and the re-draw that replaces them. */
export function ExclusionLines({ winner }: { winner: HistoryEntryText['winners'][number] }) {
  const { t } = useTranslation();
  if (!winner.exclusion) return null;
  return (
    <>
      <Text size="xs" data-testid="history-exclusion">
        {winner.exclusion}
      </Text>
      {winner.note && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {winner.note}
        </Text>
      )}
      {winner.replacedBy && (
        <Text size="xs">
          {t('drawHistory.replacedBy')}{' '}
          <Anchor component={Link} to={drawPath(winner.replacedBy.drawId)} size="xs">
            {winner.replacedBy.label}
          </Anchor>
        </Text>
      )}
    </>
  );
}

/**
 * Every draw of the campaign on the proof page (decision 0200): numbered, with its state, why a failed one
 * failed, what a re-draw replaces, and each exclusion's reason and time. `features/draws/draw-proof.first-paint.ts` draws the
 * same markup before any script runs: change both together.
 */
export function DrawHistory({ draws, currentId }: { draws: readonly ResultDraw[]; currentId: string }) {
  const { t } = useTranslation();
  const entries = useDrawHistoryText(draws);
  if (entries.length === 0) return null;
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="history-heading"
      data-testid="draw-history"
      // Chat names and the streamer's words may be long unbroken strings: they wrap at 390 px.
      style={{ overflowWrap: 'anywhere' }}
    >
      <Title order={2} size="h4" id="history-heading" mb="xs">
        {t('drawHistory.title')}
      </Title>
      <Text size="sm" mb="xs">
        {t('drawHistory.lead')}
      </Text>
      <Stack gap="sm" component="ol" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {entries.map((entry) => (
          <li key={entry.id} data-testid="history-draw" data-status={entry.status}>
            <HistoryEntryHead entry={entry} linked={entry.id !== currentId} />
            {entry.winners.length > 0 && (
              <Stack gap={2} component="ul" style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {entry.winners.map((winner) => (
                  <li key={winner.id}>
                    <Text size="sm" td={winner.excluded ? 'line-through' : undefined}>
                      {winner.name}
                    </Text>
                    <ExclusionLines winner={winner} />
                  </li>
                ))}
              </Stack>
            )}
          </li>
        ))}
      </Stack>
    </Card>
  );
}
