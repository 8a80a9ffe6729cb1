import type { DoctorCheck, DoctorStatus } from '@hanabi/api';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { CenteredLoader } from '../../../components/centered-loader';
import { PageTitle } from '../../../components/page-title';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { errorMessageOf } from '../../../lib/toast';
import { ProjectQuotaCard } from '../components/project-quota-card';
import { SignerFundsCard } from '../system/signer-funds-card';
import { useSystemCheck } from '../system/system-check-api';

// Filled, dark shades with autoContrast: the light variant's tinted text falls short of WCAG AA contrast.
const STATUS_COLOR: Record<DoctorStatus, string> = {
  ok: 'teal.9',
  fail: 'red.9',
  warn: 'yellow.5',
  skip: 'gray.7',
};
const STATUS_MARK: Record<DoctorStatus, string> = { ok: '✓', fail: '✗', warn: '!', skip: '–' };

function CheckCard({ check }: { check: DoctorCheck }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid={`doctor-check-${check.id}`} data-status={check.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t(`doctor.checks.${check.id}`)}</Text>
          <Group gap={6}>
            {check.status !== 'skip' && (
              <Text size="xs" c="dimmed">
                {check.required ? t('doctor.required') : t('doctor.optional')}
              </Text>
            )}
            <Badge
              color={STATUS_COLOR[check.status]}
              variant="filled"
              autoContrast
              style={{ minWidth: 'max-content' }}
            >
              <span aria-hidden>{STATUS_MARK[check.status]} </span>
              {t(`doctor.status.${check.status}`)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {check.summary}
        </Text>
        {check.details.length > 0 && (
          <Text
            component="ul"
            size="xs"
            c="dimmed"
            ff="monospace"
            m={0}
            pl="md"
            style={{ overflowWrap: 'anywhere' }}
          >
            {check.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </Text>
        )}
        {check.fix && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {t('doctor.fix')}:
            </Text>{' '}
            {check.fix}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * `/operator/system`: the signer's funds and today's YouTube quota (what runs out), then the doctor's report on this
 * deployment (`npm run doctor` on the command line).
 */
export function OperatorSystemPage() {
  const { t, i18n } = useTranslation();
  const check = useSystemCheck();
  const report = check.data;
  const failed = report?.checks.filter((line) => line.required && line.status === 'fail').length ?? 0;
  return (
    <Stack gap="md">
      <div>
        <PageTitle>{t('doctor.title')}</PageTitle>
        <Text c="dimmed">{t('doctor.intro')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SignerFundsCard />
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('signerFunds.quotaTitle')}
          </Title>
          <ProjectQuotaCard />
        </Stack>
      </SimpleGrid>
      <Title order={2} size="h4">
        {t('doctor.reportTitle')}
      </Title>
      <Group>
        <Button
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void check.refetch()}
          loading={check.isFetching}
          variant="light"
        >
          {t('doctor.run')}
        </Button>
      </Group>
      {check.isFetching && (
        <Text size="sm" c="dimmed" role="status">
          {t('doctor.running')}
        </Text>
      )}
      {check.isPending && <CenteredLoader />}
      {check.isError && (
        <Alert color="red" title={t('doctor.failed')}>
          {errorMessageOf(check.error)}
        </Alert>
      )}
      {report && (
        <>
          <Alert color={report.ok ? 'teal' : 'red'} data-testid="doctor-summary">
            <Text fw={600}>
              {report.ok ? t('doctor.allPassed') : t('doctor.someFailed', { count: failed })}
            </Text>
            <Text size="sm">
              {t('doctor.checkedAt', {
                time: formatDateTime(report.checkedAt, i18n.language),
                mode: t(`doctor.modes.${report.mode}`),
              })}
            </Text>
          </Alert>
          <Stack gap="sm">
            {report.checks.map((line) => (
              <CheckCard key={line.id} check={line} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
