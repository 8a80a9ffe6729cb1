import type { BeaconProblem, DrawCheck, RecordProblem } from '@hanabi/draw';
import { BEACON_SIGNED, RECORD_MATCHES } from '@hanabi/draw/phrases';
import { Badge, Code, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { beaconProblemText, recordProblemText } from '../beacon-verdict-text';

/** Long values (a winner list over many keys) are cut so the table stays readable; copy them from above. */
function clip(value: string): string {
  return value.length > 400 ? `${value.slice(0, 400)}…` : value;
}

/**
 * The verifier's English phrases in the reader's language: the beacon's and the record's (their failures from the
 * problems' codes) and the entrant list's; other values are data.
 */
export function inWords(
  name: DrawCheck['name'],
  value: string,
  t: TFunction,
  beaconProblem?: BeaconProblem | null,
  recordProblems: RecordProblem[] = [],
): string {
  if (name === 'beacon') {
    if (value === BEACON_SIGNED) return t('drawProof.beaconSigned');
    return beaconProblem ? beaconProblemText(beaconProblem, t) : value;
  }
  if (name === 'record') {
    if (value === RECORD_MATCHES) return t('drawProof.recordMatches');
    if (recordProblems.length === 0) return value;
    return recordProblems.map((problem) => recordProblemText(problem, t)).join('; ');
  }
  if (name !== 'entrants') return value;
  const sorted = /^(\d+) distinct, sorted$/.exec(value);
  if (sorted) return t('drawProof.entrantsSorted', { count: Number(sorted[1]) });
  if (value === 'not distinct and sorted') return t('drawProof.entrantsNotSorted');
  return value;
}

/** Each step of the recomputation, with what was published and what this browser computed. */
export function ProofChecks({
  checks,
  beaconProblem = null,
  recordProblems = [],
}: {
  checks: DrawCheck[];
  /** Why the beacon failed, when it did: its row says so in the reader's language. */
  beaconProblem?: BeaconProblem | null;
  /** Why the public record does not hold, when it does not: the same for its row. */
  recordProblems?: RecordProblem[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('drawProof.checks')}
      </Title>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (WCAG 2.1.1), and named. */}
      <Table.ScrollContainer
        minWidth={520}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('drawProof.checks') },
        }}
      >
        <Table verticalSpacing="xs" data-testid="proof-checks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('drawProof.expected')}</Table.Th>
              <Table.Th>{t('drawProof.actual')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {checks.map((check, index) => (
              <Table.Tr key={`${check.name}-${index}`} data-testid={`check-${check.name}`} data-ok={check.ok}>
                <Table.Td>
                  <Badge
                    color={check.ok ? 'teal.9' : 'red.9'}
                    variant="filled"
                    leftSection={
                      check.ok ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />
                    }
                  >
                    {check.ok ? t('drawProof.ok') : t('drawProof.ng')}
                  </Badge>
                  <Text size="sm" fw={500} mt={4}>
                    {t(`drawProof.check.${check.name}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {clip(inWords(check.name, check.expected, t))}
                  </Code>
                </Table.Td>
                <Table.Td>
                  <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {clip(inWords(check.name, check.actual, t, beaconProblem, recordProblems))}
                  </Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
