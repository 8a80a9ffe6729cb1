import { ActionIcon, Code, CopyButton, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';

/** A long value (hash, address, CID, URI) in monospace that wraps anywhere, with a copy button. */
export function CopyableMono({
  value,
  label,
  testId,
  short = false,
}: {
  value: string;
  label: string;
  testId?: string;
  /** Show `0x1234…abcd` (the full value in a tooltip and in what is copied). */
  short?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      {short ? (
        <Tooltip label={value} withArrow>
          {/* The full value is read after the short one (an aria-label would replace the visible text). */}
          <Code tabIndex={0} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
            {value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value}
            {value.length > 14 && <VisuallyHidden> {value}</VisuallyHidden>}
          </Code>
        </Tooltip>
      ) : (
        <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }} data-testid={testId}>
          {value}
        </Code>
      )}
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('operatorTokens.copied') : t('operatorTokens.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={t('operatorTokens.copyLabel', { label })}
              size="sm"
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
