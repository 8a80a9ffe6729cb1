import { EXCLUSION_REASONS, type ExclusionReason, type Winner } from '@hanabi/api';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { DeliveryStatusBadge } from '../../../components/delivery-status-badge';

/** The winner's state: the delivery's own badge once a delivery exists, else the draw-side state. */
function WinnerStatusBadge({ winner }: { winner: Winner }) {
  const { t } = useTranslation();
  if (winner.deliveryStatus) return <DeliveryStatusBadge status={winner.deliveryStatus} />;
  if (winner.status === 'held') return <DeliveryStatusBadge status="held" />;
  const color = winner.status === 'excluded' ? 'dark.5' : 'indigo.9';
  return (
    <Badge color={color} variant="filled" data-status={winner.status} style={WHOLE_BADGE}>
      {t(`liveRoom.winnerStatus.${winner.status}`)}
    </Badge>
  );
}

/** A badge never narrower than its words: a table squeezed to a phone's width cut them to "受け…". */
const WHOLE_BADGE = { minWidth: 'max-content' } as const;

interface WinnersTableProps {
  winners: Winner[];
  /**
   * Excludes one winner for a reason from the list and the streamer's words (both public); the server replaces
   * them with a linked re-draw. Resolves true when the dialog should close (done, or refused for good), false to
   * keep it open for another try.
   */
  onExclude: (winner: Winner, reasonCode: ExclusionReason, note: string) => Promise<boolean>;
}

/**
 * The server refuses to exclude a winner once distribution handed their prize over — queued, or held until they
 * link (it may be on chain already, or promised to whoever links).
 */
const excludable = (winner: Winner) => winner.status !== 'excluded' && winner.distributedAt === null;

/** Every winner of the campaign, newest draw first, with the link to the draw's public proof. */
export function WinnersTable({ winners, onExclude }: WinnersTableProps) {
  const { t } = useTranslation();
  const [excluding, setExcluding] = useState<Winner | null>(null);
  const [reasonCode, setReasonCode] = useState<ExclusionReason | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // "Other" says nothing by itself: the streamer's words are then required (the server checks it too).
  const ready = reasonCode !== '' && (reasonCode !== 'other' || note.trim() !== '');

  const close = () => {
    setExcluding(null);
    setReasonCode('');
    setNote('');
  };
  const submit = async () => {
    if (!excluding || !ready) return;
    setBusy(true);
    try {
      // The caller shows the toast; on a passing failure the dialog stays open so the reason is not lost.
      if (await onExclude(excluding, reasonCode, note.trim())) close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* No minimum width: the platform joins the name on phones, so the actions stay in view at 390 px. */}
      <Table.ScrollContainer minWidth={0}>
        <Table striped verticalSpacing="xs" data-testid="winners-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('liveRoom.winnerName')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('liveRoom.winnerPlatform')}</Table.Th>
              <Table.Th>{t('liveRoom.winnerState')}</Table.Th>
              <Table.Th>{t('liveRoom.winnerActions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {winners.map((winner) => (
              <Table.Tr key={winner.id} data-testid="winner-row">
                <Table.Td>
                  <Text size="sm" fw={500} td={winner.status === 'excluded' ? 'line-through' : undefined}>
                    {winner.displayName}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {t(`liveConnect.platform.${winner.platform}`)}
                  </Text>
                  {winner.status === 'excluded' && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('liveRoom.excludedBecause', {
                        reason: [
                          t(`exclusion.reason.${winner.excludedReasonCode ?? 'other'}`),
                          winner.excludedReason,
                        ]
                          .filter(Boolean)
                          .join(' — '),
                      })}
                    </Text>
                  )}
                  {/* Under the name rather than a column of its own: three columns fit a phone. */}
                  <Anchor component={Link} to={`/draw/${encodeURIComponent(winner.drawId)}`} size="xs">
                    {t('liveRoom.proofLink')}
                  </Anchor>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{t(`liveConnect.platform.${winner.platform}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="wrap">
                    <WinnerStatusBadge winner={winner} />
                    {winner.status !== 'excluded' && (
                      <Badge
                        variant="outline"
                        color={winner.reachable ? 'teal.9' : 'gray.7'}
                        style={WHOLE_BADGE}
                      >
                        {winner.reachable ? t('liveRoom.linked') : t('liveRoom.willHold')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {excludable(winner) ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setExcluding(winner)}
                      aria-label={t('liveRoom.excludeWinner', { name: winner.displayName })}
                    >
                      {t('liveRoom.exclude')}
                    </Button>
                  ) : (
                    winner.status !== 'excluded' && (
                      <Text size="xs" c="dimmed" data-testid="exclude-unavailable">
                        {t('liveRoom.excludeHandedOver')}
                      </Text>
                    )
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Modal
        opened={excluding !== null}
        onClose={close}
        title={t('liveRoom.excludeTitle', { name: excluding?.displayName ?? '' })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('liveRoom.excludeBody')}</Text>
            <NativeSelect
              label={t('exclusion.reasonLabel')}
              value={reasonCode}
              onChange={(event) => setReasonCode(event.currentTarget.value as ExclusionReason | '')}
              data={[
                { value: '', label: '—', disabled: true },
                ...EXCLUSION_REASONS.map((code) => ({ value: code, label: t(`exclusion.reason.${code}`) })),
              ]}
              required
              data-autofocus
            />
            <Textarea
              label={t('exclusion.noteLabel')}
              placeholder={t('exclusion.notePlaceholder')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={200}
              autosize
              minRows={2}
              required={reasonCode === 'other'}
              description={reasonCode === 'other' ? t('exclusion.noteRequired') : undefined}
            />
            <Text size="xs" c="dimmed" data-testid="exclusion-public">
              {t('exclusion.public')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={busy} disabled={!ready}>
                {t('liveRoom.excludeConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
