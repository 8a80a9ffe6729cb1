import type { PublicDraw } from '@hanabi/api';
import { Alert, Anchor, Badge, Card, Code, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { PageTitle } from '../../../components/page-title';
import { isApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { errorMessageOf } from '../../../lib/toast';
import { CopyableValue } from '../components/copyable-value';
import { DrawHistory } from '../../../components/draw-history';
import { historyStatusOf, withheldText, type HistoryTranslate } from '../../../lib/draw-history-text';
import { EntrantList } from '../components/entrant-list';
import { FreezeRule } from '../components/freeze-rule';
import { beaconVerdictText } from '../beacon-verdict-text';
import { drawStatusTone } from '../draw-status-tone';
import { useDrawProof, usePublicDraw, useVerification } from '../draws-api';
import { usePublicConfig } from '../../../lib/public-config';

// The table of checks (Mantine Table and its scroll area) shows only once the browser's own check has finished,
// after the first paint: its own chunk (decision 0120), fetched while the check runs.
const loadProofChecks = () => import('../components/proof-checks');
const ProofChecks = lazy(async () => ({ default: (await loadProofChecks()).ProofChecks }));
// The record's panel (its RPC form) shows with the verdict, after the check: out of the first load like the checks.
const loadRecordPanel = () => import('../components/record-panel');
const RecordPanel = lazy(async () => ({ default: (await loadRecordPanel()).RecordPanel }));

function WinnersCard({ draw }: { draw: PublicDraw }) {
  const { t } = useTranslation();
  if (draw.winners.length === 0) return null;
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {t('drawProof.winners')}
      </Title>
      <Stack gap={4} component="ol" style={{ margin: 0, paddingLeft: 24 }}>
        {draw.winners.map((winner) => (
          <li key={winner.entrantKey} data-testid="proof-winner">
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} td={winner.excluded ? 'line-through' : undefined}>
                {winner.displayName}
              </Text>
              <Code>{winner.entrantKey}</Code>
              {winner.excluded && (
                <Badge size="xs" color="dark.5" variant="filled">
                  {t('drawProof.excluded')}
                </Badge>
              )}
            </Group>
          </li>
        ))}
      </Stack>
    </Card>
  );
}

const VERDICT_LOOK = {
  verified: {
    color: 'teal.9',
    icon: <IconCircleCheck size={22} aria-hidden />,
    message: 'drawProof.verified',
  },
  practice: {
    color: 'yellow',
    icon: <IconAlertTriangle size={22} aria-hidden />,
    message: 'drawProof.practice',
  },
  failed: { color: 'red.9', icon: <IconCircleX size={22} aria-hidden />, message: 'drawProof.notVerified' },
} as const;

function RevealedProof({ draw }: { draw: PublicDraw }) {
  const { t } = useTranslation();
  const proof = useDrawProof(draw.id, true);
  const published = usePublicConfig().data?.chainRpcUrl ?? null;
  const [ownRpc, setOwnRpc] = useState<string | null>(null);
  const rpcUrl = ownRpc ?? published;
  const verification = useVerification(draw.id, proof.data, rpcUrl);
  // The check's result comes as a query update, which React renders in one go: deferred, the verdict, the checks
  // and the values render in slices between other work, not as one long task on a phone (decision 0194).
  const result = useDeferredValue(verification.data);
  useEffect(() => void Promise.all([loadProofChecks(), loadRecordPanel()]), []);
  const count = formatCount(proof.data?.entrants.length ?? draw.entrantCount ?? 0);

  if (proof.isError || verification.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
        {t('drawProof.verifyError')} {errorMessageOf(proof.error ?? verification.error)}
      </Alert>
    );
  }
  if (!result) {
    return (
      <Stack gap="xs" role="status" aria-live="polite" data-testid="verifying">
        <Text size="sm">{t('drawProof.verifying', { n: count })}</Text>
        <Progress value={100} animated striped aria-label={t('drawProof.verifying', { n: count })} />
      </Stack>
    );
  }
  const { verdict, checks, beacon } = result;
  return (
    <Stack gap="md">
      {/* Green only for verified: a practice draw recomputes, but its server controlled the randomness. */}
      <Alert
        color={VERDICT_LOOK[verdict].color}
        variant={verdict === 'practice' ? 'light' : 'filled'}
        icon={VERDICT_LOOK[verdict].icon}
        role="status"
        data-testid="verdict"
        data-ok={verdict === 'verified'}
        data-verdict={verdict}
      >
        <Text fw={700}>{t(VERDICT_LOOK[verdict].message)}</Text>
      </Alert>
      <Text size="sm" data-testid="beacon-verdict" data-status={beacon.status}>
        {beaconVerdictText(beacon, t)}
      </Text>
      {beacon.status === 'verified' && verdict === 'practice' && (
        <Text size="sm" data-testid="record-verdict">
          {t(draw.record ? 'drawProof.record.unread' : 'drawProof.record.missing')}
        </Text>
      )}
      <Suspense fallback={null}>
        <RecordPanel key={rpcUrl ?? ''} record={draw.record} rpcUrl={rpcUrl} onRpcUrl={setOwnRpc} />
      </Suspense>
      <Suspense fallback={null}>
        <ProofChecks
          checks={checks}
          beaconProblem={beacon.status === 'failed' ? beacon.problem : null}
          recordProblems={result.recordProblems}
        />
      </Suspense>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('drawProof.values')}
          </Title>
          <CopyableValue label={t('drawProof.secret')} value={proof.data!.secret} />
          <CopyableValue label={t('drawProof.seed')} value={proof.data!.seed} />
          <Text size="sm">{t('drawProof.entrantCount', { n: count })}</Text>
          <EntrantList entrants={proof.data!.entrants} />
        </Stack>
      </Card>
    </Stack>
  );
}

/** `/draw/:id`: the public proof of a draw (docs/design.md §7), recomputed in the reader's browser. */
export function DrawProofPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const draw = usePublicDraw(id);
  const title = <PageTitle>{t('drawProof.title')}</PageTitle>;

  if (draw.isPending) {
    return (
      <>
        {title}
        <CenteredLoader />
      </>
    );
  }
  if (draw.isError) {
    return (
      <>
        {title}
        <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
          {isApiError(draw.error) && draw.error.status === 404
            ? t('drawProof.notFound')
            : errorMessageOf(draw.error)}
        </Alert>
      </>
    );
  }
  const data = draw.data;
  const command = `npm run verify-draw -- ${window.location.origin}/draw/${encodeURIComponent(data.id)}`;
  const tone = drawStatusTone(data);
  return (
    <>
      {title}
      <Stack gap="lg" maw={960}>
        <Group gap="xs" wrap="wrap">
          <Text>
            {t('drawProof.lead', {
              streamer: data.streamerName,
              campaign: data.campaignTitle,
              round: data.round,
            })}
          </Text>
          <Badge variant="filled" color={`${tone.color}.${tone.shade}`} c={tone.text}>
            {t(`drawProof.status.${historyStatusOf(data)}`)}
          </Badge>
        </Group>
        {data.redrawOf && (
          <Text size="sm">
            {t('drawProof.redrawOf')}{' '}
            <Anchor component={Link} to={`/draw/${encodeURIComponent(data.redrawOf)}`}>
              {data.redrawOf}
            </Anchor>
          </Text>
        )}
        {data.redraws.length > 0 && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('drawProof.redraws')}:</Text>
            {data.redraws.map((redraw) => (
              <Anchor key={redraw} component={Link} to={`/draw/${encodeURIComponent(redraw)}`} size="sm">
                {redraw}
              </Anchor>
            ))}
          </Group>
        )}
        <Card withBorder padding="md">
          <Stack gap="sm">
            <CopyableValue
              label={t('drawProof.commitment')}
              value={data.commitment}
              testId="proof-commitment"
            />
            {data.entrantsHash && (
              <CopyableValue label={t('drawProof.entrantsHash')} value={data.entrantsHash} />
            )}
            {data.beacon && (
              <CopyableValue
                label={t('drawProof.beacon', { source: data.beacon.source, round: data.beacon.round })}
                value={data.beacon.value}
              />
            )}
          </Stack>
        </Card>
        {data.status === 'failed' && (
          <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
            {t('drawProof.failed', { reason: t(`drawHistory.failure.${data.failureCode ?? 'other'}`) })}
          </Alert>
        )}
        {data.withheld && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            role="alert"
            data-testid="withheld"
          >
            {withheldText(data.withheld, t as HistoryTranslate, i18n.language)}
          </Alert>
        )}
        {!data.withheld && (data.status === 'open' || data.status === 'closed') && (
          <Alert color="blue" icon={<IconClock size={20} aria-hidden />} data-testid="waiting-beacon">
            {t('drawProof.waiting')}
          </Alert>
        )}
        {data.status === 'revealed' && <WinnersCard draw={data} />}
        <Card withBorder padding="md" component="section" aria-labelledby="how-heading">
          <Title order={2} size="h4" id="how-heading" mb="xs">
            {t('drawProof.howTitle')}
          </Title>
          <Text size="sm" mb="xs">
            {t('drawProof.howBody')}
          </Text>
          <CopyableValue label="verify-draw" value={command} testId="verify-command" />
        </Card>
        <DrawHistory draws={data.history} currentId={data.id} />
        <FreezeRule draw={data} />
        {/* Last: the in-browser check grows when it finishes, and nothing below it may move (CLS). */}
        {data.status === 'revealed' && <RevealedProof draw={data} />}
      </Stack>
    </>
  );
}
