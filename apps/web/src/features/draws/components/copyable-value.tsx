import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
              <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('drawProof.copy')}: ${label}`}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
