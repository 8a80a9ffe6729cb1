import { Alert, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/** The distinct messages of a Mantine form's errors, in field order. */
export function errorMessagesOf(errors: Record<string, unknown>): string[] {
  return [...new Set(Object.values(errors).filter(Boolean).map(String))];
}

/**
 * The summary at the top of a long form after a failed submit (issue 22): how many fields to fix and what each
 * says. `focusFirstInvalid` lands on it (`data-form-summary`) when no field itself is marked invalid.
 */
export function FormErrorSummary({ messages, testId }: { messages: string[]; testId: string }) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  return (
    <Alert
      color="red"
      title={t('journey.formErrors', { n: messages.length })}
      data-form-summary
      tabIndex={-1}
      data-testid={testId}
    >
      {messages.map((message) => (
        <Text key={message} size="sm">
          {message}
        </Text>
      ))}
    </Alert>
  );
}
