import { Alert, Code, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { errorMessageOf } from '../../../lib/toast';
import { explainRevert, parseRevertReason } from '../tokens/token-helpers';

/**
 * A failed call shown next to its form: 422 = the contract refused (revert reason explained when known, the raw
 * reason always shown), 400 = invalid input (the server's message), 404/503 and others their message.
 */
export function FormError({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = errorMessageOf(error);
  const status = isApiError(error) ? error.status : 0;
  // The contract's revert is in the server's own words (the chain's), not in the translated text.
  const raw = isApiError(error) ? error.message : '';
  const revert = status === 422 ? parseRevertReason(raw) : null;
  const explained = revert ? explainRevert(revert) : null;
  // The keys are checked by the i18n parity test; their variables differ per custom error.
  const translate = t as unknown as (key: string, values: Record<string, string>) => string;
  let title = t('operatorTokens.errors.failed');
  if (status === 422) title = t('operatorTokens.errors.refused');
  else if (status === 400) title = t('operatorTokens.errors.invalid');
  else if (status === 404) title = t('operatorTokens.errors.notFound');
  else if (status === 503) title = t('operatorTokens.errors.unavailable');
  return (
    <Alert
      color="red"
      variant="light"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={title}
      role="alert"
      data-testid={testId ?? 'form-error'}
    >
      <Stack gap={4}>
        {explained && (
          <Text size="sm" data-testid="revert-explained">
            {translate(`operatorTokens.revert.${explained.key}`, explained.values)}
          </Text>
        )}
        {revert ? (
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="revert-reason"
          >
            {raw}
          </Code>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        )}
        {isApiError(error) && error.details && error.details.length > 0 && (
          <Stack gap={0} component="ul" m={0} pl="md">
            {error.details.map((detail) => (
              <Text size="sm" component="li" key={`${detail.field}:${detail.message}`}>
                <Code>{detail.field}</Code> {detail.message}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
