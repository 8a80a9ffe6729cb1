import { ActionIcon, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n';

// The tooltip (Mantine Tooltip and floating-ui, ~20 KiB gzip) is not in the proof page's first load (decision 0120):
// the button shows at once and gains its tooltip when the chunk arrives, as the like button does (0103).
const Tooltip = lazy(async () => ({
  default: (await import('../../../components/lazy-tooltip')).LazyTooltip,
}));

/** A published value (hash, seed, beacon) in monospace, wrapped anywhere, with a copy button. */
export function CopyableValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Code
          block
          style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          data-testid={testId}
        >
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => {
            const button = (
              <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('drawProof.copy')}: ${label}`}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            );
            return (
              <Suspense fallback={button}>
                <Tooltip label={copied ? t('common.copied') : t('common.copy')}>{button}</Tooltip>
              </Suspense>
            );
          }}
        </CopyButton>
      </Group>
    </Stack>
  );
}
