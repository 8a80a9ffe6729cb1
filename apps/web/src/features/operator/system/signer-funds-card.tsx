import type { SignerFunds } from '@hanabi/api';
import { LineChart } from '@mantine/charts';
import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CenteredLoader } from '../../../components/centered-loader';
import { formatDateTime } from '../../../lib/format';
import { Link } from 'wouter';
import { useTranslation } from '../../../lib/i18n';
import { errorMessageOf } from '../../../lib/toast';
import { coins, gwei, useSignerFunds } from './signer-funds-api';

const WARNING_COLOR = { soon: 'yellow', low: 'orange', empty: 'red', unknown: 'gray' } as const;

/**
 * Says so when the signer needs topping up (or the chain did not answer); nothing when all is well. On the system
 * page, and on the dashboard with a link to it, so the operator hears before deliveries stop.
 */
export function SignerFundsAlert({ funds, linkToSystem }: { funds: SignerFunds; linkToSystem?: boolean }) {
  const { t, i18n } = useTranslation();
  if (funds.warning === 'none') return null;
  const when = funds.runsOutAt ? formatDateTime(funds.runsOutAt, i18n.language) : '';
  return (
    <Alert
      color={WARNING_COLOR[funds.warning]}
      variant="light"
      role="alert"
      title={t(`signerFunds.warnings.${funds.warning}.title`)}
      // The light variant's tinted title falls short of AA contrast on its own tint (as in the token tools).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="signer-funds-warning"
      data-warning={funds.warning}
    >
      <Stack gap={4}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t(`signerFunds.warnings.${funds.warning}.body`, { when, signer: funds.signer })}
        </Text>
        {linkToSystem && (
          <Anchor component={Link} to="/operator/system" size="sm">
            {t('signerFunds.open')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** The dashboard's word on the signer: the warning with a link to the system page, or nothing. */
export function SignerFundsNotice() {
  const query = useSignerFunds();
  return query.data ? <SignerFundsAlert funds={query.data} linkToSystem /> : null;
}

/** The signer's balance now, what it pays for, the 14-day trend and when it runs out at the recent pace. */
export function SignerFundsCard() {
  const { t, i18n } = useTranslation();
  const query = useSignerFunds();
  const funds = query.data;
  const number = (value: number, digits = 0) =>
    value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  return (
    <Card withBorder padding="md" data-testid="signer-funds">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('signerFunds.title')}
        </Title>
        {query.isPending && <CenteredLoader />}
        {query.isError && <Alert color="red">{errorMessageOf(query.error)}</Alert>}
        {funds && (
          <>
            <SignerFundsAlert funds={funds} />
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {t('signerFunds.signer', { signer: funds.signer, chainId: funds.chainId })}
            </Text>
            {funds.current && (
              <Group gap="xl" wrap="wrap" align="flex-end">
                <div>
                  <Text size="xs" c="dimmed" fw={600}>
                    {t('signerFunds.balance')}
                  </Text>
                  <Text fz={28} fw={700} lh={1.2} data-testid="signer-funds-balance">
                    {number(coins(funds.current.balanceWei), 4)}
                  </Text>
                </div>
                <Text size="sm" data-testid="signer-funds-covers">
                  {funds.current.covers
                    ? t('signerFunds.covers', {
                        deliveries: number(funds.current.covers.deliveries),
                        draws: number(funds.current.covers.draws),
                        gwei: number(gwei(funds.current.gasPriceWei), 3),
                      })
                    : t('signerFunds.freeGas')}
                </Text>
              </Group>
            )}
            <Text size="sm" data-testid="signer-funds-pace">
              {funds.spendPerDayWei === null
                ? t('signerFunds.paceUnknown')
                : funds.runsOutAt
                  ? t('signerFunds.pace', {
                      perDay: number(coins(funds.spendPerDayWei), 4),
                      when: formatDateTime(funds.runsOutAt, i18n.language),
                    })
                  : t('signerFunds.notSpending')}
            </Text>
            {funds.samples.length > 1 && (
              <Text size="xs" c="dimmed" fw={600}>
                {t('signerFunds.trend')}
              </Text>
            )}
            {funds.samples.length > 1 && (
              <LineChart
                h={200}
                data={funds.samples.map((sample) => ({
                  at: formatDateTime(sample.at, i18n.language),
                  balance: coins(sample.balanceWei),
                }))}
                dataKey="at"
                series={[{ name: 'balance', color: 'orange.7', label: t('signerFunds.balance') }]}
                withDots={false}
                tickLine="y"
                xAxisProps={{ minTickGap: 48 }}
                valueFormatter={(value) => number(value, 4)}
              />
            )}
            <Text size="xs" c="dimmed">
              {t('signerFunds.note')}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
